import type { TPlaysReport, TReportGrouping } from '@pano/contract';
import { csvFile } from '../../http/csv.js';

/**
 * The report as a file for Turkish Excel ('CSV İndir', docs/PRODUCT.md#reports-api): UTF-8 with a
 * BOM (so Excel reads Turkish letters), semicolons between cells and decimal commas (Excel's
 * Turkish locale), a Turkish header and a total line; formula-safe cells (http/csv.ts).
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

/** Seconds with up to three decimals and a decimal comma: 12.5 → '12,5'. */
const seconds = (s: number) => String(Math.round(s * 1000) / 1000).replace('.', ',');

export function reportCsv(report: TPlaysReport): string {
  const lines = [
    [KEY_HEADER[report.by], NAME_HEADER[report.by], 'Oynatma', 'Süre (sn)'],
    ...report.rows.map((r) => [r.key, r.name, String(r.plays), seconds(r.seconds)]),
    ['', 'Toplam', String(report.total.plays), seconds(report.total.seconds)],
  ];
  return csvFile(lines);
}

export const reportFileName = (report: Pick<TPlaysReport, 'from' | 'to'>) => `pano-rapor-${report.from}-${report.to}.csv`;
