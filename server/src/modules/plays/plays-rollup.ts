import type { AppContext } from '../../context.js';
import type { Db } from '../../db/client.js';
import type { JobHandlers } from '../../jobs/job-definitions.js';

/** Queue rows moved into the rollups per statement; the job repeats until the queue is empty. */
export const ROLLUP_BATCH = 20_000;
/** Rollups outlive the raw records: a two-year comparison stays possible after the records go. */
export const ROLLUP_RETENTION_MIN_DAYS = 800;
const DAY_MS = 86_400_000;

/**
 * docs/ARCHITECTURE.md#plays: moves queued plays into the hourly rollups. Each statement deletes
 * a batch from the queue and adds it to both rollup tables at once, so a play is counted in
 * the rollups exactly once however often (or concurrently) the job runs, and a report, which
 * reads rollups plus the queue in one statement, never sees it twice or not at all. A play
 * that arrives late for an old hour is queued like any other and added to that hour's row.
 * Returns how many plays it rolled up.
 */
export async function rollUpPlays(db: Db, batch = ROLLUP_BATCH): Promise<number> {
  let total = 0;
  for (;;) {
    const [row] = await db.$queryRaw<{ n: number }[]>`
      WITH done AS (
        DELETE FROM play_rollup_queue
        WHERE id IN (SELECT id FROM play_rollup_queue LIMIT ${batch} FOR UPDATE SKIP LOCKED)
        RETURNING "ownerId", "screenId", "mediaId", hour, "durationMs"
      ), by_screen AS (
        INSERT INTO play_hourly AS h ("ownerId", "screenId", "mediaId", hour, plays, "durationMs")
        SELECT "ownerId", "screenId", "mediaId", hour, count(*), sum("durationMs") FROM done
        GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
        ON CONFLICT ("ownerId", "screenId", "mediaId", hour)
        DO UPDATE SET plays = h.plays + EXCLUDED.plays, "durationMs" = h."durationMs" + EXCLUDED."durationMs"
      ), by_media AS (
        INSERT INTO play_hourly_media AS h ("ownerId", "mediaId", hour, plays, "durationMs")
        SELECT "ownerId", "mediaId", hour, count(*), sum("durationMs") FROM done
        GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
        ON CONFLICT ("ownerId", "mediaId", hour)
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
 */
export async function deleteOldPlays(ctx: Pick<AppContext, 'db' | 'clock' | 'config'>): Promise<{ records: number; hours: number }> {
  const now = ctx.clock().getTime();
  const rawCutoff = new Date(now - ctx.config.playsRetentionDays * DAY_MS);
  const rollupCutoff = new Date(now - Math.max(ROLLUP_RETENTION_MIN_DAYS, ctx.config.playsRetentionDays) * DAY_MS);
  await rollUpPlays(ctx.db);
  const records = await ctx.db.playRecord.deleteMany({ where: { startedAt: { lt: rawCutoff } } });
  const screens = await ctx.db.playHourly.deleteMany({ where: { hour: { lt: rollupCutoff } } });
  const media = await ctx.db.playHourlyMedia.deleteMany({ where: { hour: { lt: rollupCutoff } } });
  return { records: records.count, hours: screens.count + media.count };
}

export const playJobHandlers = (ctx: AppContext): Pick<JobHandlers, 'plays.rollup' | 'plays.retention'> => ({
  'plays.rollup': async () => { await rollUpPlays(ctx.db); },
  'plays.retention': async () => {
    const deleted = await deleteOldPlays(ctx);
    if (deleted.records + deleted.hours > 0) ctx.logger.info(deleted, 'old play records and rollups deleted');
  },
});
