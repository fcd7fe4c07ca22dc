import { useState, type FormEvent } from 'react';
import type { TLoginResponse } from '@pano/contract';
import { tr } from '../../i18n/tr';
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
  const { busy, error, run } = useSubmit(tr.auth.loginFailed);

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    void run(async () => onSuccess(await submit(email.trim(), password)));
  };

  return (
    <form className="form" onSubmit={onSubmit} noValidate={false}>
      {error && <Banner tone="error">{error}</Banner>}
      <TextField label={tr.auth.email} type="email" name="email" autoComplete="email" required value={email} onChange={(e) => setEmail(e.target.value)} />
      <TextField label={tr.auth.password} type="password" name="password" autoComplete="current-password" required value={password} onChange={(e) => setPassword(e.target.value)} />
      <Button type="submit" block busy={busy} busyText={tr.auth.loginBusy}>{tr.auth.loginSubmit}</Button>
    </form>
  );
}
