import { Link, useLocation, useNavigate } from 'react-router-dom';
import { Banner } from '../../components/ui';
import { tr } from '../../i18n/tr';
import { usePageTitle } from '../../lib/use-page-title';
import { nextPath } from '../../lib/next-path';
import { homePathFor, useSession } from '../../stores/session-store';
import { LoginForm } from './login-form';

export function LoginPage() {
  usePageTitle(tr.auth.loginTitle);
  const navigate = useNavigate();
  const setSession = useSession((s) => s.login);
  const location = useLocation();
  const state = location.state as { registered?: boolean; passwordReset?: boolean } | null;
  return (
    <div className="auth-page">
      <div className="auth-card card">
        <h1 className="auth-title">{tr.auth.loginTitle}</h1>
        <p className="auth-lead">{tr.auth.loginLead}</p>
        {state?.registered === true && <Banner tone="success">{tr.auth.registerDone}</Banner>}
        {state?.passwordReset === true && <Banner tone="success">{tr.auth.resetDone}</Banner>}
        <LoginForm
          onSuccess={(res) => {
            setSession(res.token, res.user);
            // Back to the page that asked for the login (an invitation), else home.
            void navigate(nextPath(location.search) ?? homePathFor(res.user), { replace: true });
          }}
        />
        <p className="auth-forgot"><Link to="/sifremi-unuttum">{tr.auth.forgotLink}</Link></p>
        <footer className="auth-footer">
          {tr.auth.noAccount} <Link to="/register">{tr.auth.registerLink}</Link>
        </footer>
      </div>
    </div>
  );
}
