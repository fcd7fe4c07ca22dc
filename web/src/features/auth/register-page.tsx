import { Link, useNavigate } from 'react-router-dom';
import { ZRegisterRequest } from '@pano/contract';
import { tr } from '../../i18n/tr';
import { errorMessage } from '../../lib/api-error';
import { useZodForm } from '../../lib/use-zod-form';
import { usePageTitle } from '../../lib/use-page-title';
import { Banner, Button, Form, TextField } from '../../components/ui';
import { useRegister } from './api/use-register';

/** docs/PRODUCT.md#register: email + password; success → /login; error = server message or fallback. */
export function RegisterPage() {
  usePageTitle(tr.auth.registerTitle);
  const navigate = useNavigate();
  const form = useZodForm(ZRegisterRequest, { email: '', password: '' });
  const { errors } = form.formState;
  const register = useRegister();

  const send = form.handleSubmit(({ email, password }) => register.mutateAsync({ email, password }, {
    onSuccess: () => void navigate('/login', { replace: true, state: { registered: true } }),
  }));

  return (
    <div className="auth-page">
      <div className="auth-card card">
        <h1 className="auth-title">{tr.auth.registerTitle}</h1>
        <p className="auth-lead">{tr.auth.registerLead}</p>
        <Form className="form" onSubmit={send}>
          {register.isError && <Banner tone="error">{errorMessage(register.error, tr.auth.registerFailed)}</Banner>}
          <TextField label={tr.auth.email} type="email" autoComplete="email" required error={errors.email?.message} {...form.register('email')} />
          <TextField label={tr.auth.password} type="password" autoComplete="new-password" required error={errors.password?.message}
            {...form.register('password')} />
          <Button type="submit" block busy={register.isPending || register.isSuccess} busyText={tr.auth.registerBusy}>{tr.auth.registerSubmit}</Button>
        </Form>
        <footer className="auth-footer">
          {tr.auth.haveAccount} <Link to="/login">{tr.auth.loginLink}</Link>
        </footer>
      </div>
    </div>
  );
}
