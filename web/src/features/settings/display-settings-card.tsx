import { useWatch } from 'react-hook-form';
import type { TDisplaySettings } from '@pano/contract';
import { tr } from '../../i18n/tr';
import { errorMessage } from '../../lib/api-error';
import { useZodForm } from '../../lib/use-zod-form';
import { Banner, Button, Card, Form, TextField } from '../../components/ui';
import { useSaveDisplaySettings } from './api/use-save-display-settings';
import { ZDisplayDraft, defaultDraft, draftFromSettings, toHexColor, type DisplayDraft } from './display-settings-form-model';

type ColorKey = 'backgroundColor' | 'textColor';

/** The ticker bar's look on every screen of this customer (GET/PUT /api/settings). */
export function DisplaySettingsCard({ settings }: { settings: TDisplaySettings }) {
  const t = tr.settings;
  const form = useZodForm(ZDisplayDraft, draftFromSettings(settings));
  const draft = useWatch({ control: form.control }) as DisplayDraft;
  const { errors } = form.formState;
  const save = useSaveDisplaySettings();
  const busy = save.isPending;

  // A save under way still reports its outcome; typing only clears a finished one's.
  const typed = () => !save.isPending && save.reset();
  const field = (key: keyof DisplayDraft) => form.register(key, { onChange: typed });
  const setColor = (key: ColorKey, value: string) => {
    form.setValue(key, value);
    form.clearErrors(key);
    typed();
  };
  const resetDefaults = () => {
    form.reset(defaultDraft());
    typed();
  };

  const onSubmit = form.handleSubmit((body) => save.mutateAsync(body, { onSuccess: (saved) => form.reset(draftFromSettings(saved)) }));

  const colorField = (key: ColorKey, label: string) => (
    <div className="color-field">
      <TextField label={label} hint={t.colorHint} error={errors[key]?.message} maxLength={64} {...field(key)} />
      <input type="color" className="color-swatch" aria-label={t.pickColor(label)} value={toHexColor(draft[key])}
        onChange={(e) => setColor(key, e.target.value)} />
    </div>
  );

  // The preview uses only what would pass validation, so a half-typed colour cannot break the page.
  const valid = ZDisplayDraft.safeParse(draft).success;
  const shown = valid ? draft : draftFromSettings(settings);
  return (
    <Card aria-labelledby="display-title">
      <h2 id="display-title" className="card-title">{t.displayTitle}</h2>
      <p className="muted">{t.displayLead}</p>
      {save.isSuccess && <Banner tone="success" onDismiss={save.reset}>{t.displaySaved}</Banner>}
      {save.isError && <Banner tone="error" onDismiss={save.reset}>{errorMessage(save.error, t.displayError)}</Banner>}
      <Form className="form" onSubmit={onSubmit}>
        <label className="checkbox-line">
          <input type="checkbox" {...field('showDirectionBar')} />
          <span>{t.showDirectionBar}</span>
        </label>
        <div className="form-row">
          {colorField('backgroundColor', t.backgroundColor)}
          {colorField('textColor', t.textColor)}
        </div>
        <div className="form-row">
          <TextField label={t.barHeight} type="number" min={20} max={300} step={1} inputMode="numeric"
            error={errors.barHeight?.message} {...field('barHeight')} />
          <TextField label={t.fontSize} type="number" min={8} max={200} step={1} inputMode="numeric"
            error={errors.fontSize?.message} {...field('fontSize')} />
        </div>
        <div className="field">
          <span className="field-label">{t.previewLabel}</span>
          <div className="ticker-sample" aria-hidden="true" data-hidden={!shown.showDirectionBar || undefined}
            style={{ background: shown.backgroundColor, color: shown.textColor, height: `${shown.barHeight}px`, fontSize: `${shown.fontSize}px` }}>
            <span>{t.previewText}</span>
          </div>
        </div>
        <div className="card-actions">
          <Button type="submit" busy={busy} busyText={t.saving}>{t.saveDisplay}</Button>
          <Button variant="ghost" onClick={resetDefaults} disabled={busy}>{t.resetDefaults}</Button>
        </div>
      </Form>
    </Card>
  );
}
