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
 * One more person in the account, under its lock: 402 when the package's limit is reached or no
 * package runs (an administrator's account has no limit).
 * - `invite`: a new invitation takes a seat beside the members and the open invitations; the
 *   answer is the plain 402s (the dashboard offers the packages).
 * - `join`: at accept the package may have changed or ended since the invitation was sent. The
 *   invitation already holds its seat, so one more member must fit beside the members; the
 *   refusal is shown on the invitation page (never sent to /packages), and the invitation stays
 *   open.
 */
export async function assertSeatFree(db: DbOrTx, accountId: string, now: Date, ask: 'invite' | 'join'): Promise<void> {
  const max = await seatLimit(db, accountId, now);
  if (max === null) return;
  if (max === undefined) {
    throw ask === 'invite' ? packageRequired()
      : new AppError(402, ErrorCode.MEMBER_LIMIT_REACHED, `Bu hesabın paketi şu anda etkin değil, bu yüzden yeni üye katılamıyor. ${ASK_THE_ADMIN}`);
  }
  const taken = ask === 'invite' ? await seatsUsed(db, accountId, now) : await db.membership.count({ where: { accountId } });
  if (taken + 1 <= max) return;
  throw ask === 'invite' ? seatsFull(max)
    : new AppError(402, ErrorCode.MEMBER_LIMIT_REACHED, `Bu hesabın üye sınırı dolu (paketi en fazla ${max} kişiye izin veriyor). ${ASK_THE_ADMIN}`);
}
