import { ZAdminRegisterRequest, ZNewAdmin } from '@pano/contract';
import { z } from '@pano/contract/zod';
import { trRegisterAdmin } from '../../i18n/tr-register-admin';

export type AdminDraft = { firstName: string; lastName: string; email: string; password: string; adminKey: string };

export const emptyAdminDraft = (): AdminDraft => ({ firstName: '', lastName: '', email: '', password: '', adminKey: '' });

/** docs/PRODUCT.md#register-admin: after success, /login follows after 3 seconds. */
export const REDIRECT_DELAY_MS = 3000;

export const adminFields = (d: AdminDraft) =>
  ({ firstName: d.firstName.trim(), lastName: d.lastName.trim(), email: d.email.trim(), password: d.password });

const ZAdminDraft = z.object({
  firstName: z.string(), lastName: z.string(), email: z.string(), password: z.string(), adminKey: z.string(),
});

/** docs/PRODUCT.md#register-admin: all five fields required, one message for any of them (on the first one missing). */
const requireAll = (withSetupLink: boolean) => (d: AdminDraft, ctx: z.RefinementCtx) => {
  const missing = (['firstName', 'lastName', 'email', 'password', 'adminKey'] as const).find((key) =>
    (key === 'adminKey' && withSetupLink ? false : key === 'password' ? !d.password : !d[key].trim()));
  if (missing) ctx.addIssue({ code: 'custom', path: [missing], message: trRegisterAdmin.required });
};

/**
 * The form's values are the draft; when all are given, the contract's rules follow (email
 * format, password at least 6 characters), the same the server applies. With the setup link
 * the server printed at its first start, the link stands in for the key.
 */
export const ZKeyAdminDraft = ZAdminDraft.superRefine(requireAll(false))
  .transform((d) => ({ ...adminFields(d), adminKey: d.adminKey.trim() }))
  .pipe(ZAdminRegisterRequest);
export const ZLinkAdminDraft = ZAdminDraft.superRefine(requireAll(true))
  .transform(adminFields)
  .pipe(ZNewAdmin);
