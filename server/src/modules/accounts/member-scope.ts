import { forbidden } from '../../http/errors.js';
import { isLimited } from '../../http/policy.js';
import type { AuthAccount } from '../../http/request-types.js';

/*
 * A member limited to screen groups who manages the team (an admin, or an owner handed a limited
 * membership) gives no more than they have (docs/architecture/accounts.md#screen-group-limits):
 * never 'every screen' (no groups), never a group outside their own, and never touches a person
 * or invitation that sees more than they do.
 */


/** Whether `groupIds` (empty: every screen) lie within the caller's own scope. */
export const withinCaller = (caller: AuthAccount, groupIds: string[]) =>
  !isLimited(caller) || (groupIds.length > 0 && groupIds.every((g) => caller.groupIds.includes(g)));

/** The groups an invitation or a member change grants: 403 beyond the caller's own. */
export function assertGrantable(caller: AuthAccount, groupIds: string[]): void {
  if (!isLimited(caller)) return;
  if (groupIds.length === 0) {
    throw forbidden('Ekran gruplarıyla sınırlı olduğunuz için tüm ekranları veremezsiniz; lütfen kendi gruplarınızdan seçin.');
  }
  if (!withinCaller(caller, groupIds)) throw forbidden('Yalnızca kendi ekran gruplarınızı verebilirsiniz.');
}

/** A member the caller changes or removes: 403 when they see more than the caller. */
export function assertMemberWithin(caller: AuthAccount, groupIds: string[]): void {
  if (!withinCaller(caller, groupIds)) throw forbidden('Sizden daha fazla ekran gören bir üyeyi değiştiremez ya da çıkaramazsınız.');
}

/** An invitation the caller revokes: 403 when it grants more than the caller has. */
export function assertInvitationWithin(caller: AuthAccount, groupIds: string[]): void {
  if (!withinCaller(caller, groupIds)) throw forbidden('Sizden daha fazla ekranı kapsayan bir daveti geri alamazsınız.');
}

/** Handing the account on is for an owner who sees every screen. */
export function assertMayTransfer(caller: AuthAccount): void {
  if (isLimited(caller)) throw forbidden('Ekran gruplarıyla sınırlı olduğunuz için sahipliği devredemezsiniz.');
}

/** An API key the caller revokes: 403 when it reaches more screens than the caller sees. */
export function assertKeyWithin(caller: AuthAccount, groupIds: string[]): void {
  if (!withinCaller(caller, groupIds)) throw forbidden('Sizden daha fazla ekranı kapsayan bir API anahtarını iptal edemezsiniz.');
}
