import { useState, type FormEvent } from 'react';
import { tr } from '../../i18n/tr';
import { serverMessageOr } from '../../lib/api-error';
import { Banner, Button, TextField } from '../../components/ui';
import { emptyAdminDraft, registerAdmin, validateAdminDraft, type AdminDraft } from './register-admin';

/** With `setupToken` (the first start's one-time link) the form asks for no admin key. */
export function RegisterAdminForm({ onRegistered, setupToken }: { onRegistered: () => void; setupToken?: string }) {
  const t = tr.registerAdmin;
  const [draft, setDraft] = useState<AdminDraft>(emptyAdminDraft);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  // docs/PRODUCT.md#register-admin: the form error clears on any input change.
  const field = (key: keyof AdminDraft) => ({
    value: draft[key],
    onChange: (e: { target: { value: string } }) => {
      setDraft((d) => ({ ...d, [key]: e.target.value }));
      setError(null);
    },
  });

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    const problem = validateAdminDraft(draft, Boolean(setupToken));
    if (problem) {
      setError(problem);
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await registerAdmin(draft, setupToken);
      onRegistered();
    } catch (err) {
      setError(serverMessageOr(err, t.failed));
      setBusy(false);
    }
  };

  return (
    <form className="form" onSubmit={(e) => void onSubmit(e)} noValidate>
      {error && <Banner tone="error">{error}</Banner>}
      <div className="form-row">
        <TextField label={t.firstName} name="firstName" autoComplete="given-name" required maxLength={100} {...field('firstName')} />
        <TextField label={t.lastName} name="lastName" autoComplete="family-name" required maxLength={100} {...field('lastName')} />
      </div>
      <TextField label={t.email} type="email" name="email" autoComplete="email" required {...field('email')} />
      <TextField label={t.password} type="password" name="password" autoComplete="new-password" required minLength={6}
        hint={t.passwordHint} {...field('password')} />
      {!setupToken && (
        <TextField label={t.adminKey} type="password" name="adminKey" autoComplete="off" required hint={t.adminKeyHint} {...field('adminKey')} />
      )}
      <Button type="submit" block busy={busy} busyText={t.busy}>{t.submit}</Button>
    </form>
  );
}
