import { useState, type FormEvent } from 'react';
import { ACCOUNT_ROLES, ACCOUNT_ROLE_LABELS, type TSsoRequest, type TSsoSettings } from '@pano/contract';
import { trSso } from '../../i18n/tr-sso';
import { errorMessage } from '../../lib/api-error';
import { Banner, Button, Card, Form, SelectField, Spinner, TextField, showConfirm } from '../../components/ui';
import { useSaveSso, useSsoSettings, useTurnOffSso } from './api/use-sso';

const t = trSso;
type GivenRole = TSsoRequest['defaultRole'];
const GIVEN_ROLES = ACCOUNT_ROLES.filter((r): r is GivenRole => r !== 'owner');

/** 'Kurumsal Giriş' on /team (owner and admin): the account's OpenID provider (docs/architecture/sso.md). */
export function SsoCard() {
  const settings = useSsoSettings();
  // Here, not in the form: a save refills the form (its key), and its outcome must stay shown.
  const save = useSaveSso();
  const off = useTurnOffSso();
  return (
    <Card aria-labelledby="team-sso-title">
      <h2 id="team-sso-title" className="card-title">{t.cardTitle}</h2>
      <p className="muted">{t.cardLead}</p>
      {settings.isPending ? <Spinner /> : settings.isError
        ? <Banner tone="error">{errorMessage(settings.error, t.loadError)}</Banner>
        : <SsoForm key={JSON.stringify(settings.data)} saved={settings.data} save={save} off={off} />}
    </Card>
  );
}

function SsoForm({ saved, save, off }: { saved: TSsoSettings; save: ReturnType<typeof useSaveSso>; off: ReturnType<typeof useTurnOffSso> }) {
  const [issuer, setIssuer] = useState(saved?.issuer ?? '');
  const [clientId, setClientId] = useState(saved?.clientId ?? '');
  const [clientSecret, setClientSecret] = useState('');
  const [domains, setDomains] = useState(saved?.emailDomains.join(', ') ?? '');
  const [defaultRole, setDefaultRole] = useState<GivenRole>(saved && saved.defaultRole !== 'owner' ? saved.defaultRole : 'viewer');
  const [required, setRequired] = useState(saved?.required ?? false);
  const send = (e: FormEvent) => {
    e.preventDefault();
    off.reset();
    save.mutate({
      issuer, clientId, emailDomains: domains.split(/[\s,;]+/).filter(Boolean), defaultRole, required,
      ...(clientSecret ? { clientSecret } : {}),
    });
  };
  const turnOff = async () => {
    if (!(await showConfirm(t.turnOffConfirm, { title: t.cardTitle, confirmLabel: t.turnOff, danger: true }))) return;
    save.reset();
    off.mutate();
  };
  return (
    <Form className="form" onSubmit={send}>
      {save.isError && <Banner tone="error" onDismiss={save.reset}>{errorMessage(save.error, t.saveError)}</Banner>}
      {off.isError && <Banner tone="error" onDismiss={off.reset}>{errorMessage(off.error, t.turnOffError)}</Banner>}
      {save.isSuccess && <Banner tone="success">{t.saved}</Banner>}
      <TextField label={t.issuer} type="url" required maxLength={500} placeholder="https://login.kurum.com.tr" value={issuer} onChange={(e) => setIssuer(e.target.value)} />
      <TextField label={t.clientId} required maxLength={300} autoComplete="off" value={clientId} onChange={(e) => setClientId(e.target.value)} />
      <TextField label={t.clientSecret} type="password" autoComplete="new-password" maxLength={1000} required={!saved}
        placeholder={saved ? t.clientSecretKept : undefined} value={clientSecret} onChange={(e) => setClientSecret(e.target.value)} />
      <TextField label={t.domains} required placeholder="hastane.com.tr" value={domains} onChange={(e) => setDomains(e.target.value)} />
      <SelectField label={t.defaultRole} value={defaultRole} onChange={(e) => setDefaultRole(e.target.value as GivenRole)}>
        {GIVEN_ROLES.map((r) => <option key={r} value={r}>{ACCOUNT_ROLE_LABELS[r]}</option>)}
      </SelectField>
      <label className="checkbox-line">
        <input type="checkbox" checked={required} onChange={(e) => setRequired(e.target.checked)} />{' '}{t.required}
      </label>
      {saved && <p className="muted" data-testid="sso-redirect-uri">{t.redirectUri(saved.redirectUri)}</p>}
      <div className="card-actions">
        <Button type="submit" busy={save.isPending} busyText={t.saving}>{t.save}</Button>
        {saved && <Button type="button" variant="danger" busy={off.isPending} onClick={() => void turnOff()}>{t.turnOff}</Button>}
      </div>
    </Form>
  );
}
