/* The order of the roles (docs/architecture/accounts.md#roles); roles.ts says which file is what. */

/**
 * Highest first: each can do everything the next one can, and more (docs/PRODUCT.md#team).
 * Platform administrators (`User.role: 'admin'`) are apart from these.
 */
export const ACCOUNT_ROLES = ['owner', 'admin', 'publisher', 'editor', 'viewer'] as const;
export type TAccountRole = (typeof ACCOUNT_ROLES)[number];

/** Whether `role` has at least the rights of `needed`. */
export const roleAtLeast = (role: TAccountRole, needed: TAccountRole): boolean =>
  ACCOUNT_ROLES.indexOf(role) <= ACCOUNT_ROLES.indexOf(needed);
