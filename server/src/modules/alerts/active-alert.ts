import type { Prisma } from '../../db/generated/client.js';

/*
 * The 'active alert' rule, written once (docs/architecture/alerts.md#alerts): an alert shows until
 * someone ends it or its endsAt passes. The same rule twice over: as a query and on a row in hand.
 */

/** Active alerts as a query: not ended and not past endsAt. */
export const activeAlertWhere = (now: Date): Prisma.AlertWhereInput => ({ endedAt: null, OR: [{ endsAt: null }, { endsAt: { gt: now } }] });

/** Whether this alert is active: not ended by anyone and its time (if it has one) not over. */
export const isAlertActive = (a: { endedAt: Date | null; endsAt: Date | null }, now: Date): boolean =>
  !a.endedAt && (!a.endsAt || a.endsAt > now);
