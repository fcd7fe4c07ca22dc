import { PLAY_CLOCK_SKEW_MS } from '@pano/contract';
import type { AppContext } from '../../context.js';
import type { Db } from '../../db/client.js';

/** Queue rows (each one upload's plays of a screen, media and hour) moved per statement; the job repeats until the queue is empty. */
export const ROLLUP_BATCH = 5_000;
/** Rollups outlive the raw records: a two-year comparison stays possible after the records go. */
export const ROLLUP_RETENTION_MIN_DAYS = 800;
const DAY_MS = 86_400_000;

/**
 * docs/architecture/plays.md#plays: moves queued plays into the rollups. Each statement deletes a
 * batch from the queue and adds it to every rollup table at once, so a play is counted in
 * the rollups exactly once however often (or concurrently) the job runs, and a report, which
 * reads rollups plus the queue in one statement, never sees it twice or not at all. A play
 * that arrives late for an old hour is queued like any other and added to that hour's row.
 * Returns how many queue rows it rolled up.
 */
export async function rollUpPlays(db: Db, batch = ROLLUP_BATCH): Promise<number> {
  let total = 0;
  for (;;) {
    const [row] = await db.$queryRaw<{ n: number }[]>`
      WITH done AS (
        DELETE FROM play_rollup_queue
        WHERE ctid = ANY(ARRAY(SELECT ctid FROM play_rollup_queue LIMIT ${batch} FOR UPDATE SKIP LOCKED))
        RETURNING "ownerId", "screenId", "mediaId", zone, hour, plays, "durationMs"
      ), by_screen AS (
        INSERT INTO play_hourly AS h ("ownerId", "screenId", "mediaId", zone, hour, plays, "durationMs")
        SELECT "ownerId", "screenId", "mediaId", zone, hour, sum(plays), sum("durationMs") FROM done
        GROUP BY 1, 2, 3, 4, 5 ORDER BY 1, 2, 3, 4, 5
        ON CONFLICT ("ownerId", "screenId", "mediaId", zone, hour)
        DO UPDATE SET plays = h.plays + EXCLUDED.plays, "durationMs" = h."durationMs" + EXCLUDED."durationMs"
      ), by_media AS (
        INSERT INTO play_hourly_media AS h ("ownerId", "mediaId", zone, hour, plays, "durationMs")
        SELECT "ownerId", "mediaId", zone, hour, sum(plays), sum("durationMs") FROM done
        GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
        ON CONFLICT ("ownerId", "mediaId", zone, hour)
        DO UPDATE SET plays = h.plays + EXCLUDED.plays, "durationMs" = h."durationMs" + EXCLUDED."durationMs"
      ), total AS (
        INSERT INTO play_hourly_total AS h ("ownerId", hour, plays, "durationMs")
        SELECT "ownerId", hour, sum(plays), sum("durationMs") FROM done
        GROUP BY 1, 2 ORDER BY 1, 2
        ON CONFLICT ("ownerId", hour)
        DO UPDATE SET plays = h.plays + EXCLUDED.plays, "durationMs" = h."durationMs" + EXCLUDED."durationMs"
      ), daily AS (
        INSERT INTO play_daily_media AS h ("ownerId", "mediaId", zone, day, plays, "durationMs")
        SELECT "ownerId", "mediaId", zone, date_trunc('day', hour, 'UTC'), sum(plays), sum("durationMs") FROM done
        GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
        ON CONFLICT ("ownerId", "mediaId", zone, day)
        DO UPDATE SET plays = h.plays + EXCLUDED.plays, "durationMs" = h."durationMs" + EXCLUDED."durationMs"
      )
      SELECT count(*)::int AS n FROM done`;
    const n = row?.n ?? 0;
    total += n;
    if (n < batch) return total;
  }
}

/**
 * Daily: raw records older than PLAYS_RETENTION_DAYS (by when they were played) and rollup hours
 * older than max(800 days, that) are deleted. Queued plays that old are rolled up first (a
 * player offline for a year), so the rollups never lose what the records held.
 *
 * What exists only to accept plays goes with the records' retention, since a play older than
 * that is refused (docs/architecture/plays.md#plays): a screen's day in `play_screen_days` once the
 * whole UTC day is past it (the day holding the cutoff can still take plays, and must keep its
 * cap), and a span of `device_screen_spans` that ended before it, less the clock slack a span is
 * judged with. A span still open, or one a play within the retention may fall in, stays.
 */
export async function deleteOldPlays(ctx: Pick<AppContext, 'db' | 'clock' | 'config'>): Promise<{ records: number; hours: number; screenDays: number; spans: number }> {
  const now = ctx.clock().getTime();
  const rawCutoff = new Date(now - ctx.config.playsRetentionDays * DAY_MS);
  const rollupCutoff = new Date(now - Math.max(ROLLUP_RETENTION_MIN_DAYS, ctx.config.playsRetentionDays) * DAY_MS);
  await rollUpPlays(ctx.db);
  // Owner by owner along (ownerId, startedAt): an index on startedAt alone would cost every
  // ingested record one more write.
  const owners = await ctx.db.account.findMany({ select: { id: true } });
  let deleted = 0;
  for (const { id } of owners) {
    deleted += (await ctx.db.playRecord.deleteMany({ where: { ownerId: id, startedAt: { lt: rawCutoff } } })).count;
  }
  const records = { count: deleted };
  const screens = await ctx.db.playHourly.deleteMany({ where: { hour: { lt: rollupCutoff } } });
  const media = await ctx.db.playHourlyMedia.deleteMany({ where: { hour: { lt: rollupCutoff } } });
  const totals = await ctx.db.playHourlyTotal.deleteMany({ where: { hour: { lt: rollupCutoff } } });
  const days = await ctx.db.playDailyMedia.deleteMany({ where: { day: { lt: rollupCutoff } } });
  // Both tables are small (a row per screen and day, a row per move) and have no index on these
  // columns, which would cost every upload or move a write: one pass each.
  const cutoffDay = new Date(Math.floor(rawCutoff.getTime() / DAY_MS) * DAY_MS);
  const screenDays = await ctx.db.playScreenDay.deleteMany({ where: { day: { lt: cutoffDay } } });
  const screenTotals = await ctx.db.playScreenDayTotal.deleteMany({ where: { day: { lt: cutoffDay } } });
  const spans = await ctx.db.deviceScreenSpan.deleteMany({ where: { toAt: { lt: new Date(rawCutoff.getTime() - PLAY_CLOCK_SKEW_MS) } } });
  return {
    records: records.count, hours: screens.count + media.count + totals.count + days.count,
    screenDays: screenDays.count + screenTotals.count, spans: spans.count,
  };
}
