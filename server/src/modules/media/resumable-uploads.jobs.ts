import type { AppContext } from '../../context.js';
import type { JobHandlers } from '../../jobs/job-definitions.js';
import { removeAbandonedUploads } from './resumable-uploads.js';

export const resumableUploadJobHandlers = (ctx: AppContext): Pick<JobHandlers, 'uploads.sweep'> => ({
  'uploads.sweep': async () => {
    const removed = await removeAbandonedUploads(ctx);
    if (removed > 0) ctx.logger.info({ removed }, 'abandoned resumable uploads removed');
  },
});
