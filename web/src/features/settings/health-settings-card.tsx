import { useState, type FormEvent } from 'react';
import {
  HEALTH_WARN_MINUTES_DEFAULT, HEALTH_WARN_MINUTES_MAX, HEALTH_WARN_MINUTES_MIN, ZUpdateHealthSettingsRequest,
} from '@pano/contract';
import { tr } from '../../i18n/tr';
import { errorMessage } from '../../lib/api-error';
import { checkFields } from '../../lib/form-errors';
import { Banner, Button, Card, TextField } from '../../components/ui';
import { useSaveHealthSettings } from './api/use-save-health-settings';

/**
 * 'Ekran Uyarıları': how many minutes a screen may be offline or failing before it is
 * 'sorunlu' (docs/PRODUCT.md#screens). Checked with the contract's schema, the one the
 * server applies, so its Turkish messages show under the field.
 */
export function HealthSettingsCard({ warnMinutes }: { warnMinutes: number | undefined }) {
  const t = tr.health;
  const [draft, setDraft] = useState(() => String(warnMinutes ?? HEALTH_WARN_MINUTES_DEFAULT));
  const [fieldMessage, setFieldMessage] = useState<string | undefined>();
  const save = useSaveHealthSettings();

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const checked = checkFields(ZUpdateHealthSettingsRequest, { warnMinutes: draft });
    if ('errors' in checked) {
      setFieldMessage(checked.errors.warnMinutes ?? Object.values(checked.errors)[0]);
      return;
    }
    save.mutate({ warnMinutes: Number(checked.data.warnMinutes) }, { onSuccess: (saved) => setDraft(String(saved.warnMinutes)) });
  };

  return (
    <Card aria-labelledby="health-settings-title">
      <h2 id="health-settings-title" className="card-title">{t.settingsTitle}</h2>
      <p className="muted">{t.settingsLead}</p>
      {save.isSuccess && <Banner tone="success" onDismiss={save.reset}>{t.saved}</Banner>}
      {save.isError && <Banner tone="error" onDismiss={save.reset}>{errorMessage(save.error, t.saveError)}</Banner>}
      <form className="form health-settings-form" onSubmit={onSubmit} noValidate>
        <TextField label={t.warnMinutes} name="warnMinutes" type="number" min={HEALTH_WARN_MINUTES_MIN} max={HEALTH_WARN_MINUTES_MAX} step={1} inputMode="numeric"
          value={draft} error={fieldMessage}
          onChange={(e) => {
            setDraft(e.target.value);
            setFieldMessage(undefined);
            if (!save.isPending) save.reset();
          }} />
        <div className="card-actions">
          <Button type="submit" busy={save.isPending} busyText={tr.settings.saving}>{t.save}</Button>
        </div>
      </form>
    </Card>
  );
}
