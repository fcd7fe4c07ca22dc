import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { ZResetPasswordRequest } from '@pano/contract';
import { trPassword } from '../../i18n/tr-password';
import { errorMessage } from '../../lib/api-error';
import { useZodForm } from '../../lib/use-zod-form';
import { usePageTitle } from '../../lib/use-page-title';
import { Banner, Button, Form, TextField } from '../../components/ui';
import { useResetPassword } from './api/use-password-reset';

/** The form checks the password with the contract's rule; the token comes from the link. */
const ZNewPasswordForm = ZResetPasswordRequest.pick({ password: true });

/**
 * docs/PRODUCT.md#forgot-password: the mailed link (`/sifre-sifirla?token=…`) opens this page; a
 * new password is set once, then /login says so. Public, no guard: the link may be opened in a
 * browser that is still signed in, and the reset ends that session anyway.
 */
export function ResetPasswordPage() {
  usePageTitle(trPassword.resetTitle);
  const navigate = useNavigate();
  const token = useSearchParams()[0].get('token') ?? '';
  const form = useZodForm(ZNewPasswordForm, { password: '' });
  const { errors } = form.formState;
  const reset = useResetPassword();

  const send = form.handleSubmit(({ password }) => reset.mutateAsync({ token, password }, {
    onSuccess: () => void navigate('/login', { replace: true, state: { passwordReset: true } }),
  }));

  return (
    <div className="auth-page">
      <div className="auth-card card">
        <h1 className="auth-title">{trPassword.resetTitle}</h1>
        {token ? (
          <>
            <p className="auth-lead">{trPassword.resetLead}</p>
            <Form className="form" onSubmit={send}>
              {reset.isError && <Banner tone="error">{errorMessage(reset.error, trPassword.resetFailed)}</Banner>}
              <TextField label={trPassword.newPassword} type="password" autoComplete="new-password" required error={errors.password?.message}
                {...form.register('password')} />
              <Button type="submit" block busy={reset.isPending || reset.isSuccess} busyText={trPassword.resetBusy}>{trPassword.resetSubmit}</Button>
            </Form>
          </>
        ) : (
          <Banner tone="error">{trPassword.resetNoToken}</Banner>
        )}
        <footer className="auth-footer">
          <Link to="/sifremi-unuttum">{trPassword.resetNewLink}</Link>
        </footer>
      </div>
    </div>
  );
}
