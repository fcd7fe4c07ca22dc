import type { AppContext } from '../../context.js';
import type { JobHandlers } from '../../jobs/job-definitions.js';
import { processMedia, requeueProcessing } from './media-processing.js';

export const mediaJobHandlers = (ctx: AppContext): Pick<JobHandlers, 'media.process' | 'media.repair'> => ({
  'media.process': ({ mediaId, fileName }) => processMedia(ctx, mediaId, fileName),
  'media.repair': async () => { await requeueProcessing(ctx); },
});
