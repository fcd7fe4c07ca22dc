import {
  HEALTH_WARN_MINUTES_DEFAULT, HEALTH_WARN_MINUTES_MAX, HEALTH_WARN_MINUTES_MIN, ZUpdateHealthSettingsRequest,
} from '@pano/contract';
import { tr } from '../../i18n/tr';
import { errorMessage } from '../../lib/api-error';
import { useZodForm } from '../../lib/use-zod-form';
import { Banner, Button, Card, Form, TextField } from '../../components/ui';
import { useSaveHealthSettings } from './api/use-save-health-settings';

/**
 * 'Ekran Uyarıları': how many minutes a screen may be offline or failing before it is
 * 'sorunlu' (docs/PRODUCT.md#screens). Checked with the contract's schema, the one the
 * server applies, so its Turkish messages show under the field.
 */
export function HealthSettingsCard({ warnMinutes }: { warnMinutes: number | undefined }) {
  const t = tr.health;
  const form = useZodForm(ZUpdateHealthSettingsRequest, { warnMinutes: String(warnMinutes ?? HEALTH_WARN_MINUTES_DEFAULT) });
  const save = useSaveHealthSettings();

  const send = form.handleSubmit((body) => save.mutateAsync(body, {
    onSuccess: (saved) => form.reset({ warnMinutes: String(saved.warnMinutes) }),
  }));

  return (
    <Card aria-labelledby="health-settings-title">
      <h2 id="health-settings-title" className="card-title">{t.settingsTitle}</h2>
      <p className="muted">{t.settingsLead}</p>
      {save.isSuccess && <Banner tone="success" onDismiss={save.reset}>{t.saved}</Banner>}
      {save.isError && <Banner tone="error" onDismiss={save.reset}>{errorMessage(save.error, t.saveError)}</Banner>}
      <Form className="form health-settings-form" onSubmit={send}>
        <TextField label={t.warnMinutes} type="number" min={HEALTH_WARN_MINUTES_MIN} max={HEALTH_WARN_MINUTES_MAX} step={1} inputMode="numeric"
          error={form.formState.errors.warnMinutes?.message}
          {...form.register('warnMinutes', { onChange: () => !save.isPending && save.reset() })} />
        <div className="card-actions">
          <Button type="submit" busy={save.isPending} busyText={tr.settings.saving}>{t.save}</Button>
        </div>
      </Form>
    </Card>
  );
}
