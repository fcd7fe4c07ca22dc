import type { Db } from '../db/client.js';
import type { PanoServer } from '../sockets/socket-types.js';

/**
 * Revocations and screen deletions reach the other instances through Redis; one told while this
 * instance's subscription was down never arrives. When it comes back, this instance's players
 * are checked against the database once: a revoked or deleted device, one moved to another
 * screen, or a deleted screen, is disconnected as it would have been
 * (docs/OPERATIONS.md#redis-outages). Returns how many.
 */
export async function disconnectStalePlayers(io: PanoServer, db: Db): Promise<number> {
  const players = (await io.local.fetchSockets()).filter((s) => s.data.role === 'player');
  if (players.length === 0) return 0;
  const deviceIds = [...new Set(players.flatMap((s) => (s.data.deviceId ? [s.data.deviceId] : [])))];
  const screenIds = [...new Set(players.flatMap((s) => (s.data.screenId ? [s.data.screenId] : [])))];
  const [devices, screens] = await Promise.all([
    db.device.findMany({ where: { id: { in: deviceIds }, revokedAt: null }, select: { id: true, screenId: true } }),
    db.screen.findMany({ where: { id: { in: screenIds } }, select: { id: true } }),
  ]);
  const shows = new Map(devices.map((d) => [d.id, d.screenId]));
  const existing = new Set(screens.map((s) => s.id));
  const stale = players.filter((s) => shows.get(s.data.deviceId ?? '') !== s.data.screenId || !existing.has(s.data.screenId ?? ''));
  for (const s of stale) s.disconnect(true);
  return stale.length;
}
