import { useState } from 'react';
import type { TLoginResponse, TLoginSecondStep } from '@pano/contract';
import { trSecurity as t } from '../../i18n/tr-security';
import { Button } from '../../components/ui';
import { enableWithTicket, verifySecondStep } from '../../api/two-factor.api';
import { CodeForm, RecoveryCodes, TwoFactorQr } from '../../components/two-factor/two-factor-setup';

/**
 * The login page's second step (docs/PRODUCT.md#two-factor): 'Doğrulama kodu', or setting
 * two-factor up when an account asks for it. Its own chunk: /login's first load carries none of it.
 */
export function TwoFactorStep({ step, onSignedIn, onRestart }: {
  step: TLoginSecondStep; onSignedIn: (res: TLoginResponse) => void; onRestart: () => void;
}) {
  const [finished, setFinished] = useState<(TLoginResponse & { recoveryCodes: string[] }) | null>(null);
  const restart = <Button variant="ghost" onClick={onRestart}>{t.backToLogin}</Button>;

  if ('twoFactorRequired' in step) {
    return (
      <section aria-labelledby="two-factor-title">
        <h1 id="two-factor-title" className="auth-title">{t.verifyTitle}</h1>
        <p className="auth-lead">{t.verifyLead}</p>
        <CodeForm submit={t.verifySubmit} busyText={t.verifyBusy} failed={t.verifyFailed}
          send={async (code) => onSignedIn(await verifySecondStep(step.ticket, code))} />
        <p className="auth-forgot">{restart}</p>
      </section>
    );
  }
  return (
    <section aria-labelledby="two-factor-title">
      <h1 id="two-factor-title" className="auth-title">{t.setupRequiredTitle}</h1>
      {finished ? (
        <RecoveryCodes codes={finished.recoveryCodes} doneLabel={t.continueSignIn}
          onDone={() => onSignedIn({ token: finished.token, user: finished.user })} />
      ) : (
        <>
          <p className="auth-lead">{t.setupRequiredLead}</p>
          <TwoFactorQr ticket={step.ticket} onCode={async (code) => setFinished(await enableWithTicket(step.ticket, code))} />
          <p className="auth-forgot">{restart}</p>
        </>
      )}
    </section>
  );
}
