import { describe, expect, it } from 'vitest';
import { DATE_RANGE_MESSAGE, isDayInRange, isInstantInRange } from './dates.js';
import { ZPlayRecord, ZPlaysReportQuery } from './plays.js';
import { ZScheduleWrite } from './schedules.js';
import { ZScreenNowQuery } from './screen-now.js';

const messages = (r: { success: boolean; error?: { issues: { message: string }[] } }) => r.error?.issues.map((i) => i.message) ?? [];

describe('dates in 1970-9999 (contract/src/dates.ts)', () => {
  it('takes the first and last instant, in UTC, and nothing outside', () => {
    expect(isInstantInRange('1970-01-01T00:00:00Z')).toBe(true);
    expect(isInstantInRange('9999-12-31T23:59:59.999Z')).toBe(true);
    expect(isInstantInRange('1970-01-01T02:59:59+03:00')).toBe(false);
    expect(isInstantInRange('9999-12-31T23:00:00-05:00')).toBe(false);
    expect(isInstantInRange('0000-01-01T00:00:00Z')).toBe(false);
    expect(isInstantInRange('yarın')).toBe(false);
    expect(isDayInRange('1970-01-01')).toBe(true);
    expect(isDayInRange('9999-12-31')).toBe(true);
    expect(isDayInRange('1969-12-31')).toBe(false);
    expect(isDayInRange('0000-02-29')).toBe(false);
  });

  it('each schema that carries a date says the range, and only the form when the form is wrong', () => {
    expect(messages(ZScreenNowQuery.safeParse({ at: '0000-01-01T00:00:00Z' }))).toEqual([DATE_RANGE_MESSAGE]);
    expect(messages(ZScreenNowQuery.safeParse({ at: 'dün' }))).toEqual(['Geçersiz zaman (ör. 2026-11-23T12:00:00Z)']);
    expect(ZScreenNowQuery.parse({ at: '9999-12-31T23:59:59Z' }).at?.toISOString()).toBe('9999-12-31T23:59:59.000Z');

    const record = (startedAt: string) => ZPlayRecord.safeParse({
      id: '6f1c1a36-4c1e-4b8e-9d55-0a7f3f2f1b11', screenId: '6f1c1a36-4c1e-4b8e-9d55-0a7f3f2f1b12', mediaId: '6f1c1a36-4c1e-4b8e-9d55-0a7f3f2f1b13',
      playlistId: null, scheduleId: null, startedAt, durationMs: 1000, outcome: 'completed',
    });
    // A play's start is any instant: the server refuses an impossible one per record, keeping the
    // batch's good ones (server/src/modules/plays/plays-ingest.routes.test.ts).
    expect(record('0001-01-01T00:00:00+14:00').success).toBe(true);
    expect(messages(record('dün'))).toEqual(['Geçersiz başlangıç zamanı']);
    expect(record('2026-03-10T09:15:00.000Z').success).toBe(true);

    expect(messages(ZPlaysReportQuery.safeParse({ from: '0100-01-01' }))).toEqual([DATE_RANGE_MESSAGE]);
    expect(messages(ZPlaysReportQuery.safeParse({ from: '1.1.2026' }))).toEqual(['Başlangıç tarihi YYYY-AA-GG biçiminde olmalıdır']);

    const schedule = (extra: object) => ZScheduleWrite.safeParse({
      name: 'Gece', playlist: '6f1c1a36-4c1e-4b8e-9d55-0a7f3f2f1b14', screens: ['6f1c1a36-4c1e-4b8e-9d55-0a7f3f2f1b15'],
      days: [1], startTime: '22:00', endTime: '23:00', ...extra,
    });
    expect(messages(schedule({ startDate: '0000-01-01' }))).toEqual([DATE_RANGE_MESSAGE]);
    expect(messages(schedule({ exceptDates: ['0000-02-29'] }))).toEqual([DATE_RANGE_MESSAGE]);
    expect(messages(schedule({ endDate: '2026-02-30' }))).toEqual(['Geçersiz tarih: YYYY-AA-GG biçiminde girin (ör. 2026-01-31)']);
    expect(schedule({ startDate: '1970-01-01', endDate: '9999-12-31' }).success).toBe(true);
  });
});
