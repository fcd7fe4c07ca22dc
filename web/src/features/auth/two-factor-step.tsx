import { useState } from 'react';
import type { TLoginResponse, TLoginSecondStep } from '@pano/contract';
import { trSecurity as t } from '../../i18n/tr-security';
import { Button } from '../../components/ui';
import { deadTicketMessage, enableWithTicket, verifySecondStep } from '../../api/two-factor.api';
import { CodeForm, RecoveryCodes, TwoFactorQr } from '../../components/two-factor/two-factor-setup';

/**
 * The login page's second step (docs/PRODUCT.md#two-factor): 'Doğrulama kodu', or setting
 * two-factor up when an account asks for it. Its own chunk: /login's first load carries none of it.
 * A ticket that died (used, expired, or locked by five wrong codes) cannot go on: `onRestart`
 * takes the person back to the password form with the server's Turkish message.
 */
export function TwoFactorStep({ step, onSignedIn, onRestart }: {
  step: TLoginSecondStep; onSignedIn: (res: TLoginResponse) => void; onRestart: (notice?: string) => void;
}) {
  const [finished, setFinished] = useState<(TLoginResponse & { recoveryCodes: string[] }) | null>(null);
  const restart = <Button variant="ghost" onClick={() => onRestart()}>{t.backToLogin}</Button>;
  const restartIfDead = (err: unknown) => {
    const notice = deadTicketMessage(err);
    if (notice) onRestart(notice);
  };
  /** Sends with the ticket; a dead ticket's refusal goes back to the password form. */
  const withTicket = <T,>(send: () => Promise<T>) => send().catch((err: unknown) => {
    restartIfDead(err);
    throw err;
  });

  if ('twoFactorRequired' in step) {
    return (
      <section aria-labelledby="two-factor-title">
        <h1 id="two-factor-title" className="auth-title">{t.verifyTitle}</h1>
        <p className="auth-lead">{t.verifyLead}</p>
        <CodeForm submit={t.verifySubmit} busyText={t.verifyBusy} failed={t.verifyFailed}
          send={async (code) => onSignedIn(await withTicket(() => verifySecondStep(step.ticket, code)))} />
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
          <TwoFactorQr proof={{ ticket: step.ticket }} onSetupError={restartIfDead}
            onCode={async (code) => setFinished(await withTicket(() => enableWithTicket(step.ticket, code)))} />
          <p className="auth-forgot">{restart}</p>
        </>
      )}
    </section>
  );
}
