import type { AppContext } from './context.js';
import { alertJobHandlers } from './modules/alerts/alerts.jobs.js';
import { appDataJobHandlers } from './modules/app-data/app-data.jobs.js';
import { resumableUploadJobHandlers } from './modules/media/resumable-uploads.jobs.js';
import { mediaJobHandlers } from './modules/media/media.jobs.js';
import { playJobHandlers } from './modules/plays/plays.jobs.js';
import { purchaseJobHandlers } from './modules/purchases/purchases.jobs.js';
import { webhookJobHandlers } from './modules/webhooks/webhooks.jobs.js';
import { capJobHandlers } from './modules/cap/cap.jobs.js';
import { sessionJobHandlers } from './modules/auth/sessions.jobs.js';
import type { JobHandlers } from './jobs/job-definitions.js';

/** Every job's handler, from the feature that owns its rule; the registry checks none is missing. */
export const jobHandlers = (ctx: AppContext): JobHandlers => ({
  ...purchaseJobHandlers(ctx), ...alertJobHandlers(ctx), ...playJobHandlers(ctx), ...appDataJobHandlers(ctx),
  ...resumableUploadJobHandlers(ctx),
  ...mediaJobHandlers(ctx), ...webhookJobHandlers(ctx), ...capJobHandlers(ctx),
  ...sessionJobHandlers(ctx),
});
