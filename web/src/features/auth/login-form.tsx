import { useState, type FormEvent } from 'react';
import { ZLoginRequest, type TLoginResponse } from '@pano/contract';
import { tr } from '../../i18n/tr';
import { checkFields, focusFirstInvalid, type FieldErrors } from '../../lib/form-errors';
import { useSubmit } from '../../lib/use-submit';
import { Banner, Button, TextField } from '../../components/ui';

type Props = {
  submit: (email: string, password: string) => Promise<TLoginResponse>;
  onSuccess: (res: TLoginResponse) => void;
};

/** docs/PRODUCT.md#login: 'Giriş Yapılıyor...' while busy; error = server message or 'Email veya şifre hatalı'. */
export function LoginForm({ submit, onSuccess }: Props) {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const { busy, error, run } = useSubmit(tr.auth.loginFailed);

  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const checked = checkFields(ZLoginRequest, { email, password });
    if ('errors' in checked) {
      setErrors(checked.errors);
      focusFirstInvalid(e.currentTarget, checked.errors);
      return;
    }
    setErrors({});
    void run(async () => onSuccess(await submit(email.trim(), password)));
  };

  return (
    <form className="form" onSubmit={onSubmit} noValidate>
      {error && <Banner tone="error">{error}</Banner>}
      <TextField label={tr.auth.email} type="email" name="email" autoComplete="email" required value={email} error={errors.email}
        onChange={(e) => { setEmail(e.target.value); setErrors(({ email: _, ...rest }) => rest); }} />
      <TextField label={tr.auth.password} type="password" name="password" autoComplete="current-password" required value={password} error={errors.password}
        onChange={(e) => { setPassword(e.target.value); setErrors(({ password: _, ...rest }) => rest); }} />
      <Button type="submit" block busy={busy} busyText={tr.auth.loginBusy}>{tr.auth.loginSubmit}</Button>
    </form>
  );
}
