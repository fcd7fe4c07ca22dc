import type { AppConfig } from './config/env.js';
import type { Db } from './db/client.js';
import type { JobScheduler } from './jobs/job-definitions.js';
import type { Logger } from './logger.js';
import type { TokenService } from './modules/auth/tokens.js';
import type { ScreenNotifier } from './realtime/screen-notifier.js';

/** Everything a route or service may use, passed explicitly (no globals, no god-object). */
export type AppContext = {
  db: Db;
  config: AppConfig;
  logger: Logger;
  tokens: TokenService;
  /** Told after a commit which screens may show something different now. */
  notifier: ScreenNotifier;
  clock: () => Date;
  /** Background work (purchase expiry, abandoned payments): BullMQ or in-process. */
  jobs: JobScheduler;
};
