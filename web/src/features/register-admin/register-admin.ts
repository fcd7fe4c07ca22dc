import { ZAdminRegisterRequest, ZNewAdmin } from '@pano/contract';
import { tr } from '../../i18n/tr';
import { checkFields } from '../../lib/form-errors';

export type AdminDraft = { firstName: string; lastName: string; email: string; password: string; adminKey: string };

export const emptyAdminDraft = (): AdminDraft => ({ firstName: '', lastName: '', email: '', password: '', adminKey: '' });

/** docs/PRODUCT.md#register-admin: after success, /login follows after 3 seconds. */
export const REDIRECT_DELAY_MS = 3000;

export const adminFields = (d: AdminDraft) =>
  ({ firstName: d.firstName.trim(), lastName: d.lastName.trim(), email: d.email.trim(), password: d.password });

/**
 * docs/PRODUCT.md#register-admin: all five fields required (one message for any of them), then the
 * contract's rules (email format, password at least 6 characters), the same the server applies.
 * With the setup link the server printed at its first start, the link stands in for the key.
 */
export function validateAdminDraft(d: AdminDraft, withSetupLink = false): string | null {
  if (!d.firstName.trim() || !d.lastName.trim() || !d.email.trim() || !d.password || (!withSetupLink && !d.adminKey.trim())) {
    return tr.registerAdmin.required;
  }
  const checked = withSetupLink
    ? checkFields(ZNewAdmin, adminFields(d))
    : checkFields(ZAdminRegisterRequest, { ...adminFields(d), adminKey: d.adminKey.trim() });
  return 'errors' in checked ? (Object.values(checked.errors)[0] ?? null) : null;
}
