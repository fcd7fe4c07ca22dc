import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { ZRegisterRequest } from '@pano/contract';
import { tr } from '../../i18n/tr';
import { checkFields, focusFirstInvalid, type FieldErrors } from '../../lib/form-errors';
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
  const [errors, setErrors] = useState<FieldErrors>({});
  const { busy, error, run } = useSubmit(tr.auth.registerFailed);

  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const checked = checkFields(ZRegisterRequest, { email, password });
    if ('errors' in checked) {
      setErrors(checked.errors);
      focusFirstInvalid(e.currentTarget, checked.errors);
      return;
    }
    setErrors({});
    void run(async () => {
      await register({ email: email.trim(), password });
      void navigate('/login', { replace: true, state: { registered: true } });
    });
  };

  return (
    <div className="auth-page">
      <div className="auth-card card">
        <h1 className="auth-title">{tr.auth.registerTitle}</h1>
        <p className="auth-lead">{tr.auth.registerLead}</p>
        <form className="form" onSubmit={onSubmit} noValidate>
          {error && <Banner tone="error">{error}</Banner>}
          <TextField label={tr.auth.email} type="email" name="email" autoComplete="email" required value={email} error={errors.email}
            onChange={(e) => { setEmail(e.target.value); setErrors(({ email: _, ...rest }) => rest); }} />
          <TextField label={tr.auth.password} type="password" name="password" autoComplete="new-password" required value={password} error={errors.password}
            onChange={(e) => { setPassword(e.target.value); setErrors(({ password: _, ...rest }) => rest); }} />
          <Button type="submit" block busy={busy} busyText={tr.auth.registerBusy}>{tr.auth.registerSubmit}</Button>
        </form>
        <footer className="auth-footer">
          {tr.auth.haveAccount} <Link to="/login">{tr.auth.loginLink}</Link>
        </footer>
      </div>
    </div>
  );
}
