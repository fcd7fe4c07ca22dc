import { useRef, type ReactNode } from 'react';
import type { TMedia, TScreen, TScreenGroup } from '@pano/contract';
import { ALERT_DURATION_MAX } from '@pano/contract';
import { tr } from '../../i18n/tr';
import { isVideo, thumbnailUrl } from '../../lib/media-url';
import { focusFirstInvalid, type FieldErrors } from '../../lib/form-errors';
import { CheckList, Form, SelectField, TextAreaField, TextField } from '../../components/ui';
import type { AlertDraft } from './alert-draft';

const t = tr.alerts;

/** The takeover as the screens will show it, small. */
export function AlertPreview({ draft, media }: { draft: AlertDraft; media: TMedia | undefined }) {
  return (
    <figure className="alert-preview-wrap">
      <figcaption className="field-sublabel">{t.previewLabel}</figcaption>
      <div className="alert-preview" data-testid="alert-preview" style={{ background: draft.background, color: draft.textColor, borderColor: draft.textColor }}>
        {media && <img src={thumbnailUrl(media.filePath)} alt="" />}
        {/* Until typed, a faded stand-in: the field's example ('Örn. …') is no title to show. */}
        <p className={`alert-preview-title${draft.title ? '' : ' alert-preview-empty'}`}>{draft.title || t.previewTitleEmpty}</p>
        <p className={`alert-preview-message${draft.message ? '' : ' alert-preview-empty'}`}>{draft.message || t.previewMessageEmpty}</p>
      </div>
    </figure>
  );
}

type Props = {
  id: string;
  draft: AlertDraft;
  onChange: (next: AlertDraft) => void;
  errors: FieldErrors;
  onErrors: (errors: FieldErrors) => void;
  /** Checks the draft: field errors to show, or the send's promise (no second send until it settles). */
  onSubmit: () => FieldErrors | null | Promise<unknown>;
  screens: TScreen[];
  groups: TScreenGroup[];
  media: TMedia[];
  /** A template's name field, above the rest. */
  nameField?: boolean;
  footer?: ReactNode;
};

/** Title, text, targets, duration, colours, image and sound of an alert or a template, with a live preview. */
export function AlertForm({ id, draft, onChange, errors, onErrors, onSubmit, screens, groups, media, nameField, footer }: Props) {
  const form = useRef<HTMLFormElement>(null);
  const images = media.filter((m) => !isVideo(m));
  const set = <K extends keyof AlertDraft>(field: K, value: AlertDraft[K], ...also: string[]) => {
    onChange({ ...draft, [field]: value });
    const next = { ...errors };
    for (const key of [field, ...also]) delete next[key];
    onErrors(next);
  };
  const text = (field: keyof AlertDraft) => (e: { target: { value: string } }) => set(field, e.target.value as never);
  const submit = () => {
    const found = onSubmit();
    if (found instanceof Promise) return found;
    if (found && form.current) focusFirstInvalid(form.current, found);
  };
  const targetError = errors.screens ?? errors.groups ?? errors.all;

  return (
    <Form id={id} ref={form} className="form alert-form" onSubmit={submit}>
      <div className="alert-form-fields">
        {nameField && (
          <TextField label={t.templateNameLabel} name="name" placeholder={t.templateNamePlaceholder} maxLength={100}
            value={draft.name} onChange={text('name')} error={errors.name} />
        )}
        <TextField label={t.titleLabel} name="title" placeholder={t.titlePlaceholder} maxLength={100}
          value={draft.title} onChange={text('title')} error={errors.title} />
        <TextAreaField label={t.messageLabel} name="message" rows={3} maxLength={1000}
          value={draft.message} onChange={text('message')} error={errors.message} />
        <fieldset className={`field alert-targets${targetError ? ' field-invalid' : ''}`} aria-describedby={targetError ? `${id}-targets-error` : undefined}>
          <legend className="field-label">{t.targetsLabel}</legend>
          <label className="alert-check alert-all">
            <input type="checkbox" name="all" checked={draft.all} onChange={(e) => set('all', e.target.checked, 'screens', 'groups')} />
            <span>{t.allScreens}</span>
          </label>
          <div className="alert-targets-pick">
            <CheckList legend={t.groupsLabel} name="groups" items={groups} selected={draft.groups} empty={t.noGroups} disabled={draft.all}
              onChange={(ids) => set('groups', ids, 'screens', 'all')} />
            <CheckList legend={t.screensLabel} name="screens" items={screens} selected={draft.screens} empty={t.noScreens} disabled={draft.all}
              onChange={(ids) => set('screens', ids, 'groups', 'all')} />
          </div>
          {targetError && <p className="field-error" id={`${id}-targets-error`} role="alert">{targetError}</p>}
        </fieldset>
        <div className="form-row alert-duration">
          <TextField label={t.durationLabel} name="durationMinutes" type="number" inputMode="numeric" min={1} max={ALERT_DURATION_MAX}
            value={draft.duration} onChange={text('duration')} error={errors.durationMinutes ?? errors.untilEnded} disabled={draft.untilEnded} />
          <label className="alert-check alert-until">
            <input type="checkbox" name="untilEnded" checked={draft.untilEnded} onChange={(e) => set('untilEnded', e.target.checked, 'durationMinutes')} />
            <span>{t.untilEnded}</span>
          </label>
        </div>
        <div className="form-row">
          <TextField label={t.backgroundLabel} name="background" type="color" value={draft.background} onChange={text('background')} error={errors.background} />
          <TextField label={t.textColorLabel} name="textColor" type="color" value={draft.textColor} onChange={text('textColor')} error={errors.textColor} />
        </div>
        <SelectField label={t.mediaLabel} name="mediaId" value={draft.mediaId} onChange={text('mediaId')} error={errors.mediaId}>
          <option value="">{t.mediaNone}</option>
          {images.map((m) => <option key={m._id} value={m._id}>{m.name}</option>)}
        </SelectField>
        <label className="alert-check">
          <input type="checkbox" name="sound" checked={draft.sound} onChange={(e) => set('sound', e.target.checked)} />
          <span>{t.soundLabel}</span>
        </label>
        {footer}
      </div>
      <AlertPreview draft={draft} media={images.find((m) => m._id === draft.mediaId)} />
    </Form>
  );
}
