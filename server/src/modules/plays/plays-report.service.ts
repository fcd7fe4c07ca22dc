import { canonicalTimeZone, DEFAULT_SCREEN_TIMEZONE, type TPlaysReportQuery, type TReportGrouping } from '@pano/contract';
import { compareTr } from '@pano/contract/text-case';
import type { AppContext } from '../../context.js';
import { Prisma } from '../../db/generated/client.js';
import { badRequest, notFound } from '../../http/errors.js';
import { owns } from '../../db/ownership.js';

/** Longest report period, in days (both ends included): 13 months with room to spare. */
export const REPORT_MAX_DAYS = 400;
/** Without from/to: the last week, today included. */
const DEFAULT_DAYS = 7;
const DAY_MS = 86_400_000;

export const DELETED_MEDIA = 'Silinmiş medya';
export const DELETED_SCREEN = 'Silinmiş ekran';

/** A report as counted: plays and airtime in milliseconds per row, and in total. */
export type PlaysReport = {
  from: string; to: string; tz: string; by: TReportGrouping;
  rows: { key: string; name: string; plays: number; ms: number }[];
  total: { plays: number; ms: number };
  /** Layout zones with plays in the period on the filtered screens and media ('' left out). */
  zones: string[];
};

/**
 * `scopeScreens`: a member limited to screen groups counts only their screens' plays
 * (docs/architecture/accounts.md#screen-group-limits); absent for everyone else.
 */
export type ReportFilter = { screen?: string; group?: string; media?: string; zone?: string; scopeScreens?: string[] };
export type ReportParams = ReportFilter & { from: string; to: string; tz: string; by: TReportGrouping };

type Row = { key: string | null; plays: bigint | number; ms: bigint | number };

/** 'YYYY-MM-DD' of a real calendar day → its UTC midnight in ms; null for '2026-02-30'. */
function dayMs(day: string): number | null {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const ms = Date.UTC(y, m - 1, d);
  return new Date(ms).toISOString().slice(0, 10) === day ? ms : null;
}
const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** Today's date on the wall clock of `tz`. */
function todayIn(tz: string, now: Date): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: tz, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
}

/**
 * The period and clock of a report (docs/PRODUCT.md#reports-api): `tz` an IANA zone (Europe/Istanbul
 * unless given), `to` today and `from` six days before `to` unless given, both ends included,
 * at most REPORT_MAX_DAYS days.
 */
export function reportPeriod(q: { from?: string; to?: string; tz?: string }, now: Date): { from: string; to: string; tz: string } {
  const tz = q.tz === undefined ? DEFAULT_SCREEN_TIMEZONE : canonicalTimeZone(q.tz.trim());
  if (!tz) throw badRequest('Geçersiz saat dilimi (ör. Europe/Istanbul)');
  const toMs = q.to === undefined ? dayMs(todayIn(tz, now)) : dayMs(q.to);
  if (toMs === null) throw badRequest('Geçersiz bitiş tarihi');
  const fromMs = q.from === undefined ? toMs - (DEFAULT_DAYS - 1) * DAY_MS : dayMs(q.from);
  if (fromMs === null) throw badRequest('Geçersiz başlangıç tarihi');
  if (toMs < fromMs) throw badRequest('Bitiş tarihi başlangıç tarihinden önce olamaz');
  if ((toMs - fromMs) / DAY_MS + 1 > REPORT_MAX_DAYS) throw badRequest(`Rapor dönemi en fazla ${REPORT_MAX_DAYS} gün olabilir`);
  return { from: dayOf(fromMs), to: dayOf(toMs), tz };
}

/** Filters name the customer's own screen, group and media, or the report is refused like any other route (404). */
async function checkFilters(ctx: AppContext, ownerId: string, f: ReportFilter): Promise<void> {
  const [screen, group, media] = await Promise.all([
    f.screen ? owns(ctx.db, 'screen', ownerId, f.screen) : true,
    f.group ? owns(ctx.db, 'screenGroup', ownerId, f.group) : true,
    f.media ? owns(ctx.db, 'media', ownerId, f.media) : true,
  ]);
  if (!screen) throw notFound('Ekran');
  if (!group) throw notFound('Ekran grubu');
  if (!media) throw notFound('Medya');
}

/**
 * GET /api/reports/plays. docs/architecture/plays.md#plays: one statement reads the rollups (what the
 * job has covered) plus the rollup queue (what it has not yet), so a play is counted exactly
 * once from the moment its upload is accepted.
 */
