import type { AppContext } from '../../context.js';
import type { JobHandlers } from '../../jobs/job-definitions.js';
import { deliver, repairDeliveries } from './webhook-delivery.js';

export const webhookJobHandlers = (ctx: AppContext): Pick<JobHandlers, 'webhook.deliver' | 'webhooks.repair'> => ({
  'webhook.deliver': ({ deliveryId }) => deliver(ctx, deliveryId),
  'webhooks.repair': () => repairDeliveries(ctx),
});
