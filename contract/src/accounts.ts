import { z } from './zod.js';
import { ZId } from './common.js';
import { ACCOUNT_ROLES } from './roles.js';

// The roles themselves (their order, labels, roleAtLeast) need no zod: roles.ts.
export * from './roles.js';

export const ZAccountRole = z.enum(ACCOUNT_ROLES, { error: 'Geçersiz rol' });

/**
 * The account a signed-in person works in, on the user object; `limited`: the member is limited
 * to screen groups (docs/architecture/accounts.md#screen-group-limits).
 */
export const ZUserAccount = z.object({ _id: ZId, name: z.string(), role: ZAccountRole, limited: z.boolean() });
export type TUserAccount = z.infer<typeof ZUserAccount>;