export async function playsReport(ctx: AppContext, ownerId: string, q: TPlaysReportQuery, scopeScreens?: string[]): Promise<PlaysReport> {
  const period = reportPeriod(q, ctx.clock());
  const by = q.by ?? 'media';
  const filter: ReportFilter = { screen: q.screen, group: q.group, media: q.media, zone: q.zone, scopeScreens };
  await checkFilters(ctx, ownerId, filter);
  const [rows, zones] = await Promise.all([
    aggregate(ctx, ownerId, { ...period, ...filter, by }),
    zonesOf(ctx, ownerId, { ...period, ...filter, by }),
  ]);

  const grouped = rows.filter((r): r is Row & { key: string } => r.key !== null);
  // Every play is in exactly one row, except by group, where the statement adds the total.
  const totalRow = rows.find((r) => r.key === null)
    ?? grouped.reduce((t, r) => ({ key: null, plays: Number(t.plays) + Number(r.plays), ms: Number(t.ms) + Number(r.ms) }), { key: null, plays: 0, ms: 0 } as Row);
  const names = await namesOf(ctx, ownerId, by, grouped.map((r) => r.key));
  const out = grouped.map((r) => ({ key: r.key, name: names(r.key), plays: Number(r.plays), ms: Number(r.ms) }));
  if (by === 'day' || by === 'hour') out.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  else out.sort((a, b) => b.plays - a.plays || b.ms - a.ms || a.name.localeCompare(b.name, 'tr') || (a.key < b.key ? -1 : 1));
  return {
    ...period,
    by,
    rows: out,
    total: { plays: Number(totalRow.plays), ms: Number(totalRow.ms) },
    zones,
  };
}

/**
 * Which rollup answers (docs/architecture/plays.md#plays): the per-screen one only when screens matter
 * (a screen or group filter, or rows per screen or group); else by media: whole UTC days from
 * the daily table and the hours at the period's ends from the hourly one; by day or hour: the
 * per-media hours with a media or zone filter, the customer's hourly totals without. All but
 * the totals carry the layout zone ('' for a screen without one), so a zone filter narrows any
 * of them. The queue is read with each, with the same filters, for what the job has not rolled
 * up yet.
 */
function source(ownerId: string, p: ReportParams, start: Prisma.Sql, end: Prisma.Sql): Prisma.Sql {
  const owner = Prisma.sql`"ownerId" = ${ownerId}`;
  const inPeriod = Prisma.sql`hour >= ${start} AND hour < ${end}`;
  const media = Prisma.sql`${p.media ? Prisma.sql` AND "mediaId" = ${p.media}` : Prisma.empty}${p.zone ? Prisma.sql` AND zone = ${p.zone}` : Prisma.empty}`;
  const chosen = p.screen
    ? Prisma.sql` AND "screenId" = ${p.screen}`
    : p.group
      ? Prisma.sql` AND "screenId" IN (SELECT "screenId" FROM screen_group_members WHERE "groupId" = ${p.group})`
      : Prisma.empty;
  const screens = p.scopeScreens ? Prisma.sql`${chosen} AND "screenId" = ANY(${p.scopeScreens}::text[])` : chosen;
  const queue = Prisma.sql`SELECT "screenId", "mediaId", zone, hour, plays::bigint AS plays, "durationMs" AS ms
    FROM play_rollup_queue WHERE ${owner} AND ${inPeriod}${media}${screens}`;

  let rollup: Prisma.Sql;
  if (p.screen || p.group || p.scopeScreens || p.by === 'screen' || p.by === 'group') {
    rollup = Prisma.sql`SELECT "screenId", "mediaId", zone, hour, plays::bigint AS plays, "durationMs" AS ms
      FROM play_hourly WHERE ${owner} AND ${inPeriod}${media}${screens}`;
  } else if (p.by === 'media') {
    // The first and last UTC midnights inside the period: whole days between them, hours outside.
    const firstDay = Prisma.sql`(date_trunc('day', ${start} - interval '1 microsecond', 'UTC') + interval '1 day')`;
    const lastDay = Prisma.sql`date_trunc('day', ${end}, 'UTC')`;
    rollup = Prisma.sql`SELECT NULL::text AS "screenId", "mediaId", zone, day AS hour, plays::bigint AS plays, "durationMs" AS ms
      FROM play_daily_media WHERE ${owner} AND day >= ${firstDay} AND day < ${lastDay}${media}
      UNION ALL SELECT NULL::text, "mediaId", zone, hour, plays::bigint, "durationMs"
      FROM play_hourly_media WHERE ${owner} AND ${inPeriod} AND (hour < ${firstDay} OR hour >= ${lastDay})${media}`;
  } else if (p.media || p.zone) {
    rollup = Prisma.sql`SELECT NULL::text AS "screenId", "mediaId", zone, hour, plays::bigint AS plays, "durationMs" AS ms
      FROM play_hourly_media WHERE ${owner} AND ${inPeriod}${media}`;
  } else {
    rollup = Prisma.sql`SELECT NULL::text AS "screenId", NULL::text AS "mediaId", NULL::text AS zone, hour, plays::bigint AS plays, "durationMs" AS ms
      FROM play_hourly_total WHERE ${owner} AND ${inPeriod}`;
  }
  return Prisma.sql`${rollup} UNION ALL ${queue}`;
}

