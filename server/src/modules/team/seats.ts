import { ErrorCode } from '@pano/contract';
import type { DbOrTx } from '../../db/client.js';
import { AppError, packageRequired } from '../../http/errors.js';
import { findRunningPurchase } from '../entitlements/active-package.js';

/*
 * Seats (docs/architecture/accounts.md#seats): the people in an account and the invitations
 * still open count against the running package's `maxMembers`. An account owned by a platform
 * administrator needs no package and has no limit.
 */

/** Open: neither accepted nor revoked, and not yet expired. */
export const openInvitationWhere = (accountId: string, now: Date) =>
  ({ accountId, acceptedAt: null, revokedAt: null, expiresAt: { gt: now } });

export async function seatsUsed(db: DbOrTx, accountId: string, now: Date): Promise<number> {
  const [members, invitations] = await Promise.all([
    db.membership.count({ where: { accountId } }),
    db.invitation.count({ where: openInvitationWhere(accountId, now) }),
  ]);
  return members + invitations;
}

/** The account's member limit; null: none (an administrator's account). `undefined`: no package runs. */
export async function seatLimit(db: DbOrTx, accountId: string, now: Date): Promise<number | null | undefined> {
  const running = await findRunningPurchase(db, accountId, now);
  if (running) return running.maxMembers;
  const adminOwner = await db.membership.count({ where: { accountId, role: 'owner', user: { role: 'admin' } } });
  return adminOwner > 0 ? null : undefined;
}

export const seatsFull = (max: number) => new AppError(402, ErrorCode.MEMBER_LIMIT_REACHED,
  `Paketinizin üye sınırına ulaştınız (en fazla ${max} kişi, açık davetler dahil). Yeni bir kişi davet etmek için bir daveti geri alın, bir üyeyi çıkarın ya da paketinizi yükseltin.`);

/**
 * What the team page shows as the limit: an account with no running package holds its people
 * but takes nobody new, so it reads as its owner alone; null only where there is no limit.
 */
export const SEATS_WITHOUT_PACKAGE = 1;
export const seatLimitShown = (max: number | null | undefined): number | null => (max === undefined ? SEATS_WITHOUT_PACKAGE : max);

const ASK_THE_ADMIN = 'Hesap yöneticisine haber verin; davetiniz geçerli kalır ve yer açıldığında yeniden kabul edebilirsiniz.';

/**
 * At accept (under the invited account's lock): the package may have changed or ended since the
 * invitation was sent. One more member must fit the limit that applies now; the refusal is the
 * seat limit's 402 (shown on the invitation page, never sent to /packages), and the invitation
 * stays open.
 */
export async function assertRoomToJoin(db: DbOrTx, accountId: string, now: Date): Promise<void> {
  const max = await seatLimit(db, accountId, now);
  if (max === null) return;
  if (max === undefined) {
    throw new AppError(402, ErrorCode.MEMBER_LIMIT_REACHED, `Bu hesabın paketi şu anda etkin değil, bu yüzden yeni üye katılamıyor. ${ASK_THE_ADMIN}`);
  }
  if ((await db.membership.count({ where: { accountId } })) + 1 > max) {
    throw new AppError(402, ErrorCode.MEMBER_LIMIT_REACHED, `Bu hesabın üye sınırı dolu (paketi en fazla ${max} kişiye izin veriyor). ${ASK_THE_ADMIN}`);
  }
}

/** Refuses one more seat (under the caller's account lock): 402 when the package's limit is reached or no package runs. */
export async function assertSeatFree(db: DbOrTx, accountId: string, now: Date): Promise<void> {
  const max = await seatLimit(db, accountId, now);
  if (max === undefined) throw packageRequired();
  if (max !== null && (await seatsUsed(db, accountId, now)) >= max) throw seatsFull(max);
}
