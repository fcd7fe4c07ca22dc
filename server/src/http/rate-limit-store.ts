import { MemoryStore, type ClientRateLimitInfo, type IncrementResponse, type Options, type Store } from 'express-rate-limit';
import type { Redis } from 'ioredis';
import { RedisStore, type RedisReply } from 'rate-limit-redis';
import { withDeadline } from '../config/redis-deadline.js';
import type { Logger } from '../logger.js';

/** How long a login or pairing waits for Redis before it counts in this instance's memory instead. */
export const SHARED_COUNT_TIMEOUT_MS = 500;

/** Where the rate limiters keep their counts; one store per limiter (express-rate-limit refuses a shared one). */
export type RateLimitStores = {
  /** A new store for the limiter called `name`; undefined keeps express-rate-limit's own memory store. */
  create(name: string): Store | undefined;
};

/** Without Redis every instance counts on its own, which is all one instance needs. */
export const countInMemory: RateLimitStores = { create: () => undefined };

/**
 * docs/OPERATIONS.md#rate-limits: with REDIS_URL the counts live in Redis, on the connection the
 * socket.io adapter already holds, so N instances allow one limit, not N.
 */
export function countInRedis(client: Redis, logger: Logger): RateLimitStores {
  const health = new RedisHealth(logger);
  return { create: (name) => new SharedCountStore(client, `pano:rl:${name}:`, health) };
}

/** Logs an outage once when it starts and once when it ends, not once per login. */
class RedisHealth {
  private degraded = false;
  constructor(private readonly logger: Logger) {}
  failed(err: unknown): void {
    if (this.degraded) return;
    this.degraded = true;
    this.logger.warn({ err }, 'rate limits: Redis does not answer; counting in this instance until it does');
  }
  answered(): void {
    if (!this.degraded) return;
    this.degraded = false;
    this.logger.info('rate limits: Redis answers again; counts are shared across instances');
  }
}

/**
 * A rate-limit-redis store that never blocks a request on Redis. The adapter's connection
 * queues commands while Redis is away (it retries forever, which its pub/sub needs), so every
 * call is skipped when the connection is not ready and abandoned after
 * SHARED_COUNT_TIMEOUT_MS otherwise. Such a call is counted in this instance's memory instead.
 *
 * Why the memory fallback and not failing open: an outage (or an attacker who can cause one)
 * would otherwise lift the limits entirely; counted per instance, guessing stays bounded at
 * N × the limit, and logins neither hang nor fail.
 */
class SharedCountStore implements Store {
  readonly localKeys = false;
  private readonly shared: RedisStore;
  private readonly local = new MemoryStore();
  private options: Options | undefined;
  // rate-limit-redis loads its scripts in init(); a load that failed leaves it unusable until reloaded.
  private scriptsLoaded = false;

  constructor(private readonly client: Redis, readonly prefix: string, private readonly health: RedisHealth) {
    this.shared = new RedisStore({
      prefix,
      sendCommand: (command: string, ...args: string[]) => client.call(command, ...args) as Promise<RedisReply>,
    });
  }

  init(options: Options): void {
    this.options = options;
    this.local.init(options);
  }

  /** The answer from Redis, or undefined when it is away or slow. */
  private async inRedis<T>(op: (store: RedisStore) => Promise<T>): Promise<T | undefined> {
    if (this.client.status !== 'ready' || !this.options) return undefined;
    try {
      if (!this.scriptsLoaded) {
        await withDeadline(this.shared.init(this.options), 'shared rate-limit count', SHARED_COUNT_TIMEOUT_MS);
        this.scriptsLoaded = true;
      }
      const result = await withDeadline(op(this.shared), 'shared rate-limit count', SHARED_COUNT_TIMEOUT_MS);
      this.health.answered();
      return result;
    } catch (err) {
      this.scriptsLoaded = false;
      this.health.failed(err);
      return undefined;
    }
  }

  async increment(key: string): Promise<IncrementResponse> {
    return (await this.inRedis((s) => s.increment(key))) ?? this.local.increment(key);
  }

  async decrement(key: string): Promise<void> {
    const done = await this.inRedis(async (s) => { await s.decrement(key); return true; });
    if (!done) await this.local.decrement(key);
  }

  async resetKey(key: string): Promise<void> {
    await Promise.all([this.inRedis(async (s) => { await s.resetKey(key); return true; }), this.local.resetKey(key)]);
  }

  async get(key: string): Promise<ClientRateLimitInfo | undefined> {
    return (await this.inRedis((s) => s.get(key))) ?? this.local.get(key);
  }

  shutdown(): void {
    this.local.shutdown();
  }
}

