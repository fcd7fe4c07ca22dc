import './two-factor.css';
import { useState, type FormEvent } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { trSecurity as t } from '../../i18n/tr-security';
import { errorMessage } from '../../lib/api-error';
import { Banner, Button, Form, Spinner, TextField } from '../../components/ui';
import { setupTwoFactor, type SetupProof } from '../../api/two-factor.api';

/*
 * Setting two-factor up (docs/PRODUCT.md#two-factor): the QR the server drew, the key to type
 * instead, and the first code. Used by /settings and by the login page's setup step.
 */

/**
 * A code field and its button; `send` rejects with the server's Turkish message. The submit
 * returns the send's promise, so the form sends one code per press however fast it is pressed
 * (components/ui/form.tsx): a code used twice would be refused the second time.
 */
export function CodeForm({ submit, busyText, failed, send }: {
  submit: string; busyText: string; failed: string; send: (code: string) => Promise<unknown>;
}) {
  const [code, setCode] = useState('');
  const sending = useMutation({ mutationFn: send });
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    return sending.mutateAsync(code.trim(), { onError: () => setCode('') });
  };
  return (
    <Form className="form two-factor-code" onSubmit={onSubmit}>
      {sending.isError && <Banner tone="error">{errorMessage(sending.error, failed)}</Banner>}
      <TextField label={t.codeLabel} hint={t.codeHint} name="code" inputMode="text" autoComplete="one-time-code" required
        autoFocus maxLength={32} value={code} onChange={(e) => setCode(e.target.value)} />
      <Button type="submit" busy={sending.isPending} busyText={busyText}>{submit}</Button>
    </Form>
  );
}

/**
 * `proof`: the sign-in's setup ticket, or the signed-in person's password. `onSetupError`: the QR
 * could not be made (a sign-in's ticket may have died meanwhile, or the password was wrong).
 */
export function TwoFactorQr({ proof, onCode, onSetupError }: {
  proof: SetupProof; onCode: (code: string) => Promise<unknown>; onSetupError?: (err: unknown) => void;
}) {
  const setup = useQuery({
    // Never the password in the key: a ticket, or the signed-in person.
    queryKey: ['auth', '2fa-setup', 'ticket' in proof ? proof.ticket : 'signed-in'],
    queryFn: () => setupTwoFactor(proof).catch((err: unknown) => {
      onSetupError?.(err);
      throw err;
    }),
    staleTime: Infinity, gcTime: 0, retry: false, refetchOnWindowFocus: false,
  });
  if (setup.isPending) return <Spinner label={t.setupLoading} />;
  if (setup.isError) return <Banner tone="error">{errorMessage(setup.error, t.setupFailed)}</Banner>;
  const key = new URL(setup.data.otpauthUrl).searchParams.get('secret') ?? '';
  return (
    <div className="two-factor-setup">
      <p>{t.setupSteps}</p>
      {/* An image, not markup: the server's SVG is shown, never run. */}
      <img className="two-factor-qr" src={`data:image/svg+xml;utf8,${encodeURIComponent(setup.data.qrSvg)}`} alt={t.qrAlt} width={200} height={200} />
      <p className="muted">{t.manualKey} <code className="two-factor-key">{key.replace(/(.{4})/g, '$1 ').trim()}</code></p>
      <CodeForm submit={t.enableSubmit} busyText={t.enableBusy} failed={t.enableFailed} send={onCode} />
    </div>
  );
}

/** The ten recovery codes, shown once. */
export function RecoveryCodes({ codes, doneLabel, onDone }: { codes: string[]; doneLabel: string; onDone: () => void }) {
  const [copied, setCopied] = useState(false);
  const copy = () => {
    void navigator.clipboard?.writeText(codes.join('\n')).then(() => setCopied(true), () => setCopied(false));
  };
  return (
    <div className="two-factor-recovery" data-testid="recovery-codes">
      <p className="field-label">{t.recoveryTitle}</p>
      <Banner tone="warning">{t.recoveryWarning}</Banner>
      <ol className="two-factor-recovery-list">{codes.map((c) => <li key={c}><code>{c}</code></li>)}</ol>
      <div className="card-actions">
        <Button variant="secondary" onClick={copy}>{copied ? t.copied : t.copy}</Button>
        <Button onClick={onDone}>{doneLabel}</Button>
      </div>
    </div>
  );
}
