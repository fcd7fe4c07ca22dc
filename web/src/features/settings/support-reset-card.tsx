import { useMutation } from '@tanstack/react-query';
import { ZTwoFactorResetRequest } from '@pano/contract';
import { z } from '@pano/contract/zod';
import { trSecurity as t } from '../../i18n/tr-security';
import { errorMessage } from '../../lib/api-error';
import { useZodForm } from '../../lib/use-zod-form';
import { Banner, Button, Card, Form, TextField, showConfirm } from '../../components/ui';
import { resetTwoFactor } from '../../api/two-factor.api';

/** The form's fields; an empty code is none (two-factor off for the administrator). */
const ZResetDraft = z.object({ email: z.string(), password: z.string(), code: z.string() })
  .transform((d) => ({ email: d.email, password: d.password, ...(d.code.trim() ? { code: d.code } : {}) }))
  .pipe(ZTwoFactorResetRequest);

/**
 * 'Kullanıcı Desteği' on a platform administrator's /settings (docs/architecture/two-factor.md#support-reset):
 * a person who lost their phone and recovery codes gets their two-factor reset, after a confirm.
 */
export function SupportResetCard() {
  const form = useZodForm(ZResetDraft, { email: '', password: '', code: '' });
  const reset = useMutation({ mutationFn: resetTwoFactor });
  const send = form.handleSubmit(async (body) => {
    reset.reset();
    if (!(await showConfirm(t.supportConfirm(body.email), { title: t.supportSubmit, confirmLabel: t.supportSubmit, danger: true }))) return;
    await reset.mutateAsync(body, { onSuccess: () => form.reset() }).catch(() => undefined);
  });
  return (
    <Card aria-labelledby="support-title" className="support-card">
      <h2 id="support-title" className="card-title">{t.supportTitle}</h2>
      <p className="muted">{t.supportLead}</p>
      {reset.isSuccess && <Banner tone="success" onDismiss={() => reset.reset()}>{reset.data.message}</Banner>}
      {reset.isError && <Banner tone="error" onDismiss={() => reset.reset()}>{errorMessage(reset.error, t.supportFailed)}</Banner>}
      <Form className="form" onSubmit={send}>
        <TextField label={t.supportEmail} type="email" autoComplete="off" maxLength={254} error={form.formState.errors.email?.message} {...form.register('email')} />
        <TextField label={t.supportPassword} type="password" autoComplete="current-password" error={form.formState.errors.password?.message} {...form.register('password')} />
        <TextField label={t.supportCode} hint={t.supportCodeHint} autoComplete="one-time-code" inputMode="numeric" error={form.formState.errors.code?.message} {...form.register('code')} />
        <div className="card-actions">
          <Button type="submit" variant="danger-soft" busy={reset.isPending} busyText={t.supportBusy}>{t.supportSubmit}</Button>
        </div>
      </Form>
    </Card>
  );
}
