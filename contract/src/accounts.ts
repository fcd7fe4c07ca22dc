import { z } from './zod.js';
import { ZId } from './common.js';

/**
 * A member's role in an account, highest first: each can do everything the next one can, and
 * more (docs/PRODUCT.md#team). Platform administrators (`User.role: 'admin'`) are apart from these.
 */
export const ACCOUNT_ROLES = ['owner', 'admin', 'publisher', 'editor', 'viewer'] as const;
export const ZAccountRole = z.enum(ACCOUNT_ROLES, { error: 'Geçersiz rol' });
export type TAccountRole = z.infer<typeof ZAccountRole>;

/** How each role reads in the dashboard. */
export const ACCOUNT_ROLE_LABELS: Record<TAccountRole, string> = {
  owner: 'Sahip',
  admin: 'Yönetici',
  publisher: 'Yayıncı',
  editor: 'Editör',
  viewer: 'İzleyici',
};

/** Whether `role` has at least the rights of `needed`. */
export const roleAtLeast = (role: TAccountRole, needed: TAccountRole): boolean =>
  ACCOUNT_ROLES.indexOf(role) <= ACCOUNT_ROLES.indexOf(needed);

/** The account a signed-in person works in, on the user object. */
export const ZUserAccount = z.object({ _id: ZId, name: z.string(), role: ZAccountRole });
export type TUserAccount = z.infer<typeof ZUserAccount>;
