import { randomUUID } from 'node:crypto';
import {
  HEALTH_WARN_MINUTES_DEFAULT, type THealthSettings, type TPlayerHealth, type ZUpdateHealthSettingsRequest,
} from '@pano/contract';
import type { z } from 'zod';
import type { AppContext } from '../../context.js';
import type { Db } from '../../db/client.js';
import { Prisma, type ScreenHealth } from '../../db/generated/client.js';
import { conflict, notFound } from '../../http/errors.js';
import { audit, changesOf } from '../audit/audit.js';
import { announce } from '../webhooks/webhooks.service.js';
import { screenHookData } from '../webhooks/hook-data.js';

/**
 * docs/architecture/devices.md#health: the latest report per screen (one row, overwritten), when its
 * reports started saying `failing`, and the customer's warning time. Online or not is never
 * stored: presence knows it on every instance.
 */

/** What one screen's health is computed from: its row, when it was last seen, and its paired devices. */
export type ScreenHealthSource = {
  id: string;
  ownerId: string;
  lastSeenAt: Date | null;
  health: ScreenHealth | null;
  /** Unrevoked devices set to show it (one is enough to know). */
  devices: { id: string }[];
};

/** Every screen of a customer with what its health is judged by: presence now and the warning time. */
export type ScreenHealthList = { warnMinutes: number; screens: ScreenHealthSource[]; online: Set<string>; now: Date };

/** Screens of any owners, with each owner's warning time. */
export type ScreensHealth = { screens: ScreenHealthSource[]; warnMinutesOf: (ownerId: string) => number };

/** A screen whose reports started failing with the report just stored, and that report's time. */
export type FailingStarted = { screenId: string; since: Date };

export type HealthReportInput = { screen: { id: string; ownerId: string }; deviceId: string; report: TPlayerHealth; at: Date };

/**
 * Stores players' reports for their screens, one statement for all: only for a screen that is
 * still the owner's (a deleted one is no error) and from a device that is unrevoked and set to
 * show it now (a socket that outlived a move or a removal by a moment, issue #21).
 * `failingSince` keeps its first time while reports go on failing. Answers the screens whose
 * reports started failing with this one (`failingSince` is then this report's time).
 */
export async function storeHealthReports(db: Db, reports: HealthReportInput[]): Promise<FailingStarted[]> {
  if (reports.length === 0) return [];
  // Columns are Prisma's: timestamp(3) without time zone holding UTC.
  const rows = Prisma.join(reports.map(({ screen, deviceId, report, at }) =>
    Prisma.sql`(${screen.id}, ${screen.ownerId}, ${deviceId}, ${JSON.stringify(report)}::jsonb, ${at.toISOString()}::timestamp(3), ${report.failing}::boolean)`));
  const stored = await db.$queryRaw<(FailingStarted & { started: boolean })[]>`
    INSERT INTO "screen_health" ("screenId", "report", "reportedAt", "failingSince")
    SELECT s."id", v.report, v.at, CASE WHEN v.failing THEN v.at END
    FROM (VALUES ${rows}) AS v(id, owner, device, report, at, failing)
    JOIN "screens" s ON s."id" = v.id AND s."ownerId" = v.owner
    JOIN "devices" d ON d."id" = v.device AND d."screenId" = s."id" AND d."revokedAt" IS NULL
    ON CONFLICT ("screenId") DO UPDATE SET
      "report" = EXCLUDED."report",
      "reportedAt" = EXCLUDED."reportedAt",
      "failingSince" = CASE WHEN EXCLUDED."failingSince" IS NOT NULL THEN COALESCE("screen_health"."failingSince", EXCLUDED."failingSince") END
    RETURNING "screenId", "failingSince" AS since, ("failingSince" IS NOT NULL AND "failingSince" = "reportedAt") AS started`;
  return stored.filter((r) => r.started).map(({ screenId, since }) => ({ screenId, since }));
}

/**
 * `screen.unhealthy` for the screens whose reports just started failing (nothing on them can be
 * shown), to the webhooks that ask (docs/architecture/webhooks.md#events).
 */
