import type { TLoginResponse, TLoginSecondStep } from '@pano/contract';
import { tr } from '../../i18n/tr';
import { errorMessage } from '../../lib/api-error';
import { lazySchema } from '../../lib/lazy-schema';
import { useZodForm } from '../../lib/use-zod-form';
import { Banner, Button, Form, TextField } from '../../components/ui';
import { useLogin } from './api/use-login';

/** The schema (with zod) when the form is first focused or sent, not with the page: docs/PERFORMANCE.md#contract-chunks. */
const loginSchema = lazySchema(async () => (await import('./login-schema')).ZLoginRequest);

/** docs/PRODUCT.md#login: 'Giriş Yapılıyor...' while busy; error = server message or 'Email veya şifre hatalı'. */
export function LoginForm({ onSuccess }: { onSuccess: (res: TLoginResponse | TLoginSecondStep) => void }) {
  const form = useZodForm(loginSchema, { email: '', password: '' });
  const { errors } = form.formState;
  const login = useLogin();

  return (
    <Form className="form" onFocus={loginSchema.preload} onSubmit={form.handleSubmit((body) => login.mutateAsync(body, { onSuccess: (res) => onSuccess(res) }))}>
      {login.isError && <Banner tone="error">{errorMessage(login.error, tr.auth.loginFailed)}</Banner>}
      {errors.root && <Banner tone="error">{errors.root.message}</Banner>}
      <TextField label={tr.auth.email} type="email" autoComplete="email" required error={errors.email?.message} {...form.register('email')} />
      <TextField label={tr.auth.password} type="password" autoComplete="current-password" required error={errors.password?.message}
        {...form.register('password')} />
      {/* Busy also after success: the page is being left for the dashboard. */}
      <Button type="submit" block busy={login.isPending || login.isSuccess} busyText={tr.auth.loginBusy}>{tr.auth.loginSubmit}</Button>
    </Form>
  );
}
