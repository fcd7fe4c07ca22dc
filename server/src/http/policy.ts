import type { RequestHandler } from 'express';
import { ACCOUNT_ROLE_LABELS, roleAtLeast, type TAccountRole } from '@pano/contract';
import { currentAccount } from './authenticate.js';
import { forbidden } from './errors.js';

/*
 * The one place rights are checked (docs/architecture/accounts.md#roles): routes, sockets and the
 * dashboard ask the same ordered list of roles from the contract.
 */

/** The 403 of a role below what an action needs: it names the right that is missing. */
export const roleRequired = (needed: TAccountRole, has: TAccountRole) =>
  forbidden(`Bu işlem için '${ACCOUNT_ROLE_LABELS[needed]}' yetkisi gerekiyor (rolünüz: ${ACCOUNT_ROLE_LABELS[has]})`);

/** Whether the caller's role in the current account reaches `needed`; else the 403 above. */
export function assertRole(role: TAccountRole, needed: TAccountRole): void {
  if (!roleAtLeast(role, needed)) throw roleRequired(needed, role);
}

/**
 * Router guard: every member reads (GET, HEAD); anything else needs at least `needed`
 * (docs/architecture/accounts.md#roles).
 */
export const writesNeed = (needed: TAccountRole): RequestHandler => (req, _res, next) => {
  if (req.method !== 'GET' && req.method !== 'HEAD') assertRole(currentAccount(req).role, needed);
  next();
};

/** Route guard: the caller's role in the account the request works in is at least `needed`. */
export const requireRole = (needed: TAccountRole): RequestHandler => (req, _res, next) => {
  assertRole(currentAccount(req).role, needed);
  next();
};

/**
 * Route guard for a person's role where an API key's scope is the whole right (webhooks): a key
 * that reached the route has it (http/key-routes.ts); a person needs at least `needed`.
 */
export const peopleNeed = (needed: TAccountRole): RequestHandler => (req, _res, next) => {
  if (!req.apiKey) assertRole(currentAccount(req).role, needed);
  next();
};

/**
 * Whether the caller is limited to screen groups in the account the request works in (none: every
 * screen; docs/architecture/accounts.md#screen-group-limits). The one spelling of the rule.
 */
export const isLimited = (account: { groupIds: readonly string[] }): boolean => account.groupIds.length > 0;

const ACCOUNT_WIDE = 'Ekran gruplarıyla sınırlı olduğunuz için hesabın genel ayarlarını değiştiremezsiniz: bu ayarlar hesabın tüm ekranlarını etkiler. Tüm ekranları gören bir yönetici değiştirebilir.';

/**
 * Route guard for what reaches every screen of the account (its settings, its name, its sign-in
 * rules): a member limited to screen groups is refused (403), whatever their role.
 */
export const requireAllScreens = (message = ACCOUNT_WIDE): RequestHandler => (req, _res, next) => {
  if (isLimited(currentAccount(req))) throw forbidden(message);
  next();
};
