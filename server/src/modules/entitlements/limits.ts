import type { DbOrTx } from '../../db/client.js';
import { limitReached } from '../../http/errors.js';
import type { ActivePurchase } from './active-package.js';

const GB = 1024 ** 3;

export type Usage = { used: number; limit: number; percentage: number };
export type UsageReport = { mediaUsage: Usage & { usedBytes: number }; screenUsage: Usage; playlistUsage: Usage };

/** Percent with one decimal, capped at 100. */
const percent = (used: number, limit: number) => (limit > 0 ? Math.min(100, Math.round((used / limit) * 1000) / 10) : 0);

const usage = (used: number, limit: number): Usage => ({ used, limit, percentage: percent(used, limit) });

/**
 * The bytes the owner's media take. A media item whose new file is still converting
 * (docs/PRODUCT.md#replacing-a-file) counts the larger of its two files: the old one goes when
 * the new one is ready, and stays when it fails, so either way that much stays stored.
 */
export async function storageUsedBytes(db: DbOrTx, ownerId: string): Promise<bigint> {
  const [row] = await db.$queryRaw<{ used: bigint }[]>`
    SELECT COALESCE(SUM(GREATEST("sizeBytes", COALESCE("replacementSizeBytes", 0))), 0)::bigint AS used
    FROM media WHERE "ownerId" = ${ownerId}`;
  return row?.used ?? 0n;
}

/**
 * Usage against the package. Media in GB with two decimals (the spec's unit), plus the exact
 * bytes: nine photos are a few MB, which two decimals of a GB round to 0, and /settings shows
 * amounts under 1 GB in MB. The percentage comes from the bytes for the same reason.
 */
export async function usageReport(db: DbOrTx, ownerId: string, p: Pick<ActivePurchase, 'maxMediaUploadGb' | 'maxScreens' | 'maxPlaylists'>): Promise<UsageReport> {
  const [bytes, screens, playlists] = await Promise.all([
    storageUsedBytes(db, ownerId),
    db.screen.count({ where: { ownerId } }),
    db.playlist.count({ where: { ownerId } }),
  ]);
  const usedBytes = Number(bytes);
  return {
    mediaUsage: {
      used: Math.round((usedBytes / GB) * 100) / 100,
      usedBytes,
      limit: p.maxMediaUploadGb,
      percentage: percent(usedBytes, p.maxMediaUploadGb * GB),
    },
    screenUsage: usage(screens, p.maxScreens),
    playlistUsage: usage(playlists, p.maxPlaylists),
  };
}

export const storageLimitBytes = (p: Pick<ActivePurchase, 'maxMediaUploadGb'>) => p.maxMediaUploadGb * GB;

export const storageLimitReached = (p: Pick<ActivePurchase, 'maxMediaUploadGb'>) =>
  limitReached(`Medya depolama sınırınıza ulaştınız (${p.maxMediaUploadGb} GB). Yer açmak için medya silin veya paketinizi yükseltin.`);

/**
 * Limit checks for customers (admins pass `undefined`: no package, no limits). Callers run
 * them inside the transaction that writes, after locking the owner's row, so two parallel
 * requests cannot both squeeze under a limit.
 */
export async function assertStorageAvailable(db: DbOrTx, ownerId: string, p: ActivePurchase | undefined, addBytes: number): Promise<void> {
  if (!p) return;
  const used = await storageUsedBytes(db, ownerId);
  if (Number(used) + addBytes > storageLimitBytes(p)) throw storageLimitReached(p);
}

export async function assertScreenSlot(db: DbOrTx, ownerId: string, p: ActivePurchase | undefined): Promise<void> {
  if (!p) return;
  if ((await db.screen.count({ where: { ownerId } })) >= p.maxScreens) {
    throw limitReached(`Ekran sınırınıza ulaştınız (en fazla ${p.maxScreens} ekran). Daha fazla ekran için paketinizi yükseltin.`);
  }
}

export async function assertPlaylistSlot(db: DbOrTx, ownerId: string, p: ActivePurchase | undefined): Promise<void> {
  if (!p) return;
  if ((await db.playlist.count({ where: { ownerId } })) >= p.maxPlaylists) {
    throw limitReached(`Playlist sınırınıza ulaştınız (en fazla ${p.maxPlaylists} playlist). Daha fazla playlist için paketinizi yükseltin.`);
  }
}

/** Serialises limit-checked writes of one owner: `SELECT … FOR UPDATE` on the account row. */
export async function lockOwner(tx: DbOrTx, ownerId: string): Promise<void> {
  await tx.$queryRaw`SELECT id FROM accounts WHERE id = ${ownerId} FOR UPDATE`;
}
