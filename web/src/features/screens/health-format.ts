import { tr } from '../../i18n/tr';

const MB = 1024 ** 2;
const oneDecimal = new Intl.NumberFormat('tr-TR', { minimumFractionDigits: 1, maximumFractionDigits: 1 });
const clock = new Intl.DateTimeFormat('tr-TR', { hour: '2-digit', minute: '2-digit' });
const dayAndClock = new Intl.DateTimeFormat('tr-TR', { day: '2-digit', month: '2-digit', hour: '2-digit', minute: '2-digit' });

/** How long the player has run: '12 dk', '3 sa 12 dk', '2 gün 4 sa' (two units at most). */
export function formatUptime(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  const days = Math.floor(s / 86_400);
  const hours = Math.floor((s % 86_400) / 3_600);
  const minutes = Math.floor((s % 3_600) / 60);
  const t = tr.health;
  if (days > 0) return `${t.days(days)} ${t.hours(hours)}`;
  if (hours > 0) return `${t.hours(hours)} ${t.minutes(minutes)}`;
  return t.minutes(minutes);
}

/** The offline cache in MB with one decimal ('245,3 MB'). */
export function formatCacheMb(bytes: number): string {
  return `${oneDecimal.format(Math.round((Math.max(0, bytes) / MB) * 10) / 10)} MB`;
}

/**
 * A moment on the viewer's clock: '14:32' today, '23.11 14:32' on another day (a screenshot or
 * an error of yesterday must not read as today's).
 */
export function formatMoment(iso: string, now: number): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '-';
  return new Date(now).toDateString() === d.toDateString() ? clock.format(d) : dayAndClock.format(d);
}
