import type { TPlaysReport, TReportGrouping } from '@pano/contract';

/**
 * The report as a file for Turkish Excel ('CSV İndir', docs/PRODUCT.md#reports-api): UTF-8 with a
 * BOM (so Excel reads Turkish letters), semicolons between cells and decimal commas (Excel's
 * Turkish locale), a Turkish header and a total line. A cell that Excel would read as a formula
 * (starting with = + - @, a tab or a carriage return) is prefixed with ' so it stays text.
 */
const KEY_HEADER: Record<TReportGrouping, string> = {
  media: 'Medya Kimliği',
  screen: 'Ekran Kimliği',
  group: 'Grup Kimliği',
  day: 'Gün',
  hour: 'Saat',
};
const NAME_HEADER: Record<TReportGrouping, string> = {
  media: 'Medya',
  screen: 'Ekran',
  group: 'Ekran Grubu',
  day: 'Tarih',
  hour: 'Tarih ve Saat',
};

export function csvCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[;"\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** Seconds with up to three decimals and a decimal comma: 12.5 → '12,5'. */
const seconds = (s: number) => String(Math.round(s * 1000) / 1000).replace('.', ',');

export function reportCsv(report: TPlaysReport): string {
  const lines = [
    [KEY_HEADER[report.by], NAME_HEADER[report.by], 'Oynatma', 'Süre (sn)'],
    ...report.rows.map((r) => [r.key, r.name, String(r.plays), seconds(r.seconds)]),
    ['', 'Toplam', String(report.total.plays), seconds(report.total.seconds)],
  ];
  return `\uFEFF${lines.map((cells) => cells.map(csvCell).join(';')).join('\r\n')}\r\n`;
}

export const reportFileName = (report: Pick<TPlaysReport, 'from' | 'to'>) => `pano-rapor-${report.from}-${report.to}.csv`;
