import { useEffect, useRef, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import type { TLoginResponse, TLoginSecondStep } from '@pano/contract';
import { Banner, Spinner } from '../../components/ui';
import { trSso } from '../../i18n/tr-sso';
import { errorMessage } from '../../lib/api-error';
import { usePageTitle } from '../../lib/use-page-title';
import { homePathFor, useSession } from '../../stores/session-store';
import { TwoFactorStep } from './two-factor-step';
import { useFinishSso } from './api/use-sso-sign-in';

/**
 * /login/sso: where the company's provider sends the person back. The page hands the provider's
 * answer (code, state) to the server once, which checks it and answers as the password login does
 * (docs/architecture/sso.md).
 */
export function SsoReturnPage() {
  usePageTitle(trSso.choice);
  const navigate = useNavigate();
  const { search } = useLocation();
  const setSession = useSession((s) => s.login);
  const [secondStep, setSecondStep] = useState<TLoginSecondStep | null>(null);
  const finish = useFinishSso();
  const sent = useRef(false);
  const signedIn = (res: TLoginResponse) => {
    setSession(res.token, res.user);
    void navigate(homePathFor(res.user), { replace: true });
  };
  useEffect(() => {
    // The state is single use: a second call (StrictMode's double effect) would be refused.
    if (sent.current) return;
    sent.current = true;
    finish.mutate(search, { onSuccess: (res) => ('token' in res ? signedIn(res) : setSecondStep(res)) });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, for the answer the page was opened with
  }, []);
  return (
    <div className="auth-page">
      <div className="auth-card card">
        {secondStep ? <TwoFactorStep step={secondStep} onSignedIn={signedIn} onRestart={() => void navigate('/login', { replace: true })} />
          : finish.isError ? (
            <>
              <h1 className="auth-title">{trSso.choice}</h1>
              <Banner tone="error">{errorMessage(finish.error, trSso.finishError)}</Banner>
              <p className="auth-forgot"><Link to="/login">{trSso.tryAgain}</Link></p>
            </>
          ) : (
            <>
              <h1 className="auth-title">{trSso.choice}</h1>
              <p className="auth-lead">{trSso.finishing}</p>
              <Spinner />
            </>
          )}
      </div>
    </div>
  );
}
