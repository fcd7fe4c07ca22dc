const LOCALE = 'tr-TR';

const dateFmt = new Intl.DateTimeFormat(LOCALE, { day: '2-digit', month: '2-digit', year: 'numeric' });
const dateTimeFmt = new Intl.DateTimeFormat(LOCALE, {
  day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit',
});
const moneyFmt = new Intl.NumberFormat(LOCALE, { style: 'currency', currency: 'TRY' });
const numberFmt = new Intl.NumberFormat(LOCALE, { maximumFractionDigits: 2 });

function toDate(value: string | number | Date | null | undefined): Date | null {
  if (value === null || value === undefined || value === '') return null;
  const d = value instanceof Date ? value : new Date(value);
  return Number.isNaN(d.getTime()) ? null : d;
}

/** 05.03.2025 — an unknown or invalid date shows as a dash. */
export function formatDate(value: string | number | Date | null | undefined): string {
  const d = toDate(value);
  return d ? dateFmt.format(d) : '-';
}

/** 05.03.2025 14:07 */
export function formatDateTime(value: string | number | Date | null | undefined): string {
  const d = toDate(value);
  return d ? dateTimeFmt.format(d) : '-';
}

/** ₺1.234,50 */
export function formatMoney(amount: number | null | undefined): string {
  return moneyFmt.format(Number.isFinite(amount) ? (amount as number) : 0);
}

/** 1.234,5 */
export function formatNumber(n: number): string {
  return numberFmt.format(n);
}

/** %42 (Turkish puts the percent sign first). */
export function formatPercent(n: number): string {
  return `%${numberFmt.format(Number.isFinite(n) ? n : 0)}`;
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
  return `${numberFmt.format(Math.round(v * 10) / 10)} ${UNITS[i]}`;
}

const MB = 1024 ** 2;
const GB = 1024 ** 3;
const oneDecimalFmt = new Intl.NumberFormat(LOCALE, { minimumFractionDigits: 1, maximumFractionDigits: 1 });

/**
 * Used storage: under 1 GB in MB with one decimal ('8,5 MB'), from 1 GB in GB ('1,26 GB').
 * Anything stored shows as at least 0,1 MB, so a few small uploads never read as nothing.
 */
export function formatStorage(bytes: number): string {
  const b = Number.isFinite(bytes) ? Math.max(0, bytes) : 0;
  const mb = b === 0 ? 0 : Math.max(0.1, Math.round((b / MB) * 10) / 10);
  if (mb < 1024) return `${oneDecimalFmt.format(mb)} MB`;
  return `${numberFmt.format(Math.round((b / GB) * 100) / 100)} GB`;
}
