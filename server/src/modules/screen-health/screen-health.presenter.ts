import { ZPlayerHealth, ZScreenshotKind, type TScreenHealth, type TScreenHealthResponse } from '@pano/contract';
import type { ScreenHealthList, ScreenHealthSource } from './screen-health.service.js';

const earliest = (dates: (Date | null | undefined)[]): Date | null =>
  dates.reduce<Date | null>((min, d) => (d && (!min || d < min) ? d : min), null);
const latest = (dates: (Date | null | undefined)[]): Date | null =>
  dates.reduce<Date | null>((max, d) => (d && (!max || d > max) ? d : max), null);

/**
 * docs/architecture/devices.md#health: since when the screen has been in trouble, or null while fine.
 * Offline counts from when a player was last known there (the later of `lastSeenAt`, written at
 * once on a disconnect, and the last report, sent every minute), so a crashed instance that
 * never saw the disconnect still gives a close time. A screen no player ever showed is not in
 * trouble: it is not set up yet. Nor is one with no device set to show it (never paired, or its
 * device was moved away or removed, issue #21): what it last saw is another screen's story now.
 * Failing counts from the first failing report.
 */
export function troubleSince(source: ScreenHealthSource, online: boolean): Date | null {
  if (source.devices.length === 0) return null;
  const failingSince = source.health?.failingSince ?? null;
  if (online) return failingSince;
  const offlineSince = latest([source.lastSeenAt, source.health?.reportedAt]);
  return earliest([failingSince, offlineSince]);
}

/** Trouble that lasted the customer's warning time: the screen is 'sorunlu'. */
export const isProblem = (since: Date | null, warnMinutes: number, now: Date): boolean =>
  since !== null && now.getTime() - since.getTime() >= warnMinutes * 60_000;

/** A stored report read back; one that no longer fits the contract (an older player's) is shown as none. */
function storedReport(json: unknown): TScreenHealth['report'] {
  const parsed = ZPlayerHealth.safeParse(json);
  return parsed.success ? parsed.data : null;
}

export function presentScreenHealth(source: ScreenHealthSource, online: boolean, warnMinutes: number, now: Date): TScreenHealth {
  const h = source.health;
  const since = troubleSince(source, online);
  const kind = ZScreenshotKind.safeParse(h?.screenshotKind);
  return {
    screenId: source.id,
    online,
    // A screen no device shows has no player to report on (troubleSince above).
    report: h?.report == null || source.devices.length === 0 ? null : storedReport(h.report),
    reportedAt: source.devices.length === 0 ? null : h?.reportedAt?.toISOString() ?? null,
    troubleSince: since?.toISOString() ?? null,
    problem: isProblem(since, warnMinutes, now),
    screenshot: h?.screenshotAt && kind.success ? { takenAt: h.screenshotAt.toISOString(), kind: kind.data } : null,
  };
}

export const presentScreenHealthList = (l: ScreenHealthList): TScreenHealthResponse => ({
  warnMinutes: l.warnMinutes,
  screens: l.screens.map((s) => presentScreenHealth(s, l.online.has(s.id), l.warnMinutes, l.now)),
});
