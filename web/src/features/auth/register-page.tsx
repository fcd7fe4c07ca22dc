import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { tr } from '../../i18n/tr';
import { usePageTitle } from '../../lib/use-page-title';
import { useSubmit } from '../../lib/use-submit';
import { Banner, Button, TextField } from '../../components/ui';
import { register } from './auth.api';

/** docs/PRODUCT.md#register: email + password; success → /login; error = server message or fallback. */
export function RegisterPage() {
  usePageTitle(tr.auth.registerTitle);
  const navigate = useNavigate();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const { busy, error, run } = useSubmit(tr.auth.registerFailed);

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    void run(async () => {
      await register({ email: email.trim(), password });
      navigate('/login', { replace: true, state: { registered: true } });
    });
  };

  return (
    <div className="auth-page">
      <div className="auth-card card">
        <h1 className="auth-title">{tr.auth.registerTitle}</h1>
        <p className="auth-lead">{tr.auth.registerLead}</p>
        <form className="form" onSubmit={onSubmit}>
          {error && <Banner tone="error">{error}</Banner>}
          <TextField label={tr.auth.email} type="email" name="email" autoComplete="email" required value={email} onChange={(e) => setEmail(e.target.value)} />
          <TextField label={tr.auth.password} type="password" name="password" autoComplete="new-password" required value={password} onChange={(e) => setPassword(e.target.value)} />
          <Button type="submit" block busy={busy} busyText={tr.auth.registerBusy}>{tr.auth.registerSubmit}</Button>
        </form>
        <footer className="auth-footer">
          {tr.auth.haveAccount} <Link to="/login">{tr.auth.loginLink}</Link>
        </footer>
      </div>
    </div>
  );
}
