import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { trSecurity as t } from '../../i18n/tr-security';
import { errorMessage } from '../../lib/api-error';
import { formatDateTime } from '../../lib/format';
import { Badge, Banner, Button, Card, Form, Spinner, TextField, showConfirm } from '../../components/ui';
import { ZChangePasswordRequest } from '@pano/contract';
import { z } from '@pano/contract/zod';
import {
  disableTwoFactor, enableTwoFactor, securityKeys, useChangePassword, useEndOtherSessions, useEndSession, useSessions, useTwoFactorStatus,
} from '../../api/two-factor.api';
import { useZodForm } from '../../lib/use-zod-form';
import { CodeForm, RecoveryCodes, TwoFactorQr } from '../../components/two-factor/two-factor-setup';

/** 'İki Adımlı Doğrulama' on /settings (docs/PRODUCT.md#two-factor). */
export function TwoFactorCard() {
  const status = useTwoFactorStatus();
  const qc = useQueryClient();
  const [mode, setMode] = useState<'idle' | 'password' | 'setup' | 'disable'>('idle');
  // Asked before the QR and sent again with the first code: a stolen session cannot turn it on.
  const [password, setPassword] = useState('');
  const [codes, setCodes] = useState<string[] | null>(null);
  const refresh = () => qc.invalidateQueries({ queryKey: securityKeys.twoFactor });

  let body;
  if (status.isPending) body = <Spinner />;
  else if (status.isError) body = <Banner tone="error">{errorMessage(status.error, t.loadFailed)}</Banner>;
  else if (codes) body = <RecoveryCodes codes={codes} doneLabel={t.recoveryDone} onDone={() => setCodes(null)} />;
  else if (mode === 'password') {
    body = (
      <>
        <p>{t.passwordLead}</p>
        <Form className="form two-factor-password" onSubmit={(e) => { e.preventDefault(); setMode('setup'); }}>
          <TextField label={t.passwordLabel} type="password" autoComplete="current-password" required autoFocus
            value={password} onChange={(e) => setPassword(e.target.value)} />
          <Button type="submit">{t.passwordContinue}</Button>
        </Form>
        <Button variant="ghost" onClick={() => { setPassword(''); setMode('idle'); }}>{t.cancel}</Button>
      </>
    );
  } else if (mode === 'setup') {
    body = (
      <>
        <TwoFactorQr proof={{ password }} onCode={async (code) => {
          const res = await enableTwoFactor(code, password);
          setPassword('');
          setMode('idle');
          setCodes(res.recoveryCodes);
          await refresh();
        }} />
        <Button variant="ghost" onClick={() => { setPassword(''); setMode('idle'); }}>{t.cancel}</Button>
      </>
    );
  } else if (mode === 'disable') {
    body = (
      <>
        <p>{t.disableLead}</p>
        <CodeForm submit={t.disable} busyText={t.disableBusy} failed={t.disableFailed}
          send={async (code) => {
            await disableTwoFactor(code);
            setMode('idle');
            await refresh();
          }} />
        <Button variant="ghost" onClick={() => setMode('idle')}>{t.cancel}</Button>
      </>
    );
  } else {
    const s = status.data;
    body = (
      <>
        <p>{t.cardLeadOff}</p>
        {s.required && <Banner tone={s.enabled ? 'info' : 'warning'}>{t.requiredByAccount}</Banner>}
        {s.enabled && <p className="muted">{t.recoveryLeft(s.recoveryCodesLeft)}</p>}
        <div className="card-actions">
          {s.enabled
            ? !s.required && <Button variant="danger-soft" onClick={() => setMode('disable')}>{t.disable}</Button>
            : <Button onClick={() => setMode('password')}>{t.start}</Button>}
        </div>
      </>
    );
  }
  return (
    <Card aria-labelledby="two-factor-title" className="two-factor-card">
      <h2 id="two-factor-title" className="card-title">
        {t.cardTitle}{' '}
        {status.data && <Badge tone={status.data.enabled ? 'success' : 'neutral'}>{status.data.enabled ? t.statusOn : t.statusOff}</Badge>}
      </h2>
      {body}
    </Card>
  );
}

