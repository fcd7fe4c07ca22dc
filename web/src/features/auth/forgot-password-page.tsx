import { Link } from 'react-router-dom';
import { ZForgotPasswordRequest } from '@pano/contract';
import { tr } from '../../i18n/tr';
import { trPassword } from '../../i18n/tr-password';
import { errorMessage } from '../../lib/api-error';
import { useZodForm } from '../../lib/use-zod-form';
import { usePageTitle } from '../../lib/use-page-title';
import { Banner, Button, Form, TextField } from '../../components/ui';
import { useForgotPassword } from './api/use-password-reset';

/**
 * docs/PRODUCT.md#forgot-password: an address in, the server's confirmation out. The server
 * answers every address the same, so the page says the same to everyone too.
 */
export function ForgotPasswordPage() {
  usePageTitle(trPassword.forgotTitle);
  const form = useZodForm(ZForgotPasswordRequest, { email: '' });
  const { errors } = form.formState;
  const forgot = useForgotPassword();

  return (
    <div className="auth-page">
      <div className="auth-card card">
        <h1 className="auth-title">{trPassword.forgotTitle}</h1>
        {forgot.isSuccess ? (
          <>
            <Banner tone="success">{forgot.data.message}</Banner>
            <Button variant="ghost" block onClick={() => { forgot.reset(); form.reset(); }}>{trPassword.forgotAgain}</Button>
          </>
        ) : (
          <>
            <p className="auth-lead">{trPassword.forgotLead}</p>
            <Form className="form" onSubmit={form.handleSubmit((body) => forgot.mutateAsync(body))}>
              {forgot.isError && <Banner tone="error">{errorMessage(forgot.error, trPassword.forgotFailed)}</Banner>}
              <TextField label={tr.auth.email} type="email" autoComplete="email" required error={errors.email?.message} {...form.register('email')} />
              <Button type="submit" block busy={forgot.isPending} busyText={trPassword.forgotBusy}>{trPassword.forgotSubmit}</Button>
            </Form>
          </>
        )}
        <footer className="auth-footer">
          <Link to="/login">{tr.auth.loginLink}</Link>
        </footer>
      </div>
    </div>
  );
}