/** The report's rows, and (key null) its total when rows may overlap (groups). */
async function aggregate(ctx: AppContext, ownerId: string, p: ReportParams): Promise<Row[]> {
  const src = periodSource(ownerId, p);
  let query: Prisma.Sql;
  if (p.by === 'day' || p.by === 'hour') {
    // Hours first: the wall-clock conversion then runs once per hour, not once per row.
    const format = p.by === 'day' ? 'YYYY-MM-DD' : 'YYYY-MM-DD HH24:MI';
    query = Prisma.sql`WITH src AS (${src}), h AS (SELECT hour, sum(plays) AS plays, sum(ms) AS ms FROM src GROUP BY hour)
      SELECT to_char(hour AT TIME ZONE ${p.tz}, ${format}) AS key, sum(plays)::bigint AS plays, sum(ms)::bigint AS ms FROM h GROUP BY 1`;
  } else if (p.by === 'group') {
    // A screen counts in each of its groups (today's memberships): the total is not their sum.
    query = Prisma.sql`WITH src AS MATERIALIZED (${src})
      SELECT g.id AS key, sum(src.plays)::bigint AS plays, sum(src.ms)::bigint AS ms FROM src
      JOIN screen_group_members m ON m."screenId" = src."screenId"
      JOIN screen_groups g ON g.id = m."groupId" AND g."ownerId" = ${ownerId} GROUP BY 1
      UNION ALL SELECT NULL, COALESCE(sum(plays), 0)::bigint, COALESCE(sum(ms), 0)::bigint FROM src`;
  } else {
    const key = p.by === 'media' ? Prisma.sql`"mediaId"` : Prisma.sql`"screenId"`;
    query = Prisma.sql`WITH src AS (${src}) SELECT ${key} AS key, sum(plays)::bigint AS plays, sum(ms)::bigint AS ms FROM src GROUP BY 1`;
  }
  return inZone(ctx.db.$queryRaw<Row[]>(query));
}

/**
 * The report's rows over its period, whose ends are on the report's clock, as instants; hours
 * are UTC hours, so in a zone with a half-hour offset an hour counts in the day its UTC hour starts in.
 */
function periodSource(ownerId: string, p: ReportParams): Prisma.Sql {
  const start = Prisma.sql`((${p.from})::date::timestamp AT TIME ZONE ${p.tz})`;
  const end = Prisma.sql`(((${p.to})::date + 1)::timestamp AT TIME ZONE ${p.tz})`;
  return source(ownerId, p, start, end);
}

/** A report query, its time zone refused in Turkish when the runtime knows it but PostgreSQL's time zone data does not. */
async function inZone<T>(query: Promise<T>): Promise<T> {
  try {
    return await query;
  } catch (err) {
    if (err instanceof Error && /time zone/i.test(err.message)) throw badRequest('Geçersiz saat dilimi (ör. Europe/Istanbul)');
    throw err;
  }
}

/**
 * The layout zones the report could be narrowed to: those with plays in the period under the
 * other filters (not the zone filter itself), read like a report by media (daily rows, hours at
 * the ends) unless screens are filtered, so the list costs no more than the cheapest report.
 */
async function zonesOf(ctx: AppContext, ownerId: string, p: ReportParams): Promise<string[]> {
  const src = periodSource(ownerId, { ...p, zone: undefined, by: 'media' });
  const rows = await inZone(ctx.db.$queryRaw<{ zone: string }[]>`SELECT DISTINCT zone FROM (${src}) src WHERE zone <> ''`);
  return rows.map((r) => r.zone).sort(compareTr);
}

/** 'YYYY-MM-DD' → 'DD.MM.YYYY', 'YYYY-MM-DD HH:MM' → 'DD.MM.YYYY HH:MM' (Turkish dates). */
export function turkishDate(key: string): string {
  const [date, time] = key.split(' ');
  const [y, m, d] = date!.split('-');
  return `${d}.${m}.${y}${time ? ` ${time}` : ''}`;
}

/** What the dashboard shows for each key: today's names, and 'Silinmiş …' for what was deleted since. */
async function namesOf(ctx: AppContext, ownerId: string, by: TReportGrouping, keys: string[]): Promise<(key: string) => string> {
  if (by === 'day' || by === 'hour') return turkishDate;
  let names: Map<string, string>;
  let missing: string;
  if (by === 'media') {
    const rows = await ctx.db.media.findMany({ where: { ownerId, id: { in: keys } }, select: { id: true, name: true } });
    names = new Map(rows.map((r) => [r.id, r.name]));
    missing = DELETED_MEDIA;
  } else if (by === 'screen') {
    const rows = await ctx.db.screen.findMany({ where: { ownerId, id: { in: keys } }, select: { id: true, name: true } });
    names = new Map(rows.map((r) => [r.id, r.name]));
    missing = DELETED_SCREEN;
  } else {
    const rows = await ctx.db.screenGroup.findMany({ where: { ownerId, id: { in: keys } }, select: { id: true, name: true } });
    names = new Map(rows.map((r) => [r.id, r.name]));
    missing = 'Silinmiş grup';
  }
  return (key) => names.get(key) ?? missing;
}
