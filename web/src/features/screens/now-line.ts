import { DAY_MS, MINUTE_MS, formatCalendarDate, formatTimeOfDay, scheduleClockAt, zoneOrDefault } from '@pano/contract';
import { tr } from '../../i18n/tr';
import type { ScreenNow } from './api/use-screens-now';

/** The wall clock of an instant in a zone: its day number and 'HH:MM'. */
function wallClock(zone: string, instant: number) {
  const wall = scheduleClockAt(zone, instant);
  const day = Math.floor(wall / DAY_MS);
  return { day, time: formatTimeOfDay(Math.floor((wall - day * DAY_MS) / MINUTE_MS)) };
}

/**
 * 'Şu an: Öğle Menüsü · 13:30'a kadar' — the time read on the screen's own clock (its time
 * zone, as its schedules are written), with 'yarın' or the date when the change is not today.
 */
export function nowLine(now: ScreenNow, zone: string, at: number): string {
  const head = tr.screens.now(now.layout?.name ?? now.playlist?.name ?? tr.screens.nowNothing);
  if (!now.until) return head;
  const tz = zoneOrDefault(zone);
  const end = wallClock(tz, Date.parse(now.until));
  const today = wallClock(tz, at).day;
  const [y, m, d] = formatCalendarDate(end.day).split('-');
  const day = end.day === today ? 'today' : end.day === today + 1 ? 'tomorrow' : `${d}.${m}.${y}`;
  return `${head} · ${tr.screens.until(end.time, day)}`;
}
