import { useState } from 'react';
import { trSso } from '../../i18n/tr-sso';
import { errorMessage } from '../../lib/api-error';
import { Banner, Button, Form, TextField } from '../../components/ui';
import { useStartSso } from './api/use-sso-sign-in';

/** 'Kurumsal hesapla giriş' on /login: the email's domain finds the provider, the browser goes there (docs/architecture/sso.md). */
export function SsoStartForm({ go = (url: string) => window.location.assign(url) }: { go?: (url: string) => void }) {
  const [email, setEmail] = useState('');
  const start = useStartSso();
  return (
    <Form className="form" onSubmit={(e) => { e.preventDefault(); start.mutate(email, { onSuccess: ({ url }) => go(url) }); }}>
      <p className="auth-lead">{trSso.choiceLead}</p>
      {start.isError && <Banner tone="error">{errorMessage(start.error, trSso.startError)}</Banner>}
      <TextField label={trSso.email} type="email" autoComplete="email" required value={email} onChange={(e) => setEmail(e.target.value)} />
      {/* Busy also after success: the page is being left for the provider. */}
      <Button type="submit" block busy={start.isPending || start.isSuccess} busyText={trSso.starting}>{trSso.start}</Button>
    </Form>
  );
}
