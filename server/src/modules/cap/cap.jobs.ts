import type { AppContext } from '../../context.js';
import type { JobHandlers } from '../../jobs/job-definitions.js';
import { pollCapFeed, repairCapFeeds } from './cap-feeds.service.js';

export const capJobHandlers = (ctx: AppContext): Pick<JobHandlers, 'capFeed.poll' | 'capFeeds.repair'> => ({
  'capFeed.poll': ({ feedId }) => pollCapFeed(ctx, feedId),
  'capFeeds.repair': () => repairCapFeeds(ctx),
});
