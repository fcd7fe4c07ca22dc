import { DAY_MS } from './calendar.js';

/** A screen without its own time zone runs on Turkish time (docs/architecture/scheduling.md#what-a-screen-shows). */
export const DEFAULT_TIME_ZONE = 'Europe/Istanbul';

/**
 * Offsets are read from Intl.DateTimeFormat, which costs tens of microseconds a call, so
 * formatters are made once per zone and offsets are remembered per 15-minute bucket: a
 * bucket whose two ends share an offset has it throughout (no zone changes twice within
 * 15 minutes); a bucket holding a transition is marked and asked per instant.
 */
const BUCKET_MS = 15 * 60_000;
const BUCKETS_KEPT = 4096;
/** Longest autumn fall-back in the tz database (Antarctica/Troll: two hours), with margin. */
const FALL_BACK_LOOKBACK_MS = 3 * 3_600_000;

interface ZoneCache {
  formatter: Intl.DateTimeFormat;
  buckets: Map<number, number>;
  lastFallBack: { at: number; before: number; after: number } | null;
}

const zones = new Map<string, ZoneCache>();
const IANA_NAME = /^[A-Za-z][A-Za-z0-9_+-]*(\/[A-Za-z0-9_+-]+)*$/;

function zoneCache(zone: string): ZoneCache {
  let cache = zones.get(zone);
  if (!cache) {
    const formatter = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    cache = { formatter, buckets: new Map(), lastFallBack: null };
    zones.set(zone, cache);
  }
  return cache;
}

/** True for a time zone name Intl knows ('Europe/Berlin', 'UTC'); offsets like '+03:00' are not names. */
export function isValidTimeZone(zone: unknown): zone is string {
  if (typeof zone !== 'string' || !IANA_NAME.test(zone)) return false;
  try {
    zoneCache(zone);
    return true;
  } catch {
    return false;
  }
}

/** The zone to compute in: the screen's own when valid, else the default. */
export function zoneOrDefault(zone: string | null | undefined): string {
  return zone && isValidTimeZone(zone) ? zone : DEFAULT_TIME_ZONE;
}

function measuredOffset(cache: ZoneCache, instant: number): number {
  const second = Math.floor(instant / 1000) * 1000;
  const fields: Record<string, number> = {};
  for (const part of cache.formatter.formatToParts(second)) fields[part.type] = Number(part.value);
  const wall = new Date(0);
  wall.setUTCFullYear(fields.year ?? 1970, (fields.month ?? 1) - 1, fields.day ?? 1);
  wall.setUTCHours(fields.hour ?? 0, fields.minute ?? 0, fields.second ?? 0, 0);
  return wall.getTime() - second;
}

/** The zone's offset from UTC in milliseconds at an instant. */
export function offsetAt(zone: string, instant: number): number {
  const cache = zoneCache(zone);
  const bucket = Math.floor(instant / BUCKET_MS);
  let offset = cache.buckets.get(bucket);
  if (offset === undefined) {
    const first = measuredOffset(cache, bucket * BUCKET_MS);
    const last = measuredOffset(cache, (bucket + 1) * BUCKET_MS - 1000);
    offset = first === last ? first : Number.NaN;
    if (cache.buckets.size >= BUCKETS_KEPT) cache.buckets.clear();
    cache.buckets.set(bucket, offset);
  }
  return Number.isNaN(offset) ? measuredOffset(cache, instant) : offset;
}

/** The first instant in (from, to] whose offset differs from the offset at `from`. */
function transitionBetween(zone: string, from: number, to: number): number {
  const before = offsetAt(zone, from);
  let low = from;
  let high = to;
  while (high - low > 1) {
    const middle = Math.floor((low + high) / 2);
    if (offsetAt(zone, middle) === before) low = middle;
    else high = middle;
  }
  return high;
}

/**
 * The wall clock a schedule reads at an instant, as milliseconds of a UTC-like timeline
 * (wall 2026-03-29 02:30 is Date.UTC(2026, 2, 29, 2, 30)). It never runs backwards: in the
 * hour an autumn fall-back repeats, it stays at the last moment before the fall-back, so
 * every wall time is taken at its first occurrence and nothing starts or ends twice.
 */
export function scheduleClockAt(zone: string, instant: number): number {
  const offset = offsetAt(zone, instant);
  const wall = instant + offset;
  const earlier = offsetAt(zone, instant - FALL_BACK_LOOKBACK_MS);
  if (earlier <= offset) return wall;
  const cache = zoneCache(zone);
  let fallBack = cache.lastFallBack;
  if (!fallBack || fallBack.at <= instant - FALL_BACK_LOOKBACK_MS || fallBack.at > instant
    || fallBack.before !== earlier || fallBack.after !== offset) {
    const at = transitionBetween(zone, instant - FALL_BACK_LOOKBACK_MS, instant);
    fallBack = { at, before: earlier, after: offset };
    cache.lastFallBack = fallBack;
  }
  return Math.max(wall, fallBack.at - 1 + fallBack.before);
}

/**
 * The first instant at which the schedule clock reaches `wall`: the inverse of
 * scheduleClockAt. A wall time skipped by a spring-forward maps to the jump itself; a wall
 * time repeated by a fall-back maps to its first occurrence.
 */
export function instantOfScheduleClock(zone: string, wall: number): number {
  const early = offsetAt(zone, wall - DAY_MS);
  const late = offsetAt(zone, wall + DAY_MS);
  const beforeJump = wall - early;
  if (offsetAt(zone, beforeJump) === early) return beforeJump;
  const afterJump = wall - late;
  if (offsetAt(zone, afterJump) === late) return afterJump;
  // Neither offset gives this wall time: it lies in a spring-forward gap, which begins
  // between the two candidates.
  if (afterJump < beforeJump) return transitionBetween(zone, afterJump, beforeJump);
  return wall - offsetAt(zone, wall - offsetAt(zone, wall));
}
