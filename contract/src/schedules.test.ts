import { describe, expect, it } from 'vitest';
import { SCHEDULE_CONTENT_MESSAGE, ZScheduleWrite } from './schedules.js';
import { isCalendarDate } from './dates.js';
import { ZTimeZone, canonicalTimeZone } from './screens.js';

const base = {
  name: 'Öğle', playlist: '00000000-0000-4000-8000-000000000001', screens: ['00000000-0000-4000-8000-000000000002'],
  days: [7, 1], startTime: '12:00', endTime: '12:00',
};

describe('schedule entries on the wire', () => {
  it('fills the defaults and orders days and excepted dates', () => {
    expect(ZScheduleWrite.parse({ ...base, exceptDates: ['2026-05-19', '2026-01-01'] })).toEqual({
      ...base, days: [1, 7], groups: [], layout: null, directionPlaylist: null, startDate: null, endDate: null,
      exceptDates: ['2026-01-01', '2026-05-19'], priority: 5, enabled: true,
    });
  });

  it('accepts a window crossing midnight and a single-day range', () => {
    expect(ZScheduleWrite.safeParse({ ...base, startTime: '23:30', endTime: '00:15' }).success).toBe(true);
    expect(ZScheduleWrite.safeParse({ ...base, startDate: '2026-03-01', endDate: '2026-03-01' }).success).toBe(true);
  });

  it('takes a layout instead of a playlist, exactly one of the two', () => {
    const layout = '00000000-0000-4000-8000-000000000003';
    const { playlist: _, ...noPlaylist } = base;
    expect(ZScheduleWrite.parse({ ...noPlaylist, layout })).toMatchObject({ playlist: null, layout });
    expect(ZScheduleWrite.parse({ ...base, layout: null })).toMatchObject({ playlist: base.playlist, layout: null });
    for (const body of [noPlaylist, { ...base, layout }, { ...noPlaylist, playlist: null, layout: null }]) {
      const issues = ZScheduleWrite.safeParse(body).error?.issues ?? [];
      expect(issues.map((i) => [i.path.join('.'), i.message])).toEqual([['playlist', SCHEDULE_CONTENT_MESSAGE]]);
    }
    const ticker = ZScheduleWrite.safeParse({ ...noPlaylist, layout, directionPlaylist: layout }).error?.issues ?? [];
    expect(ticker.map((i) => i.path.join('.'))).toEqual(['directionPlaylist']);
  });

  it('knows real calendar days', () => {
    expect(['2024-02-29', '2026-12-31'].map(isCalendarDate)).toEqual([true, true]);
    expect(['2026-02-29', '2026-04-31', '2026-1-01', '2026-01-01T00:00'].map(isCalendarDate)).toEqual([false, false, false, false]);
  });
});

describe('a screen\'s time zone', () => {
  it('takes IANA names in their canonical spelling, refuses offsets and unknown names', () => {
    expect(ZTimeZone.parse(' europe/istanbul ')).toBe('Europe/Istanbul');
    expect(canonicalTimeZone('Asia/Tokyo')).toBe('Asia/Tokyo');
    expect(['+03:00', 'GMT+3 ', 'Mars/Olympus', '', '../etc'].map(canonicalTimeZone)).toEqual([null, null, null, null, null]);
  });
});
