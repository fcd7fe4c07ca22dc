import type { AppContext } from '../../context.js';
import { alertHookData } from '../webhooks/hook-data.js';
import { announce } from '../webhooks/webhooks.service.js';
import { ackCounts } from './alert-acks.js';

type Ctx = Pick<AppContext, 'db' | 'clock' | 'jobs' | 'logger'>;

/** How long after an alert starts webhooks hear how many screens confirmed it, if not all did sooner. */
export const ALERT_ACK_DEADLINE_MS = 60_000;

/*
 * `alert.acknowledged` (docs/architecture/webhooks.md#events): said once per alert, when every
 * targeted screen confirmed it, or at the deadline with how many did. The alert row's
 * `ackAnnouncedAt` is claimed first, so the last ack and the deadline never both say it.
 */

/**
 * The alerts among these still to be told of whose accounts have a hook that wants it, with how
 * many screens they target and how many confirmed. Every batch of acks asks (a fleet's acks come
 * in many): an account without such a hook costs this one read and nothing more.
 */
async function untold(ctx: Ctx, alertIds: string[]) {
  const open = await ctx.db.alert.findMany({
    where: { id: { in: alertIds }, ackAnnouncedAt: null, owner: { webhooks: { some: { enabled: true, events: { has: 'alert.acknowledged' } } } } },
    select: { id: true, _count: { select: { targets: true } } },
  });
  const acked = await ackCounts(ctx.db, open.map((a) => a.id));
  return open.map((a) => ({ alertId: a.id, total: a._count.targets, acknowledged: acked.get(a.id) ?? 0 }));
}

async function tell(ctx: Ctx, alertId: string, total: number, acknowledged: number): Promise<void> {
  const [alert] = await ctx.db.alert.updateManyAndReturn({ where: { id: alertId, ackAnnouncedAt: null }, data: { ackAnnouncedAt: ctx.clock() } });
  if (!alert) return;
  await announce(ctx, alert.ownerId, 'alert.acknowledged', { alert: alertHookData(alert), acknowledged, total, complete: acknowledged >= total });
}

/** After acks were written: the alerts among these that every targeted screen has now confirmed. */
export async function tellFullyAcknowledged(ctx: Ctx, alertIds: string[]): Promise<void> {
  try {
    for (const c of await untold(ctx, alertIds)) if (c.acknowledged >= c.total) await tell(ctx, c.alertId, c.total, c.acknowledged);
  } catch (err) {
    ctx.logger.error({ err, alertIds }, 'telling webhooks of an alert\'s acknowledgements failed');
  }
}

/** At the deadline: how many confirmed, unless it was said already (all confirmed sooner). */
export async function tellAckDeadline(ctx: Ctx, alertId: string): Promise<void> {
  for (const c of await untold(ctx, [alertId])) await tell(ctx, c.alertId, c.total, c.acknowledged);
}

/** Queued when an alert is sent. A lost job costs only that message. */
export async function scheduleAckDeadline(ctx: Ctx, alert: { id: string; startedAt: Date }): Promise<void> {
  await ctx.jobs.enqueue('alert.ackDeadline', { alertId: alert.id }, { runAt: new Date(alert.startedAt.getTime() + ALERT_ACK_DEADLINE_MS), key: `alert-ack-deadline-${alert.id}` })
    .catch((err) => ctx.logger.error({ err, alertId: alert.id }, 'scheduling the acknowledgement deadline failed'));
}
