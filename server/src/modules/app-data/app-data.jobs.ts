import type { AppContext } from '../../context.js';
import type { JobHandlers } from '../../jobs/job-definitions.js';
import { fetchAppData, queueAppRefreshes } from './app-data.service.js';

export const appDataJobHandlers = (ctx: AppContext): Pick<JobHandlers, 'app.fetch' | 'app.refresh'> => ({
  'app.fetch': ({ mediaId }) => fetchAppData(ctx, mediaId),
  'app.refresh': async () => { await queueAppRefreshes(ctx); },
});
