import type { AppContext } from '../../context.js';
import type { DbOrTx } from '../../db/client.js';
import { lockOwner } from '../entitlements/limits.js';
import { removeStoredFiles, STORED_FILE_FIELDS, storedFilesOf } from '../media/media-files.js';
import { removeScreenshots } from '../screen-health/screenshots.js';

/*
 * Deleting an account (docs/architecture/accounts.md#deleting-the-account), shared by the owner's
 * 'Hesabı Sil' and a platform administrator deleting themselves. Its rows go by the foreign keys'
 * cascade; its purchases stay, with no account, for the sales report. What the cascade cannot
 * reach follows the commit: the uploaded files (public under /uploads until removed), the
 * screenshots, the members' sockets and the screens' players and devices.
 */

/** What the commit leaves to clean up. */
export type DeletedAccount = { accountId: string; memberIds: string[]; fileNames: string[]; screenIds: string[]; deviceIds: string[] };

/**
 * Inside the caller's transaction: under the account's lock (uploads take it too) no media can
 * slip in between the listing and the delete.
 */
export async function deleteAccountRows(tx: DbOrTx, accountId: string): Promise<DeletedAccount> {
  await lockOwner(tx, accountId);
  const media = await tx.media.findMany({ where: { ownerId: accountId }, select: STORED_FILE_FIELDS });
  const screens = await tx.screen.findMany({ where: { ownerId: accountId }, select: { id: true } });
  const devices = await tx.device.findMany({ where: { ownerId: accountId }, select: { id: true } });
  const members = await tx.membership.findMany({ where: { accountId }, select: { userId: true } });
  await tx.account.deleteMany({ where: { id: accountId } });
  return {
    accountId,
    memberIds: members.map((m) => m.userId),
    fileNames: media.flatMap(storedFilesOf),
    screenIds: screens.map((s) => s.id),
    deviceIds: devices.map((d) => d.id),
  };
}

/** After the commit: the files go, and every socket of the account is told and cut. */
export async function afterAccountDeleted(ctx: AppContext, deleted: DeletedAccount): Promise<void> {
  await removeStoredFiles(ctx, deleted.fileNames, 'media file of a deleted account could not be removed');
  await removeScreenshots(ctx.storage, deleted.screenIds)
    .catch((err: unknown) => ctx.logger.warn({ err }, 'screenshots of a deleted account could not be removed'));
  // Every member's dashboards hear it and are cut; their tokens for the account already fail
  // (no membership). Their sockets in other accounts stay.
  for (const userId of deleted.memberIds) ctx.connections.memberRemoved(deleted.accountId, userId);
  // Paired devices (on a screen or waiting for one) and the screens' players and previews.
  ctx.connections.devicesRevoked(deleted.deviceIds);
  ctx.connections.screensDeleted(deleted.screenIds);
  // Drops the deleted screens' cached configs (pushes nothing: the screens are gone).
  if (deleted.screenIds.length) await ctx.notifier.screensChanged(deleted.screenIds);
}
