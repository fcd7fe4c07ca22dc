import { useQueryClient } from '@tanstack/react-query';
import { ZDeleteAccountRequest } from '@pano/contract';
import { trTeam } from '../../i18n/tr-team';
import { errorMessage } from '../../lib/api-error';
import { useZodForm } from '../../lib/use-zod-form';
import { useSession } from '../../stores/session-store';
import { Banner, Button, Card, Form, TextField, showConfirm } from '../../components/ui';
import { useTwoFactorStatus } from '../../api/two-factor.api';
import { useDeleteAccount } from './api/use-team';

const t = trTeam;

/**
 * 'Hesabı Sil', for the owner only (docs/PRODUCT.md#team): the password (and the two-factor code
 * when the owner has it on), a confirmation, then the account is gone for everyone and this
 * session ends (the guard shows /login).
 */
export function DeleteAccountCard({ accountName }: { accountName: string }) {
  const remove = useDeleteAccount();
  const qc = useQueryClient();
  const logout = useSession((s) => s.logout);
  const form = useZodForm(ZDeleteAccountRequest, { password: '' });
  const twoFactorOn = useTwoFactorStatus().data?.enabled === true;
  const send = form.handleSubmit(async (body) => {
    if (!(await showConfirm(t.deleteConfirm(accountName), { title: t.deleteTitle, confirmLabel: t.deleteSubmit, danger: true }))) return;
    remove.reset();
    await remove.mutateAsync(body, {
      onSuccess: () => {
        qc.clear();
        logout();
      },
    });
  });
  return (
    <Card aria-labelledby="team-delete-title" className="team-delete">
      <h2 id="team-delete-title" className="card-title">{t.deleteTitle}</h2>
      <p>{t.deleteLead}</p>
      <p className="muted">{t.deleteKept}</p>
      <Form className="form team-delete-form" onSubmit={send}>
        {remove.isError && <Banner tone="error" onDismiss={remove.reset}>{errorMessage(remove.error, t.deleteError)}</Banner>}
        <TextField label={t.deletePassword} type="password" autoComplete="current-password" required
          error={form.formState.errors.password?.message} {...form.register('password')} />
        {twoFactorOn && (
          <TextField label={t.deleteCode} hint={t.deleteCodeHint} autoComplete="one-time-code" required
            error={form.formState.errors.code?.message} {...form.register('code')} />
        )}
        <Button type="submit" variant="danger" busy={remove.isPending}>{t.deleteSubmit}</Button>
      </Form>
    </Card>
  );
}
