import { createAdapter } from '@socket.io/redis-adapter';
import { Redis } from 'ioredis';
import { REDIS_REQUEST_TIMEOUT_MS } from '../config/redis-deadline.js';
import type { Logger } from '../logger.js';
import type { PanoServer } from '../sockets/socket-types.js';

// Servers whose events reach other instances; the in-memory adapter only warns on serverSideEmit.
const shared = new WeakSet<PanoServer>();

/** True when `io.serverSideEmit` reaches the other API instances (a Redis adapter is attached). */
export const reachesOtherInstances = (io: PanoServer): boolean => shared.has(io);

/** The adapter's two Redis connections, as the realtime layer needs to know them. */
export type RedisLink = {
  /** The publishing connection, for plain commands (it never gives up on one: see below). */
  client: Redis;
  /** Both connections are up: asking the other instances can get an answer. */
  connected(): boolean;
  /** Called when the subscription comes back after a loss: messages sent meanwhile never arrived. */
  onResubscribed(listener: () => void): void;
  close(): Promise<void>;
};

/**
 * docs/SCALING.md#realtime-across-instances: with REDIS_URL, events and fetchSockets() reach sockets on every API
 * instance, so any instance may push a config or count a screen's players.
 *
 * The adapter publishes without handling a rejection, so these connections keep ioredis's
 * offline queue and never fail a command (a failed publish would crash the process): what is
 * published during an outage goes out when Redis is back. Callers that wait for an answer
 * (presence) check `connected()` and bound their wait (docs/OPERATIONS.md#redis-outages).
 */
export async function attachRedisAdapter(io: PanoServer, url: string, logger: Logger): Promise<RedisLink> {
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
  // Other instances' answers to fetchSockets() are awaited no longer than a request may wait.
  io.adapter(createAdapter(pub, sub, { key: 'pano:socket.io', requestsTimeout: REDIS_REQUEST_TIMEOUT_MS - 500 }));
  shared.add(io);
  // The first 'ready' came before connect() resolved; every later one is a reconnection.
  const resubscribed: (() => void)[] = [];
  sub.on('ready', () => { for (const listener of resubscribed) listener(); });
  return {
    // The publishing connection also serves plain commands (the rate limits' shared counts).
    client: pub,
    connected: () => pub.status === 'ready' && sub.status === 'ready',
    onResubscribed: (listener) => { resubscribed.push(listener); },
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
