import type { AppContext } from './context.js';
import { DeviceLookup } from './modules/devices/device-lookup.js';
import { UploadReservations } from './modules/media/upload-reservations.js';
import type { DeviceLookupCache } from './modules/devices/device-lookup-cache.js';
import { ScreenConfigReader } from './realtime/screen-config-reader.js';
import type { ScreenConfigCache } from './modules/screens/screen-config-cache.js';
import { createPaymentProvider } from './payments/payment-provider.factory.js';
import { nobodyOnline, silentHealth, silentNotifier, type HealthNotifier, type PresenceReader, type ScreenNotifier } from './realtime/screen-notifier.js';
import { noConnections, type ConnectionControl } from './realtime/connection-control.js';
import { countInMemory, countInRedis } from './http/rate-limit-store.js';
import type { Redis } from 'ioredis';
import { createFileStorage } from './storage/create-file-storage.js';
import { createMailer } from './mail/mailer.js';

/** The collaborators a process makes first, from its config alone; none of them needs another. */
export type ContextBase = Pick<AppContext, 'config' | 'db' | 'logger' | 'clock' | 'tokens' | 'jobs' | 'metrics'>;

/**
 * What the realtime layer contributes: made from the base (and the io server) before the
 * context exists, so the context is built once, complete. The caches are an API instance's
 * and are dropped by this same notifier on every change.
 */
export type RealtimeParts = {
  notifier: ScreenNotifier;
  presence: PresenceReader;
  health: HealthNotifier;
  connections: ConnectionControl;
  configCache?: ScreenConfigCache;
  deviceCache?: DeviceLookupCache;
  /** The Redis adapter's connection (REDIS_URL), reused for the rate limits' shared counts. */
  redis?: Redis;
};

/**
 * No realtime layer (route tests, CLI): nothing is pushed, nobody is online, no socket to cut,
 * nothing is cached, rate limits count in memory.
 */
export const withoutRealtime = (notifier: ScreenNotifier = silentNotifier): RealtimeParts => ({
  notifier, presence: nobodyOnline, health: silentHealth, connections: noConnections,
});

/**
 * The one way an AppContext is made (API instance, worker, test harness). Every collaborator
 * is named and built after the ones it needs: the base, then the realtime parts (given), then
 * what is built from both here.
 */
export function createAppContext(base: ContextBase, realtime: RealtimeParts): AppContext {
  const { config, db, logger, clock, tokens, jobs, metrics } = base;
  return {
    config, db, logger, clock, tokens, jobs, metrics,
    payments: createPaymentProvider(config),
    devices: new DeviceLookup(db, realtime.deviceCache),
    screenConfigs: new ScreenConfigReader({ db, config, clock }, realtime.configCache),
    notifier: realtime.notifier,
    presence: realtime.presence,
    health: realtime.health,
    uploads: new UploadReservations(),
    connections: realtime.connections,
    rateLimits: realtime.redis ? countInRedis(realtime.redis, logger) : countInMemory,
    storage: createFileStorage(config),
    mailer: createMailer({ config, logger }),
  };
}
