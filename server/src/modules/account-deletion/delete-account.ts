import type { AppContext } from '../../context.js';
import type { DbOrTx } from '../../db/client.js';
import { lockOwner } from '../entitlements/limits.js';
import { removeStoredFiles, STORED_FILE_FIELDS, storedFilesOf } from '../media/media-files.js';
import { removeScreenshots } from '../screen-health/screenshots.js';

/*
 * Deleting an account (docs/architecture/accounts.md#deleting-the-account), shared by the owner's
 * 'Hesabı Sil' and a platform administrator deleting themselves. Its rows go by the foreign keys'
 * cascade; its purchases stay, with no account, for the sales report, a running one ended then.
 * What the cascade cannot reach follows the commit: first the members' sockets and the screens'
 * players and devices are cut, then the uploaded files (public under /uploads until removed) and
 * the screenshots go.
 */

/** What the commit leaves to clean up. */
export type DeletedAccount = { accountId: string; memberIds: string[]; fileNames: string[]; screenIds: string[]; deviceIds: string[] };

/**
 * Inside the caller's transaction: under the account's lock (uploads take it too) no media can
 * slip in between the listing and the delete. A running purchase ends now (expired, its mobile
 * code gone): it runs for no account any more.
 */
export async function deleteAccountRows(tx: DbOrTx, accountId: string, now: Date): Promise<DeletedAccount> {
  await lockOwner(tx, accountId);
  const media = await tx.media.findMany({ where: { ownerId: accountId }, select: STORED_FILE_FIELDS });
  const screens = await tx.screen.findMany({ where: { ownerId: accountId }, select: { id: true } });
  // Revoked devices were cut when they were revoked.
  const devices = await tx.device.findMany({ where: { ownerId: accountId, revokedAt: null }, select: { id: true } });
  const members = await tx.membership.findMany({ where: { accountId }, select: { userId: true } });
  await tx.purchase.updateMany({
    where: { accountId, status: 'completed', expiresAt: { gt: now } }, data: { status: 'expired', expiresAt: now, mobileCode: null },
  });
  await tx.account.deleteMany({ where: { id: accountId } });
  return {
    accountId,
    memberIds: members.map((m) => m.userId),
    fileNames: media.flatMap(storedFilesOf),
    screenIds: screens.map((s) => s.id),
    deviceIds: devices.map((d) => d.id),
  };
}

/**
 * After the commit: every socket of the account is told and cut first, so nothing keeps showing
 * or fetching the account's content while its files go; then the files and screenshots go.
 */
export async function afterAccountDeleted(ctx: AppContext, deleted: DeletedAccount): Promise<void> {
  // Every member's dashboards hear it and are cut; their tokens for the account already fail
  // (no membership). Their sockets in other accounts stay.
  for (const userId of deleted.memberIds) ctx.connections.memberRemoved(deleted.accountId, userId);
  // Paired devices (on a screen or waiting for one) and the screens' players and previews.
  ctx.connections.devicesRevoked(deleted.deviceIds);
  ctx.connections.screensDeleted(deleted.screenIds);
  // Drops the deleted screens' cached configs (pushes nothing: the screens are gone).
  if (deleted.screenIds.length) await ctx.notifier.screensChanged(deleted.screenIds);
  await removeStoredFiles(ctx, deleted.fileNames, 'media file of a deleted account could not be removed');
  await removeScreenshots(ctx.storage, deleted.screenIds)
    .catch((err: unknown) => ctx.logger.warn({ err }, 'screenshots of a deleted account could not be removed'));
}
