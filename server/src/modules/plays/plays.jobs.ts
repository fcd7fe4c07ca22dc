import type { AppContext } from '../../context.js';
import type { JobHandlers } from '../../jobs/job-definitions.js';
import { deleteOldPlays, rollUpPlays } from './plays-rollup.js';

/** The plays module's job handlers: the hourly rollup and the retention sweep (docs/architecture/plays.md#plays). */
export const playJobHandlers = (ctx: AppContext): Pick<JobHandlers, 'plays.rollup' | 'plays.retention'> => ({
  'plays.rollup': async () => { await rollUpPlays(ctx.db); },
  'plays.retention': async () => {
    const deleted = await deleteOldPlays(ctx);
    if (deleted.records + deleted.hours + deleted.screenDays + deleted.spans > 0) ctx.logger.info(deleted, 'old play records, rollups, screen days and spans deleted');
  },
});
