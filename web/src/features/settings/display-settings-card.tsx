import { useState, type FormEvent } from 'react';
import type { TDisplaySettings } from '@pano/contract';
import { tr } from '../../i18n/tr';
import { errorMessage } from '../../lib/api-error';
import { Banner, Button, Card, TextField } from '../../components/ui';
import { saveDisplaySettings, useSetDisplaySettingsCache } from './settings.api';
import { defaultDraft, draftFromSettings, toDisplayBody, toHexColor, type DisplayDraft, type DisplayErrors } from './display-settings-form-model';

type ColorKey = 'backgroundColor' | 'textColor';

/** The ticker bar's look on every screen of this customer (GET/PUT /api/settings). */
export function DisplaySettingsCard({ settings }: { settings: TDisplaySettings }) {
  const t = tr.settings;
  const setCache = useSetDisplaySettingsCache();
  const [draft, setDraft] = useState<DisplayDraft>(() => draftFromSettings(settings));
  const [errors, setErrors] = useState<DisplayErrors>({});
  const [result, setResult] = useState<{ ok: boolean; message: string } | null>(null);
  const [busy, setBusy] = useState(false);

  const update = (patch: Partial<DisplayDraft>) => {
    setDraft((d) => ({ ...d, ...patch }));
    setErrors((e) => ({ ...e, ...Object.fromEntries(Object.keys(patch).map((k) => [k, undefined])) }));
    setResult(null);
  };

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    const parsed = toDisplayBody(draft);
    if ('errors' in parsed) {
      setErrors(parsed.errors);
      return;
    }
    setBusy(true);
    try {
      const saved = await saveDisplaySettings(parsed.body);
      setCache(saved);
      setDraft(draftFromSettings(saved));
      setResult({ ok: true, message: t.displaySaved });
    } catch (err) {
      setResult({ ok: false, message: t.displayError + errorMessage(err) });
    } finally {
      setBusy(false);
    }
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
      {result && <Banner tone={result.ok ? 'success' : 'error'} onDismiss={() => setResult(null)}>{result.message}</Banner>}
      <form className="form" onSubmit={(e) => void onSubmit(e)} noValidate>
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
