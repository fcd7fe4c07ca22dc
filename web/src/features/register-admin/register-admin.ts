import type { TAdminRegisterRequest, TSetupAdminRequest } from '@pano/contract';
import { tr } from '../../i18n/tr';
import { api } from '../../lib/api-client';

export type AdminDraft = { firstName: string; lastName: string; email: string; password: string; adminKey: string };

export const emptyAdminDraft = (): AdminDraft => ({ firstName: '', lastName: '', email: '', password: '', adminKey: '' });

/** docs/PRODUCT.md#register-admin: after success, /login follows after 3 seconds. */
export const REDIRECT_DELAY_MS = 3000;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * docs/PRODUCT.md#register-admin: all five fields required, email format, password at least 6 characters. With
 * the setup link the server printed at its first start, the link stands in for the key.
 */
export function validateAdminDraft(d: AdminDraft, withSetupLink = false): string | null {
  if (!d.firstName.trim() || !d.lastName.trim() || !d.email.trim() || !d.password || (!withSetupLink && !d.adminKey.trim())) {
    return tr.registerAdmin.required;
  }
  if (!EMAIL.test(d.email.trim())) return tr.registerAdmin.invalidEmail;
  if (d.password.length < 6) return tr.registerAdmin.shortPassword;
  return null;
}

export function registerAdmin(d: AdminDraft, setupToken?: string) {
  const admin = { firstName: d.firstName.trim(), lastName: d.lastName.trim(), email: d.email.trim(), password: d.password };
  return setupToken
    ? api.post<unknown>('/api/auth/setup-admin', { ...admin, setupToken } satisfies TSetupAdminRequest)
    : api.post<unknown>('/api/auth/admin-register', { ...admin, adminKey: d.adminKey.trim() } satisfies TAdminRegisterRequest);
}
