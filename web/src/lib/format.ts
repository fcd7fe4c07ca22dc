const LOCALE = 'tr-TR';

/**
 * A formatter made on its first use: building one loads locale data, which at start-up cost every
 * page a few milliseconds per formatter whether it formatted anything or not.
 */
function lazily<T>(make: () => T): () => T {
  let made: T | undefined;
  return () => (made ??= make());
}

const moneyFmt = lazily(() => new Intl.NumberFormat(LOCALE, { style: 'currency', currency: 'TRY' }));
const numberFmt = lazily(() => new Intl.NumberFormat(LOCALE, { maximumFractionDigits: 2 }));

function toDate(value: string | number | Date | null | undefined): Date | null {
  if (value === null || value === undefined || value === '') return null;
  const d = value instanceof Date ? value : new Date(value);
  return Number.isNaN(d.getTime()) ? null : d;
}

const two = (n: number) => String(n).padStart(2, '0');

/**
 * 05.03.2025, in the browser's time zone — an unknown or invalid date shows as a dash. Written out
 * by hand, the same as Intl's tr-TR (format.test.ts compares them): the first Intl date format of
 * a page loads the locale's data, the largest single cost of rendering /media's cards.
 */
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
  return moneyFmt().format(Number.isFinite(amount) ? (amount as number) : 0);
}

/** 1.234,5 */
export function formatNumber(n: number): string {
  return numberFmt().format(n);
}

/** %42 (Turkish puts the percent sign first). */
export function formatPercent(n: number): string {
  return `%${numberFmt().format(Number.isFinite(n) ? n : 0)}`;
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
  return `${numberFmt().format(Math.round(v * 10) / 10)} ${UNITS[i]}`;
}

const MB = 1024 ** 2;
const GB = 1024 ** 3;
const oneDecimalFmt = lazily(() => new Intl.NumberFormat(LOCALE, { minimumFractionDigits: 1, maximumFractionDigits: 1 }));

/**
 * Used storage: under 1 GB in MB with one decimal ('8,5 MB'), from 1 GB in GB ('1,26 GB').
 * Anything stored shows as at least 0,1 MB, so a few small uploads never read as nothing.
 */
export function formatStorage(bytes: number): string {
  const b = Number.isFinite(bytes) ? Math.max(0, bytes) : 0;
  const mb = b === 0 ? 0 : Math.max(0.1, Math.round((b / MB) * 10) / 10);
  if (mb < 1024) return `${oneDecimalFmt().format(mb)} MB`;
  return `${numberFmt().format(Math.round((b / GB) * 100) / 100)} GB`;
}
