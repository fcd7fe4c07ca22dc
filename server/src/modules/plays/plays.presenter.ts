import type { TPlaysReport } from '@pano/contract';
import type { PlaysReport } from './plays-report.service.js';

/** The report on the wire: airtime in seconds (docs/PRODUCT.md#reports-api). */
export const presentPlaysReport = (r: PlaysReport): TPlaysReport => ({
  from: r.from,
  to: r.to,
  tz: r.tz,
  by: r.by,
  rows: r.rows.map((row) => ({ key: row.key, name: row.name, plays: row.plays, seconds: row.ms / 1000 })),
  total: { plays: r.total.plays, seconds: r.total.ms / 1000 },
});