export async function tellUnhealthy(ctx: Pick<AppContext, 'db' | 'clock' | 'jobs' | 'logger'>, started: FailingStarted[]): Promise<void> {
  if (started.length === 0) return;
  const since = new Map(started.map((s) => [s.screenId, s.since]));
  const screens = await ctx.db.screen.findMany({ where: { id: { in: [...since.keys()] } }, select: { id: true, name: true, ownerId: true } });
  for (const s of screens) {
    await announce(ctx, s.ownerId, 'screen.unhealthy', { screen: screenHookData(s), since: since.get(s.id)!.toISOString() });
  }
}

/** One report (storeHealthReports). */
export const storeHealthReport = (db: Db, screen: { id: string; ownerId: string }, deviceId: string, report: TPlayerHealth, at: Date) =>
  storeHealthReports(db, [{ screen, deviceId, report, at }]);

export async function warnMinutesOf(db: Db, ownerId: string): Promise<number> {
  const row = await db.healthSettings.findUnique({ where: { ownerId } });
  return row?.warnMinutes ?? HEALTH_WARN_MINUTES_DEFAULT;
}

export async function getHealthSettings(db: Db, ownerId: string): Promise<THealthSettings> {
  return { warnMinutes: await warnMinutesOf(db, ownerId) };
}

export async function updateHealthSettings(db: Db, ownerId: string, input: z.output<typeof ZUpdateHealthSettingsRequest>): Promise<THealthSettings> {
  return db.$transaction(async (tx) => {
    const before = await tx.healthSettings.findUnique({ where: { ownerId } });
    const row = await tx.healthSettings.upsert({
      where: { ownerId },
      create: { ownerId, warnMinutes: input.warnMinutes },
      update: { warnMinutes: input.warnMinutes },
    });
    await audit(tx, {
      account: ownerId, action: 'settings.health', target: { type: 'settings', id: ownerId, name: 'Ekran sağlığı' },
      changes: changesOf({ warnMinutes: before?.warnMinutes ?? HEALTH_WARN_MINUTES_DEFAULT }, { warnMinutes: row.warnMinutes }, ['warnMinutes']),
    });
    return { warnMinutes: row.warnMinutes };
  });
}

const sourceSelect = {
  id: true, ownerId: true, lastSeenAt: true, health: true, devices: { where: { revokedAt: null }, select: { id: true }, take: 1 },
} as const;

/** GET /api/screens/health: every screen of the customer, oldest first like the screen list. */
export async function screenHealthList(ctx: AppContext, ownerId: string): Promise<ScreenHealthList> {
  const [screens, warnMinutes, online] = await Promise.all([
    ctx.db.screen.findMany({ where: { ownerId }, orderBy: [{ createdAt: 'asc' }, { id: 'asc' }], select: sourceSelect }),
    warnMinutesOf(ctx.db, ownerId),
    ctx.presence.onlineScreenIds(ownerId),
  ]);
  return { warnMinutes, screens, online, now: ctx.clock() };
}

/**
 * What the health of these screens (any owners) is judged by, for `screen:health` pushes (the
 * realtime layer adds presence). Three queries whatever the count.
 */
export async function screenHealthOf(db: Db, screenIds: string[]): Promise<ScreensHealth> {
  const screens: ScreenHealthSource[] = await db.screen.findMany({ where: { id: { in: screenIds } }, select: sourceSelect });
  const owners = [...new Set(screens.map((s) => s.ownerId))];
  const settings = owners.length === 0 ? [] : await db.healthSettings.findMany({ where: { ownerId: { in: owners } } });
  const warn = new Map(settings.map((row) => [row.ownerId, row.warnMinutes]));
  return { screens, warnMinutesOf: (ownerId) => warn.get(ownerId) ?? HEALTH_WARN_MINUTES_DEFAULT };
}

/**
 * POST /api/screens/{id}/screenshot: asks the screen's connected players (on any instance) to
 * upload what they show. Another customer's screen is not found; no player connected is a 409.
 */
export async function requestScreenshot(ctx: AppContext, ownerId: string, screenId: string): Promise<{ requestId: string }> {
  const screen = await ctx.db.screen.findFirst({ where: { id: screenId, ownerId }, select: { id: true } });
  if (!screen) throw notFound('Ekran');
  const requestId = randomUUID();
  if (!(await ctx.health.requestScreenshot(screen.id, requestId))) {
    throw conflict('Ekran şu anda çevrimdışı, ekran görüntüsü alınamıyor');
  }
  return { requestId };
}