/** 'Oturumlar' on /settings (docs/PRODUCT.md#session). */
export function SessionsCard() {
  const sessions = useSessions();
  const end = useEndSession();
  const endOthers = useEndOtherSessions();
  const failure = end.error ?? endOthers.error;
  const onEnd = async (id: string, device: string) => {
    if (!(await showConfirm(t.endSessionConfirm, { title: device, confirmLabel: t.endSession, danger: true }))) return;
    end.mutate(id);
  };
  const onEndOthers = async () => {
    if (!(await showConfirm(t.endOthersConfirm, { title: t.endOthers, confirmLabel: t.endOthers, danger: true }))) return;
    endOthers.mutate();
  };
  const rows = sessions.data ?? [];
  return (
    <Card aria-labelledby="sessions-title" className="sessions-card">
      <h2 id="sessions-title" className="card-title">{t.sessionsTitle}</h2>
      <p className="muted">{t.sessionsLead}</p>
      {failure && <Banner tone="error" onDismiss={() => { end.reset(); endOthers.reset(); }}>{errorMessage(failure, t.endFailed)}</Banner>}
      {sessions.isPending && <Spinner />}
      {sessions.isError && <Banner tone="error">{errorMessage(sessions.error, t.sessionsLoadFailed)}</Banner>}
      <ul className="sessions-list">
        {rows.map((s) => (
          <li key={s._id} className="sessions-row" data-testid="session-row">
            <div className="sessions-device">
              <strong>{s.device}</strong> {s.current && <Badge tone="success">{t.thisDevice}</Badge>}
              <div className="muted">
                {s.ip ?? t.unknownIp} · {t.signedInAt}: {formatDateTime(s.createdAt)} · {t.lastSeenAt}: {formatDateTime(s.lastSeenAt)}
              </div>
            </div>
            {!s.current && (
              <Button size="sm" variant="danger-soft" busy={end.isPending && end.variables === s._id}
                onClick={() => void onEnd(s._id, s.device)}>{t.endSession}</Button>
            )}
          </li>
        ))}
      </ul>
      {sessions.isSuccess && (rows.some((s) => !s.current)
        ? <div className="card-actions"><Button variant="secondary" busy={endOthers.isPending} onClick={() => void onEndOthers()}>{t.endOthers}</Button></div>
        : <p className="muted">{t.noOtherSessions}</p>)}
    </Card>
  );
}

/** The form's three fields; the two new ones must match, then the contract's rules follow (the server's). */
const ZPasswordDraft = z.object({ currentPassword: z.string(), newPassword: z.string(), newPasswordAgain: z.string() })
  .refine((d) => d.newPassword === d.newPasswordAgain, { path: ['newPasswordAgain'], message: t.passwordMismatch })
  .transform(({ currentPassword, newPassword }) => ({ currentPassword, newPassword }))
  .pipe(ZChangePasswordRequest);

/** 'Şifre Değiştir' on /settings (docs/PRODUCT.md#password-change): this browser stays signed in. */
export function PasswordCard() {
  const form = useZodForm(ZPasswordDraft, { currentPassword: '', newPassword: '', newPasswordAgain: '' });
  const { errors } = form.formState;
  const change = useChangePassword();
  const send = form.handleSubmit((body) => change.mutateAsync(body, { onSuccess: () => form.reset() }));
  return (
    <Card aria-labelledby="password-title" className="password-card">
      <h2 id="password-title" className="card-title">{t.passwordTitle}</h2>
      <p className="muted">{t.passwordCardLead}</p>
      {change.isSuccess && <Banner tone="success" onDismiss={() => change.reset()}>{change.data.message}</Banner>}
      {change.isError && <Banner tone="error" onDismiss={() => change.reset()}>{errorMessage(change.error, t.passwordFailed)}</Banner>}
      <Form className="form" onSubmit={send}>
        <TextField label={t.currentPassword} type="password" autoComplete="current-password" required
          error={errors.currentPassword?.message} {...form.register('currentPassword')} />
        <TextField label={t.newPassword} type="password" autoComplete="new-password" required
          error={errors.newPassword?.message} {...form.register('newPassword')} />
        <TextField label={t.newPasswordAgain} type="password" autoComplete="new-password" required
          error={errors.newPasswordAgain?.message} {...form.register('newPasswordAgain')} />
        <div className="card-actions">
          <Button type="submit" busy={change.isPending} busyText={t.passwordBusy}>{t.passwordSubmit}</Button>
        </div>
      </Form>
    </Card>
  );
}
