import { describe, expect, it } from 'vitest';
import { ZPlayerHealth, type TPlayerHealth } from './screen-health.js';

const report = (over: Partial<TPlayerHealth> = {}): TPlayerHealth => ({
  appVersion: '1.4.2', uptimeSec: 60, cacheBytes: null, lastError: null, itemsFailed: 0, failing: false,
  playing: { mediaId: '00000000-0000-4000-8000-000000000001', name: 'Menü', startedAt: '2026-11-24T10:00:00.000Z' },
  events: [{ kind: 'failed', at: '2026-11-24T10:00:00.000Z', mediaId: null, detail: "'Menü' gösterilemedi" }],
  corruptFiles: [],
  ...over,
});

// A report is stored as it came (jsonb): a NUL byte anywhere would fail the write in PostgreSQL.
describe('ZPlayerHealth', () => {
  it('takes what a player sends', () => {
    expect(ZPlayerHealth.safeParse(report()).success).toBe(true);
  });

  it('reads a report of a player from before the integrity check as one without refused files', () => {
    const { corruptFiles: _, ...older } = report();
    expect(ZPlayerHealth.parse(older).corruptFiles).toEqual([]);
  });

  it.each([
    ['appVersion', report({ appVersion: '1.4\u0000' })],
    ['lastError.message', report({ lastError: { message: 'hata\u0000', at: '2026-11-24T10:00:00.000Z' } })],
    ['playing.name', report({ playing: { mediaId: '00000000-0000-4000-8000-000000000001', name: 'a\u0000', startedAt: '2026-11-24T10:00:00.000Z' } })],
    ['events.detail', report({ events: [{ kind: 'failed', at: '2026-11-24T10:00:00.000Z', mediaId: null, detail: '\u0000' }] })],
    ['corruptFiles.name', report({ corruptFiles: [{ mediaId: '00000000-0000-4000-8000-000000000001', name: 'a\u0000', attempts: 1, at: '2026-11-24T10:00:00.000Z' }] })],
    ['a time that is not an instant', report({ lastError: { message: 'hata', at: 'dün\u0000' } })],
  ])('refuses a NUL byte or a malformed time: %s', (_field, bad) => {
    expect(ZPlayerHealth.safeParse(bad).success).toBe(false);
  });
});
