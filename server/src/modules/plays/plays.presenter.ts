import type { TPlaysReport, TPlaysUploadResponse } from '@pano/contract';
import type { RecordedPlays } from './plays-ingest.service.js';
import type { PlaysReport } from './plays-report.service.js';

/** The report on the wire: airtime in seconds (docs/PRODUCT.md#reports-api). */
export const presentPlaysReport = (r: PlaysReport): TPlaysReport => ({
  from: r.from,
  to: r.to,
  tz: r.tz,
  by: r.by,
  rows: r.rows.map((row) => ({ key: row.key, name: row.name, plays: row.plays, seconds: row.ms / 1000 })),
  total: { plays: r.total.plays, seconds: r.total.ms / 1000 },
  zones: r.zones,
});

/** The answer to a play upload: `refused` only when some were (accepted + duplicates + refused = sent). */
export const presentRecordedPlays = ({ sent, accepted, refused }: RecordedPlays): TPlaysUploadResponse =>
  refused.length === 0 ? { accepted, duplicates: sent - accepted } : { accepted, duplicates: sent - accepted - refused.length, refused };
