import type { AppContext } from '../../context.js';
import type { JobHandlers } from '../../jobs/job-definitions.js';
import { processMedia } from './media-processing.js';

export const mediaJobHandlers = (ctx: AppContext): Pick<JobHandlers, 'media.process'> => ({
  'media.process': ({ mediaId }) => processMedia(ctx, mediaId),
});
