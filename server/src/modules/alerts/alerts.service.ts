import { announce } from '../webhooks/webhooks.service.js';
import { alertHookData } from '../webhooks/hook-data.js';
import { scheduleAckDeadline } from './alert-ack-hooks.js';
import { ackCounts } from './alert-acks.js';
import type { z } from 'zod';
import { ALERT_DURATION_DEFAULT, type ZCreateAlertRequest } from '@pano/contract';
import type { AppContext } from '../../context.js';
import { badRequest, notFound } from '../../http/errors.js';
import { activeAlertWhere } from './active-alert.js';
import { assertRoomOnScreens } from './alert-cap.js';
import { scheduleAlertEnd } from './alerts.jobs.js';
import { assertOwnImage, assertOwnTargets, resolveTargetScreens, uniqueTargets } from './alert-targets.js';
import { audit, changesOf } from '../audit/audit.js';

/*
 * Emergency alerts ('Acil Duyuru', docs/architecture/alerts.md#alerts): sent to screens resolved at
 * send time, shown above everything until endsAt or until ended, kept for the audit.
 */

export type AlertRequest = z.output<typeof ZCreateAlertRequest>;
/** A person of the customer, one of their API keys, or Pano itself (a CAP feed's poll: modules/cap). */
export type Actor = { userId: string } | { keyId: string } | { system: true };

export type Person = { id: string; email: string; firstName: string | null; lastName: string | null };
export type Key = { id: string; name: string };

export const alertInclude = {
  media: { select: { id: true, name: true } },
  createdByUser: { select: { id: true, email: true, firstName: true, lastName: true } },
  createdByKey: { select: { id: true, name: true } },
  endedByUser: { select: { id: true, email: true, firstName: true, lastName: true } },
  endedByKey: { select: { id: true, name: true } },
  // The feed whose message started it, if any: its sender when no person or key is.
  capMessages: { where: { feedId: { not: null } }, select: { feed: { select: { id: true, url: true } } }, take: 1 },
  _count: { select: { targets: true } },
} as const;

export type AlertRow = {
  id: string;
  title: string;
  message: string;
  background: string;
  textColor: string;
  sound: boolean;
  allScreens: boolean;
  requestedScreenIds: string[];
  requestedGroupIds: string[];
  startedAt: Date;
  endsAt: Date | null;
  endedAt: Date | null;
  media: { id: string; name: string } | null;
  createdByUser: Person | null;
  createdByKey: Key | null;
  endedByUser: Person | null;
  endedByKey: Key | null;
  capMessages: { feed: { id: string; url: string } | null }[];
  _count: { targets: number };
};

/** An alert with how many of its screens acknowledged it, as of `now` (whether it is active). */
export type AlertState = { row: AlertRow; acknowledged: number; now: Date };

export type AckScreenRow = { id: string; name: string; online: boolean; acknowledgedAt: Date | null; latencyMs: number | null };
/** An alert with each target screen's acknowledgement. */
export type AlertDetail = { row: AlertRow; screens: AckScreenRow[]; now: Date };

export const alertMissing = () => notFound('Acil duyuru');
export const NO_SCREENS = 'Seçilen hedeflerde hiç ekran yok';

/** A media, screen or group deleted between the checks and the write fails a foreign key: 404. */
function refGone(err: unknown): never {
  if ((err as { code?: string }).code === 'P2003') throw notFound('Medya, ekran veya ekran grubu');
  throw err;
}

/**
 * Resolves the targets, writes the alert with them and pushes their configs after the commit
 * (the same path as an assignment, docs/architecture/realtime.md#pushes). A screen without a paired
 * player is a target too: it counts as not yet acknowledged and shows the alert when a player
 * connects while it is active. `opts.endsAt` overrides the duration (a CAP message's expiry).
 */
