import type { Path } from 'react-hook-form';
import type { TNewAdmin } from '@pano/contract';
import { trRegisterAdmin } from '../../i18n/tr-register-admin';
import { errorMessage } from '../../lib/api-error';
import { firstMessage, useZodForm, type SchemaSource } from '../../lib/use-zod-form';
import { Banner, Button, Form, TextField } from '../../components/ui';
import { useRegisterAdmin } from './api/use-register-admin';
import { ZKeyAdminDraft, ZLinkAdminDraft, emptyAdminDraft, type AdminDraft } from './register-admin';

/** With `setupToken` (the first start's one-time link) the form asks for no admin key. */
export function RegisterAdminForm({ onRegistered, setupToken }: { onRegistered: () => void; setupToken?: string }) {
  const t = trRegisterAdmin;
  const schema: SchemaSource<AdminDraft, TNewAdmin & { adminKey?: string }> = setupToken ? ZLinkAdminDraft : ZKeyAdminDraft;
  const form = useZodForm(schema, emptyAdminDraft());
  const register = useRegisterAdmin();

  // docs/PRODUCT.md#register-admin: the form error clears on any input change.
  const field = (key: Path<AdminDraft>) => form.register(key, {
    onChange: () => {
      form.clearErrors();
      if (register.isError) register.reset();
    },
  });

  const onSubmit = form.handleSubmit((admin) => register.mutateAsync({ admin, setupToken }, { onSuccess: onRegistered }));

  const shown = firstMessage(form.formState.errors) ?? (register.isError ? errorMessage(register.error, t.failed) : null);
  return (
    <Form className="form" onSubmit={onSubmit}>
      {shown && <Banner tone="error">{shown}</Banner>}
      <div className="form-row">
        <TextField label={t.firstName} autoComplete="given-name" required maxLength={100} {...field('firstName')} />
        <TextField label={t.lastName} autoComplete="family-name" required maxLength={100} {...field('lastName')} />
      </div>
      <TextField label={t.email} type="email" autoComplete="email" required {...field('email')} />
      <TextField label={t.password} type="password" autoComplete="new-password" required minLength={6}
        hint={t.passwordHint} {...field('password')} />
      {!setupToken && (
        <TextField label={t.adminKey} type="password" autoComplete="off" required hint={t.adminKeyHint} {...field('adminKey')} />
      )}
      {/* Busy also after success: the page turns to its confirmation. */}
      <Button type="submit" block busy={register.isPending || register.isSuccess} busyText={t.busy}>{t.submit}</Button>
    </Form>
  );
}
