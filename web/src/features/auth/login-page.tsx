import { lazy, Suspense, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import type { TLoginResponse, TLoginSecondStep } from '@pano/contract';
import { Banner, Spinner } from '../../components/ui';
import { tr } from '../../i18n/tr';
import { usePageTitle } from '../../lib/use-page-title';
import { nextPath } from '../../lib/next-path';
import { homePathFor, useSession } from '../../stores/session-store';
import { LoginForm } from './login-form';
import { trSso } from '../../i18n/tr-sso';

/** Loaded only when a sign-in needs it: /login's first load stays as small as it was. */
const TwoFactorStep = lazy(async () => ({ default: (await import('./two-factor-step')).TwoFactorStep }));
/** Company sign-in (docs/architecture/sso.md), loaded when chosen. */
const SsoStartForm = lazy(async () => ({ default: (await import('./sso-start-form')).SsoStartForm }));

export function LoginPage() {
  usePageTitle(tr.auth.loginTitle);
  const navigate = useNavigate();
  const setSession = useSession((s) => s.login);
  const location = useLocation();
  const state = location.state as { registered?: boolean; passwordReset?: boolean } | null;
  const [secondStep, setSecondStep] = useState<TLoginSecondStep | null>(null);
  // Why the second step ended, when it ended by itself (its ticket died): shown on the password form.
  const [notice, setNotice] = useState<string | null>(null);
  const [company, setCompany] = useState(false);
  const signedIn = (res: TLoginResponse) => {
    setSession(res.token, res.user);
    // Back to the page that asked for the login (an invitation), else home.
    void navigate(nextPath(location.search) ?? homePathFor(res.user), { replace: true });
  };
  if (secondStep) {
    return (
      <div className="auth-page">
        <div className="auth-card card">
          <Suspense fallback={<Spinner />}>
            <TwoFactorStep step={secondStep} onSignedIn={signedIn} onRestart={(why) => { setNotice(why ?? null); setSecondStep(null); }} />
          </Suspense>
        </div>
      </div>
    );
  }
  return (
    <div className="auth-page">
      <div className="auth-card card">
        <h1 className="auth-title">{tr.auth.loginTitle}</h1>
        <p className="auth-lead">{tr.auth.loginLead}</p>
        {state?.registered === true && <Banner tone="success">{tr.auth.registerDone}</Banner>}
        {state?.passwordReset === true && <Banner tone="success">{tr.auth.resetDone}</Banner>}
        {notice && <Banner tone="error" onDismiss={() => setNotice(null)}>{notice}</Banner>}
        {company ? (
          <Suspense fallback={<Spinner />}><SsoStartForm /></Suspense>
        ) : (
          <LoginForm
            onSuccess={(res) => {
              setNotice(null);
              if ('token' in res) signedIn(res);
              else setSecondStep(res);
            }}
          />
        )}
        <p className="auth-forgot">
          <button type="button" className="btn btn-ghost btn-block" onClick={() => setCompany(!company)}>{company ? trSso.backToPassword : trSso.choice}</button>
        </p>
        <p className="auth-forgot"><Link to="/sifremi-unuttum">{tr.auth.forgotLink}</Link></p>
        <footer className="auth-footer">
          {tr.auth.noAccount} <Link to="/register">{tr.auth.registerLink}</Link>
        </footer>
      </div>
    </div>
  );
}
