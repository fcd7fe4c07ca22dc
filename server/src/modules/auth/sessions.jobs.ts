import type { AppContext } from '../../context.js';
import type { JobHandlers } from '../../jobs/job-definitions.js';
import { sweepExpiredSessions } from './sessions.service.js';

/** The sessions' sweep (docs/architecture/sessions.md): rows whose last token has expired go. */
export const sessionJobHandlers = (ctx: AppContext): Pick<JobHandlers, 'sessions.sweep'> => ({
  'sessions.sweep': async () => {
    const removed = await sweepExpiredSessions(ctx);
    if (removed > 0) ctx.logger.info({ removed }, 'expired sessions removed');
  },
});
