import { useState, type FormEvent } from 'react';
import type { TDisplaySettings } from '@pano/contract';
import { tr } from '../../i18n/tr';
import { errorMessage } from '../../lib/api-error';
import { Banner, Button, Card, TextField } from '../../components/ui';
import { useSaveDisplaySettings } from './api/use-save-display-settings';
import { defaultDraft, draftFromSettings, toDisplayBody, toHexColor, type DisplayDraft, type DisplayErrors } from './display-settings-form-model';

type ColorKey = 'backgroundColor' | 'textColor';

/** The ticker bar's look on every screen of this customer (GET/PUT /api/settings). */
export function DisplaySettingsCard({ settings }: { settings: TDisplaySettings }) {
  const t = tr.settings;
  const [draft, setDraft] = useState<DisplayDraft>(() => draftFromSettings(settings));
  const [errors, setErrors] = useState<DisplayErrors>({});
  const save = useSaveDisplaySettings();
  const busy = save.isPending;

  const update = (patch: Partial<DisplayDraft>) => {
    setDraft((d) => ({ ...d, ...patch }));
    setErrors((e) => ({ ...e, ...Object.fromEntries(Object.keys(patch).map((k) => [k, undefined])) }));
    // A save under way still reports its outcome; typing only clears a finished one's.
    if (!save.isPending) save.reset();
  };

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = toDisplayBody(draft);
    if ('errors' in parsed) {
      setErrors(parsed.errors);
      return;
    }
    save.mutate(parsed.body, { onSuccess: (saved) => setDraft(draftFromSettings(saved)) });
  };

  const colorField = (key: ColorKey, label: string) => (
    <div className="color-field">
      <TextField label={label} name={key} value={draft[key]} hint={t.colorHint} error={errors[key]} maxLength={64}
        onChange={(e) => update({ [key]: e.target.value })} />
      <input type="color" className="color-swatch" aria-label={t.pickColor(label)} value={toHexColor(draft[key])}
        onChange={(e) => update({ [key]: e.target.value })} />
    </div>
  );

  // The preview uses only what would pass validation, so a half-typed colour cannot break the page.
  const valid = !('errors' in toDisplayBody(draft));
  const shown = valid ? draft : draftFromSettings(settings);
  return (
    <Card aria-labelledby="display-title">
      <h2 id="display-title" className="card-title">{t.displayTitle}</h2>
      <p className="muted">{t.displayLead}</p>
      {save.isSuccess && <Banner tone="success" onDismiss={save.reset}>{t.displaySaved}</Banner>}
      {save.isError && <Banner tone="error" onDismiss={save.reset}>{errorMessage(save.error, t.displayError)}</Banner>}
      <form className="form" onSubmit={onSubmit} noValidate>
        <label className="checkbox-line">
          <input type="checkbox" name="showDirectionBar" checked={draft.showDirectionBar}
            onChange={(e) => update({ showDirectionBar: e.target.checked })} />
          <span>{t.showDirectionBar}</span>
        </label>
        <div className="form-row">
          {colorField('backgroundColor', t.backgroundColor)}
          {colorField('textColor', t.textColor)}
        </div>
        <div className="form-row">
          <TextField label={t.barHeight} name="barHeight" type="number" min={20} max={300} step={1} inputMode="numeric"
            value={draft.barHeight} error={errors.barHeight} onChange={(e) => update({ barHeight: e.target.value })} />
          <TextField label={t.fontSize} name="fontSize" type="number" min={8} max={200} step={1} inputMode="numeric"
            value={draft.fontSize} error={errors.fontSize} onChange={(e) => update({ fontSize: e.target.value })} />
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
          <Button variant="ghost" onClick={() => update(defaultDraft())} disabled={busy}>{t.resetDefaults}</Button>
        </div>
      </form>
    </Card>
  );
}