export async function createAlert(ctx: AppContext, ownerId: string, actor: Actor, body: AlertRequest, opts: { endsAt?: Date | null } = {}): Promise<AlertState> {
  const targets = uniqueTargets(body);
  const now = ctx.clock();
  // A CAP message's `expires` is its end as given (modules/cap); a person's send lasts minutes.
  const endsAt = opts.endsAt !== undefined ? opts.endsAt
    : body.untilEnded ? null : new Date(now.getTime() + (body.durationMinutes ?? ALERT_DURATION_DEFAULT) * 60_000);
  const { row, screenIds } = await ctx.db.$transaction(async (tx) => {
    // The owner's row lock serialises their sends, so the per-screen cap holds under concurrency.
    await tx.$queryRaw`SELECT id FROM "users" WHERE id = ${ownerId} FOR UPDATE`;
    await assertOwnImage(tx, ownerId, body.mediaId);
    await assertOwnTargets(tx, ownerId, targets);
    const screenIds = await resolveTargetScreens(tx, ownerId, targets);
    if (screenIds.length === 0) throw badRequest(NO_SCREENS);
    await assertRoomOnScreens(tx, screenIds, now);
    const row = await tx.alert.create({
      data: {
        ownerId, title: body.title, message: body.message, background: body.background, textColor: body.textColor,
        mediaId: body.mediaId, sound: body.sound, allScreens: targets.all,
        requestedScreenIds: targets.screens, requestedGroupIds: targets.groups,
        startedAt: now, endsAt,
        createdByUserId: 'userId' in actor ? actor.userId : null,
        createdByKeyId: 'keyId' in actor ? actor.keyId : null,
        targets: { createMany: { data: screenIds.map((screenId) => ({ screenId })) } },
      },
      include: alertInclude,
    });
    await audit(tx, {
      account: ownerId, action: 'alert.send', target: { type: 'alert', id: row.id, name: row.title },
      changes: changesOf(null, { title: row.title, message: row.message, endsAt: row.endsAt, screens: screenIds.length }, ['title', 'message', 'endsAt', 'screens']),
    });
    return { row, screenIds };
  }).catch(refGone);
  await ctx.notifier.screensChanged(screenIds);
  ctx.notifier.alertChanged(ownerId, row.id);
  await scheduleAlertEnd(ctx, row);
  await scheduleAckDeadline(ctx, row);
  await announce(ctx, ownerId, 'alert.started', { alert: alertHookData(row), targetCount: screenIds.length });
  return { row, acknowledged: 0, now };
}

/** The active alerts (newest first), then the last 100 that ended. */
export async function listAlerts(ctx: AppContext, ownerId: string): Promise<AlertState[]> {
  const now = ctx.clock();
  const order = [{ startedAt: 'desc' }, { id: 'desc' }] as const;
  const active = await ctx.db.alert.findMany({ where: { ownerId, ...activeAlertWhere(now) }, orderBy: [...order], include: alertInclude });
  const ended = await ctx.db.alert.findMany({
    where: { ownerId, NOT: activeAlertWhere(now) }, orderBy: [...order], take: 100, include: alertInclude,
  });
  const rows: AlertRow[] = [...active, ...ended];
  const acks = await ackCounts(ctx.db, rows.map((r) => r.id));
  return rows.map((row) => ({ row, acknowledged: acks.get(row.id) ?? 0, now }));
}

/** One alert with each target screen's acknowledgement and whether a player is connected to it now. */
export async function getAlert(ctx: AppContext, ownerId: string, id: string): Promise<AlertDetail> {
  const row = await ctx.db.alert.findFirst({
    where: { id, ownerId },
    include: {
      ...alertInclude,
      targets: { select: { screen: { select: { id: true, name: true } }, ack: { select: { acknowledgedAt: true, latencyMs: true } } } },
    },
  });
  if (!row) throw alertMissing();
  const online = await ctx.presence.onlineScreenIds(ownerId);
  const screens: AckScreenRow[] = row.targets.map((t) => ({
    id: t.screen.id, name: t.screen.name, online: online.has(t.screen.id),
    acknowledgedAt: t.ack?.acknowledgedAt ?? null, latencyMs: t.ack?.latencyMs ?? null,
  }));
  return { row, screens, now: ctx.clock() };
}

/**
 * Ends the alert now and records who ended it. Ending one that is already over changes
 * nothing and answers it as it is (a building system may send its "end" twice).
 */
export async function endAlert(ctx: AppContext, ownerId: string, actor: Actor, id: string): Promise<AlertState> {
  const now = ctx.clock();
  const { count } = await ctx.db.$transaction(async (tx) => {
    const ended = await tx.alert.updateManyAndReturn({
      where: { id, ownerId, ...activeAlertWhere(now) },
      data: {
        endedAt: now,
        endedByUserId: 'userId' in actor ? actor.userId : null,
        endedByKeyId: 'keyId' in actor ? actor.keyId : null,
      },
    });
    // Already over: nothing changed, so nothing to record.
    for (const a of ended) await audit(tx, { account: ownerId, action: 'alert.end', target: { type: 'alert', id: a.id, name: a.title }, changes: { endedAt: [null, now] } });
    return { count: ended.length };
  });
  const row = await ctx.db.alert.findFirst({ where: { id, ownerId }, include: alertInclude });
  if (!row) throw alertMissing();
  if (count > 0) {
    const targets = await ctx.db.alertTarget.findMany({ where: { alertId: id }, select: { screenId: true } });
    await ctx.notifier.screensChanged(targets.map((t) => t.screenId));
    ctx.notifier.alertChanged(ownerId, id);
    await announce(ctx, ownerId, 'alert.ended', { alert: alertHookData(row), reason: 'ended' });
  }
  const acks = await ackCounts(ctx.db, [id]);
  return { row, acknowledged: acks.get(id) ?? 0, now };
}
