import { useState, type FormEvent } from 'react';
import { tr } from '../../i18n/tr';
import { errorMessage } from '../../lib/api-error';
import { Banner, Button, TextField } from '../../components/ui';
import { useRegisterAdmin } from './api/use-register-admin';
import { emptyAdminDraft, validateAdminDraft, type AdminDraft } from './register-admin';

/** With `setupToken` (the first start's one-time link) the form asks for no admin key. */
export function RegisterAdminForm({ onRegistered, setupToken }: { onRegistered: () => void; setupToken?: string }) {
  const t = tr.registerAdmin;
  const [draft, setDraft] = useState<AdminDraft>(emptyAdminDraft);
  const [invalid, setInvalid] = useState<string | null>(null);
  const register = useRegisterAdmin();

  // docs/PRODUCT.md#register-admin: the form error clears on any input change.
  const field = (key: keyof AdminDraft) => ({
    value: draft[key],
    onChange: (e: { target: { value: string } }) => {
      setDraft((d) => ({ ...d, [key]: e.target.value }));
      setInvalid(null);
      if (register.isError) register.reset();
    },
  });

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const problem = validateAdminDraft(draft, Boolean(setupToken));
    setInvalid(problem);
    if (problem) return;
    register.mutate({ draft, setupToken }, { onSuccess: onRegistered });
  };

  const shown = invalid ?? (register.isError ? errorMessage(register.error, t.failed) : null);
  return (
    <form className="form" onSubmit={onSubmit} noValidate>
      {shown && <Banner tone="error">{shown}</Banner>}
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
      {/* Busy also after success: the page turns to its confirmation. */}
      <Button type="submit" block busy={register.isPending || register.isSuccess} busyText={t.busy}>{t.submit}</Button>
    </form>
  );
}
