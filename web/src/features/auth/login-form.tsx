import { useState, type FormEvent } from 'react';
import type { TLoginResponse } from '@pano/contract';
import { tr } from '../../i18n/tr';
import { errorMessage } from '../../lib/api-error';
import { checkFields, focusFirstInvalid, type FieldErrors } from '../../lib/form-errors';
import { Banner, Button, TextField } from '../../components/ui';
import { useLogin } from './api/use-login';

/** The schema (with zod) when the form is first focused or sent, not with the page: docs/PERFORMANCE.md#contract-chunks. */
let loginSchema: Promise<typeof import('./login-schema')> | undefined;
const loadLoginSchema = () => (loginSchema ??= import('./login-schema').catch((err: unknown) => {
  // Not loaded (the network): the next try asks again.
  loginSchema = undefined;
  throw err;
}));

/** docs/PRODUCT.md#login: 'Giriş Yapılıyor...' while busy; error = server message or 'Email veya şifre hatalı'. */
export function LoginForm({ onSuccess }: { onSuccess: (res: TLoginResponse) => void }) {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const login = useLogin();

  const onSubmit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = e.currentTarget;
    const { ZLoginRequest } = await loadLoginSchema();
    const checked = checkFields(ZLoginRequest, { email, password });
    if ('errors' in checked) {
      setErrors(checked.errors);
      focusFirstInvalid(form, checked.errors);
      return;
    }
    setErrors({});
    login.mutate({ email: email.trim(), password }, { onSuccess: (res) => onSuccess(res) });
  };

  return (
    <form className="form" onSubmit={(e) => void onSubmit(e)} onFocus={() => void loadLoginSchema()} noValidate>
      {login.isError && <Banner tone="error">{errorMessage(login.error, tr.auth.loginFailed)}</Banner>}
      <TextField label={tr.auth.email} type="email" name="email" autoComplete="email" required value={email} error={errors.email}
        onChange={(e) => { setEmail(e.target.value); setErrors(({ email: _, ...rest }) => rest); }} />
      <TextField label={tr.auth.password} type="password" name="password" autoComplete="current-password" required value={password} error={errors.password}
        onChange={(e) => { setPassword(e.target.value); setErrors(({ password: _, ...rest }) => rest); }} />
      {/* Busy also after success: the page is being left for the dashboard. */}
      <Button type="submit" block busy={login.isPending || login.isSuccess} busyText={tr.auth.loginBusy}>{tr.auth.loginSubmit}</Button>
    </form>
  );
}
