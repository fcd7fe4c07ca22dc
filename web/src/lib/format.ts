import { tr } from '../i18n/tr';

/*
 * Dates and numbers are written out by hand, exactly as Intl's tr-TR writes them
 * (format.test.ts compares the two over thousands of values). The first Intl formatter a page
 * builds loads the locale's data: 33-35 ms of /media's and /settings' first render under
 * Lighthouse's 4x CPU slowdown, for a handful of digits (docs/PERFORMANCE.md#dashboard-first-load-p13).
 */

/**
 * The shortest decimal that reads back as `abs` (what String() writes), rounded half up at `max`
 * decimals: Intl rounds that decimal, not the binary value (1.005 → 1,01, where toFixed says 1,00).
 */
function roundDecimal(abs: number, max: number): [whole: string, frac: string] {
  const shortest = String(abs);
  // Exponent notation only below 1e-6 or from 1e21: far from any rounding edge at two decimals.
  const plain = shortest.includes('e') ? abs.toFixed(Math.min(100, max + 20)) : shortest;
  const [whole = '0', frac = ''] = plain.split('.');
  if (frac.length <= max) return [whole, frac];
  const kept = BigInt(whole + frac.slice(0, max)) + (frac.charCodeAt(max) >= 53 /* '5' */ ? 1n : 0n);
  const digits = kept.toString().padStart(max + 1, '0');
  return [digits.slice(0, digits.length - max), digits.slice(digits.length - max)];
}

/** '1.234,5': dots between thousands, a comma before the decimals, at most `max` and at least `min` of them. */
function trNumber(n: number, max: number, min = 0): string {
  const [whole, decimals] = roundDecimal(Math.abs(n), max);
  let frac = decimals.replace(/0+$/, '');
  while (frac.length < min) frac += '0';
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, '.');
  return `${n < 0 || Object.is(n, -0) ? '-' : ''}${grouped}${frac ? `,${frac}` : ''}`;
}

function toDate(value: string | number | Date | null | undefined): Date | null {
  if (value === null || value === undefined || value === '') return null;
  const d = value instanceof Date ? value : new Date(value);
  return Number.isNaN(d.getTime()) ? null : d;
}

const two = (n: number) => String(n).padStart(2, '0');

/** 05.03.2025, in the browser's time zone — an unknown or invalid date shows as a dash. */
export function formatDate(value: string | number | Date | null | undefined): string {
  const d = toDate(value);
  return d ? `${two(d.getDate())}.${two(d.getMonth() + 1)}.${d.getFullYear()}` : '-';
}

/** 05.03.2025 14:07 */
export function formatDateTime(value: string | number | Date | null | undefined): string {
  const d = toDate(value);
  return d ? `${formatDate(d)} ${two(d.getHours())}:${two(d.getMinutes())}` : '-';
}

/** ₺1.234,50 */
export function formatMoney(amount: number | null | undefined): string {
  const n = Number.isFinite(amount) ? (amount as number) : 0;
  const digits = trNumber(n, 2, 2);
  return digits.startsWith('-') ? `-₺${digits.slice(1)}` : `₺${digits}`;
}

/** 1.234,5 */
export function formatNumber(n: number): string {
  return trNumber(n, 2);
}

/** %42 (Turkish puts the percent sign first). */
export function formatPercent(n: number): string {
  return `%${trNumber(Number.isFinite(n) ? n : 0, 2)}`;
}

const UNITS = ['B', 'KB', 'MB', 'GB', 'TB'];
/** 1,5 MB */
export function formatBytes(bytes: number): string {
  let v = Math.max(0, bytes);
  let i = 0;
  while (v >= 1024 && i < UNITS.length - 1) {
    v /= 1024;
    i++;
  }
  return `${trNumber(Math.round(v * 10) / 10, 2)} ${UNITS[i]}`;
}

const MB = 1024 ** 2;
const GB = 1024 ** 3;

/**
 * Used storage: under 1 GB in MB with one decimal ('8,5 MB'), from 1 GB in GB ('1,26 GB').
 * Anything stored shows as at least 0,1 MB, so a few small uploads never read as nothing.
 */
export function formatStorage(bytes: number): string {
  const b = Number.isFinite(bytes) ? Math.max(0, bytes) : 0;
  const mb = b === 0 ? 0 : Math.max(0.1, Math.round((b / MB) * 10) / 10);
  if (mb < 1024) return `${trNumber(mb, 1, 1)} MB`;
  return `${trNumber(Math.round((b / GB) * 100) / 100, 2)} GB`;
}

/** 12,4 MB/sn: an upload's speed. */
export function formatRate(bytesPerSecond: number): string {
  return `${formatBytes(Number.isFinite(bytesPerSecond) ? bytesPerSecond : 0)}/${tr.common.seconds}`;
}

/**
 * '1 sa 5 dk', '1 dk 20 sn', '45 sn': how long is left, whole seconds rounded up, in the units
 * the screens' health durations use.
 */
export function formatTimeLeft(seconds: number): string {
  const s = Math.max(0, Math.ceil(Number.isFinite(seconds) ? seconds : 0));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const { hours, minutes } = tr.health;
  if (h > 0) return m > 0 ? `${hours(h)} ${minutes(m)}` : hours(h);
  const rest = `${s % 60} ${tr.common.seconds}`;
  if (m > 0) return s % 60 > 0 ? `${minutes(m)} ${rest}` : minutes(m);
  return rest;
}
