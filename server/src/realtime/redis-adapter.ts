import { createAdapter } from '@socket.io/redis-adapter';
import { Redis } from 'ioredis';
import type { Logger } from '../logger.js';
import type { PanoServer } from './socket-types.js';

// Servers whose events reach other instances; the in-memory adapter only warns on serverSideEmit.
const shared = new WeakSet<PanoServer>();

/** True when `io.serverSideEmit` reaches the other API instances (a Redis adapter is attached). */
export const reachesOtherInstances = (io: PanoServer): boolean => shared.has(io);

/**
 * docs/SCALING.md#realtime-across-instances: with REDIS_URL, events and fetchSockets() reach sockets on every API
 * instance, so any instance may push a config or count a screen's players.
 */
export async function attachRedisAdapter(io: PanoServer, url: string, logger: Logger): Promise<{ client: Redis; close: () => Promise<void> }> {
  const pub = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: null });
  const sub = pub.duplicate();
  for (const [name, client] of [['pub', pub], ['sub', sub]] as const) {
    client.on('error', (err) => logger.warn({ err, client: name }, 'socket.io redis adapter connection error'));
  }
  try {
    await Promise.all([pub.connect(), sub.connect()]);
  } catch (err) {
    pub.disconnect();
    sub.disconnect();
    // Fail the boot loudly: an instance without the adapter would silently miss other instances' pushes.
    throw new Error(`socket.io Redis adapter: cannot connect to REDIS_URL (${redactedUrl(url)}): ${(err as Error).message}`);
  }
  io.adapter(createAdapter(pub, sub, { key: 'pano:socket.io' }));
  shared.add(io);
  return {
    // The publishing connection also serves plain commands (the rate limits' shared counts).
    client: pub,
    close: async () => { await Promise.allSettled([pub.quit(), sub.quit()]); },
  };
}

function redactedUrl(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return 'unparseable URL';
  }
}
