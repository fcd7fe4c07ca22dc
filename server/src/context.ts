import type { AppConfig } from './config/env.js';
import type { Db } from './db/client.js';
import type { JobScheduler } from './jobs/job-definitions.js';
import type { Logger } from './logger.js';
import type { TokenService } from './http/tokens.js';
import type { DeviceLookup } from './modules/devices/device-lookup.js';
import type { UploadReservations } from './modules/media/upload-reservations.js';
import type { ScreenConfigReader } from './realtime/screen-config-reader.js';
import type { PaymentProvider } from './payments/payment-provider.js';
import type { HealthNotifier, PresenceReader, ScreenNotifier } from './realtime/screen-notifier.js';
import type { ConnectionControl } from './realtime/connection-control.js';
import type { RateLimitStores } from './http/rate-limit-store.js';
import type { Metrics } from './metrics/metrics.js';
import type { FileStorage } from './storage/file-storage.js';
import type { Mailer } from './mail/mailer.js';

/**
 * Everything a route, service or job handler may use, passed explicitly (no globals, no
 * registries, no god-object). Built once per process by createAppContext (app-context.ts);
 * read-only, so nothing can be swapped in after construction.
 */
export type AppContext = Readonly<{
  db: Db;
  config: AppConfig;
  logger: Logger;
  clock: () => Date;
  tokens: TokenService;
  /** Background work (purchase expiry, abandoned payments): BullMQ or in-process. */
  jobs: JobScheduler;
  /** The card processor (Stripe or dev), one per process: routes and job handlers share its state. */
  payments: PaymentProvider;
  /** Device rows by id, batched; on an API instance also cached for a few seconds. */
  devices: DeviceLookup;
  /** Built screen configs for the config endpoint, batched; cached on an API instance. */
  screenConfigs: ScreenConfigReader;
  /** Told after a commit which screens may show something different now. */
  notifier: ScreenNotifier;
  /** Which screens have a player connected, on any instance; none without a realtime layer. */
  presence: PresenceReader;
  /** Tells owners' dashboards of health changes and asks players for screenshots (docs/architecture/devices.md#health). */
  health: HealthNotifier;
  /** Bytes of the uploads streaming on this instance, per customer: the storage limit counts them. */
  uploads: UploadReservations;
  /** Disconnects revoked devices, deleted screens' players and signed-out users' sockets, on every instance. */
  connections: ConnectionControl;
  /** Where the rate limiters count: Redis shared by every instance (REDIS_URL), else memory. */
  rateLimits: RateLimitStores;
  /** This process's Prometheus registry and metrics, served at /metrics. */
  metrics: Metrics;
  /** Every stored file: the local folder or a bucket (docs/architecture/storage.md#the-storage-collaborator). */
  storage: FileStorage;
  /** Mail to people (password resets, later invitations): SMTP_URL, else the log (docs/OPERATIONS.md#mail). */
  mailer: Mailer;
}>;
