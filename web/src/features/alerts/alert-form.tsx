import { useRef, type ReactNode } from 'react';
import { useWatch, type UseFormReturn } from 'react-hook-form';
import type { TMedia, TScreen, TScreenGroup } from '@pano/contract';
import { ALERT_DURATION_MAX } from '@pano/contract';
import { tr } from '../../i18n/tr';
import { focusFirstInvalid } from '../../lib/form-errors';
import { isImage, thumbnailUrl } from '../../lib/media-url';
import { CheckList, Form, SelectField, TextAreaField, TextField } from '../../components/ui';
import { useCan } from '../../stores/use-can';
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

type Props<Out> = {
  id: string;
  /** The form's state: useZodForm with the send's or the template's draft schema (alert-draft.ts). */
  form: UseFormReturn<AlertDraft, unknown, Out>;
  /** Sends the checked body; its promise holds the form's single flight. */
  onSend: (body: Out) => Promise<unknown>;
  screens: TScreen[];
  groups: TScreenGroup[];
  media: TMedia[];
  /** A template's name field, above the rest. */
  nameField?: boolean;
  footer?: ReactNode;
};

/** Title, text, targets, duration, colours, image and sound of an alert or a template, with a live preview. */
export function AlertForm<Out>({ id, form, onSend, screens, groups, media, nameField, footer }: Props<Out>) {
  const ref = useRef<HTMLFormElement>(null);
  const { register, setValue, clearErrors, formState: { errors } } = form;
  const draft = useWatch({ control: form.control }) as AlertDraft;
  const images = media.filter(isImage);
  // 'Tüm ekranlar' is refused to a member limited to screen groups (docs/architecture/accounts.md#screen-group-limits).
  const everyScreen = useCan('publisher', { allScreens: true });
  // Whom it is for is one choice: a change of any part of it answers the message.
  const clearTargets = () => clearErrors(['all', 'screens', 'groups']);
  const pick = (field: 'screens' | 'groups') => (ids: string[]) => {
    setValue(field, ids);
    clearTargets();
  };
  // The targets are no input react-hook-form holds: a lone box first at fault is focused as before.
  const focusFirst = (found: object) => {
    if (ref.current) focusFirstInvalid(ref.current, found);
  };
  const targetError = (errors.screens ?? errors.groups ?? errors.all)?.message;

  return (
    <Form id={id} ref={ref} className="form alert-form" onSubmit={form.handleSubmit(onSend, focusFirst)}>
      <div className="alert-form-fields">
        {nameField && (
          <TextField label={t.templateNameLabel} placeholder={t.templateNamePlaceholder} maxLength={100}
            error={errors.name?.message} {...register('name')} />
        )}
        <TextField label={t.titleLabel} placeholder={t.titlePlaceholder} maxLength={100} error={errors.title?.message} {...register('title')} />
        <TextAreaField label={t.messageLabel} rows={3} maxLength={1000} error={errors.message?.message} {...register('message')} />
        <fieldset className={`field alert-targets${targetError ? ' field-invalid' : ''}`} aria-describedby={targetError ? `${id}-targets-error` : undefined}>
          <legend className="field-label">{t.targetsLabel}</legend>
          {everyScreen && (
            <label className="alert-check alert-all">
              <input type="checkbox" {...register('all', { onChange: clearTargets })} />
              <span>{t.allScreens}</span>
            </label>
          )}
          <div className="alert-targets-pick">
            <CheckList legend={t.groupsLabel} name="groups" items={groups} selected={draft.groups} empty={t.noGroups} disabled={draft.all}
              onChange={pick('groups')} />
            <CheckList legend={t.screensLabel} name="screens" items={screens} selected={draft.screens} empty={t.noScreens} disabled={draft.all}
              onChange={pick('screens')} />
          </div>
          {targetError && <p className="field-error" id={`${id}-targets-error`} role="alert">{targetError}</p>}
        </fieldset>
        <div className="form-row alert-duration">
          <TextField label={t.durationLabel} type="number" inputMode="numeric" min={1} max={ALERT_DURATION_MAX}
            error={(errors.durationMinutes ?? errors.untilEnded)?.message} disabled={draft.untilEnded} {...register('durationMinutes')} />
          <label className="alert-check alert-until">
            <input type="checkbox" {...register('untilEnded', { onChange: () => clearErrors('durationMinutes') })} />
            <span>{t.untilEnded}</span>
          </label>
        </div>
        <div className="form-row">
          <TextField label={t.backgroundLabel} type="color" error={errors.background?.message} {...register('background')} />
          <TextField label={t.textColorLabel} type="color" error={errors.textColor?.message} {...register('textColor')} />
        </div>
        <SelectField label={t.mediaLabel} error={errors.mediaId?.message} {...register('mediaId')}>
          <option value="">{t.mediaNone}</option>
          {images.map((m) => <option key={m._id} value={m._id}>{m.name}</option>)}
        </SelectField>
        <label className="alert-check">
          <input type="checkbox" {...register('sound')} />
          <span>{t.soundLabel}</span>
        </label>
        {footer}
      </div>
      <AlertPreview draft={draft} media={images.find((m) => m._id === draft.mediaId)} />
    </Form>
  );
}
