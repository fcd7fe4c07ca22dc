import type { AppContext } from '../../context.js';
import type { JobHandlers } from '../../jobs/job-definitions.js';
import { announce } from '../webhooks/webhooks.service.js';
import { alertHookData } from '../webhooks/hook-data.js';
import { tellAckDeadline } from './alert-ack-hooks.js';

export const alertEndJobKey = (alertId: string) => `alert-end-${alertId}`;

/** Queues the push at an alert's end. A lost job costs only that push: players hide the alert at endsAt anyway. */
export async function scheduleAlertEnd(ctx: AppContext, alert: { id: string; endsAt: Date | null }): Promise<void> {
  if (!alert.endsAt) return;
  await ctx.jobs.enqueue('alert.end', { alertId: alert.id }, { runAt: alert.endsAt, key: alertEndJobKey(alert.id) })
    .catch((err) => ctx.logger.error({ err, alertId: alert.id }, 'scheduling the alert end push failed; players still end it on time'));
}

/**
 * At endsAt: the alert's screens are pushed configs without it. Nothing is written (an alert
 * past endsAt is over by the rule alone). Ended early, it was pushed then; run early (a clock
 * ahead of ours), it queues itself again for the right moment.
 */
export async function pushAlertEnd(ctx: AppContext, alertId: string): Promise<void> {
  const alert = await ctx.db.alert.findUnique({ where: { id: alertId }, select: { id: true, ownerId: true, title: true, message: true, startedAt: true, endsAt: true, endedAt: true } });
  if (!alert?.endsAt || alert.endedAt) return;
  const now = ctx.clock();
  if (alert.endsAt > now) {
    await ctx.jobs.enqueue('alert.end', { alertId }, { runAt: alert.endsAt, key: `${alertEndJobKey(alertId)}-again-${now.getTime()}` });
    return;
  }
  const targets = await ctx.db.alertTarget.findMany({ where: { alertId }, select: { screenId: true } });
  if (targets.length > 0) await ctx.notifier.screensChanged(targets.map((t) => t.screenId));
  ctx.notifier.alertChanged(alert.ownerId, alertId);
  await announce(ctx, alert.ownerId, 'alert.ended', { alert: alertHookData(alert), reason: 'expired' });
}

export const alertJobHandlers = (ctx: AppContext): Pick<JobHandlers, 'alert.end' | 'alert.ackDeadline'> => ({
  'alert.end': ({ alertId }) => pushAlertEnd(ctx, alertId),
  'alert.ackDeadline': ({ alertId }) => tellAckDeadline(ctx, alertId),
});
