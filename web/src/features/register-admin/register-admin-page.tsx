import './register-admin.css';
import { useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { trRegisterAdmin } from '../../i18n/tr-register-admin';
import { usePageTitle } from '../../lib/use-page-title';
import { Banner } from '../../components/ui';
import { REDIRECT_DELAY_MS } from './register-admin';
import { RegisterAdminForm } from './register-admin-form';

/** docs/PRODUCT.md#register-admin: public, no guard; no sample key is ever shown (docs/architecture/security.md#security). */
export function RegisterAdminPage() {
  const t = trRegisterAdmin;
  usePageTitle(t.title);
  const navigate = useNavigate();
  // `?setup=<token>`: the one-time link a first start with no admin prints (docs/OPERATIONS.md).
  const setupToken = useSearchParams()[0].get('setup') || undefined;
  const [done, setDone] = useState(false);

  useEffect(() => {
    if (!done) return;
    const timer = setTimeout(() => void navigate('/login', { replace: true }), REDIRECT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [done, navigate]);

  return (
    <div className="auth-page">
      <div className="auth-card card register-admin-card">
        <h1 className="auth-title">{t.title}</h1>
        {done ? (
          <div className="register-admin-done">
            <Banner tone="success"><strong>{t.success}</strong></Banner>
            <p className="muted" role="status">{t.redirecting}</p>
          </div>
        ) : (
          <>
            <p className="auth-lead">{setupToken ? t.setupLead : t.lead}</p>
            <RegisterAdminForm onRegistered={() => setDone(true)} setupToken={setupToken} />
            <aside className="security-note" aria-labelledby="security-title">
              <h2 id="security-title" className="security-title">{t.securityTitle}</h2>
              <ul>
                {(setupToken ? t.setupSecurityItems : t.securityItems).map((s) => <li key={s}>{s}</li>)}
              </ul>
            </aside>
          </>
        )}
        <footer className="auth-footer">
          {t.haveAccount} <Link to="/login">{t.loginLink}</Link>
        </footer>
      </div>
    </div>
  );
}
