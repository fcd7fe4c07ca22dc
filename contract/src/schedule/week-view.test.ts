import { describe, expect, it } from 'vitest';
import type { ScheduleEntry, ScreenSchedule } from './rules.js';
import { entriesForScreen, targetsScreen } from './targets.js';
import { findConflicts, weekView } from './week-view.js';

function entry(overrides: Partial<ScheduleEntry>): ScheduleEntry {
  return {
    id: 'lunch', playlistId: 'menu', tickerPlaylistId: null, days: [1, 2, 3, 4, 5], startTime: '12:00', endTime: '13:30',
    priority: 5, enabled: true, updatedAt: 0, ...overrides,
  };
}

const screen = (entries: ScheduleEntry[]): ScreenSchedule => ({
  timezone: 'Europe/Istanbul', defaultPlaylistId: 'own', defaultTickerPlaylistId: null, entries,
});

const brief = (day: { segments: Array<{ startMinute: number; endMinute: number; playlistId: string | null }> }) =>
  day.segments.map((s) => `${s.startMinute}-${s.endMinute}:${s.playlistId}`);

describe('weekView', () => {
  it('cuts each of the seven days into what the screen shows', () => {
    const week = weekView(screen([entry({})]), '2026-11-23');
    expect(week.map((day) => [day.date, day.weekday])).toEqual([
      ['2026-11-23', 1], ['2026-11-24', 2], ['2026-11-25', 3], ['2026-11-26', 4], ['2026-11-27', 5], ['2026-11-28', 6], ['2026-11-29', 7],
    ]);
    expect(brief(week[0]!)).toEqual(['0-720:own', '720-810:menu', '810-1440:own']);
    expect(week[0]!.segments[1]).toMatchObject({ source: 'schedule', scheduleId: 'lunch' });
    expect(brief(week[6]!)).toEqual(['0-1440:own']);
  });

  it("draws the previous Sunday night's window into Monday morning (week wrap)", () => {
    const week = weekView(screen([entry({ id: 'night', playlistId: 'night', days: [7], startTime: '22:00', endTime: '06:00' })]), '2026-11-23');
    expect(brief(week[0]!)).toEqual(['0-360:night', '360-1440:own']);
    expect(brief(week[6]!)).toEqual(['0-1320:own', '1320-1440:night']);
  });

  it('shows the winner where entries overlap and merges equal neighbours', () => {
    const week = weekView(screen([
      entry({ id: 'news', playlistId: 'news', priority: 8, startTime: '13:00', endTime: '15:00' }),
      entry({}),
      entry({ id: 'more', playlistId: 'menu', startTime: '13:30', endTime: '14:00', priority: 1 }),
    ]), '2026-11-23');
    expect(brief(week[0]!)).toEqual(['0-720:own', '720-780:menu', '780-900:news', '900-1440:own']);
  });
});

describe('findConflicts', () => {
  it('reports equal-priority overlaps per day, not overlaps of different priorities', () => {
    const conflicts = findConflicts(screen([
      entry({}),
      entry({ id: 'coffee', playlistId: 'coffee', startTime: '13:00', endTime: '14:00', days: [1] }),
      entry({ id: 'news', playlistId: 'news', priority: 9, startTime: '12:00', endTime: '12:30', days: [1] }),
      entry({ id: 'off', playlistId: 'x', startTime: '12:00', endTime: '13:00', days: [1], enabled: false }),
    ]), '2026-11-23');
    expect(conflicts).toEqual([{ date: '2026-11-23', startMinute: 780, endMinute: 810, priority: 5, scheduleIds: ['coffee', 'lunch'] }]);
  });

  it('follows a midnight-crossing overlap into the next day, the previous Sunday into Monday too', () => {
    const sundayNights = screen([
      entry({ id: 'a', days: [7], startTime: '22:00', endTime: '02:00' }),
      entry({ id: 'b', days: [7], startTime: '23:00', endTime: '01:00' }),
    ]);
    expect(findConflicts(sundayNights, '2026-11-23')).toEqual([
      { date: '2026-11-23', startMinute: 0, endMinute: 60, priority: 5, scheduleIds: ['a', 'b'] },
      { date: '2026-11-29', startMinute: 1380, endMinute: 1440, priority: 5, scheduleIds: ['a', 'b'] },
    ]);
  });
});

describe('targeting', () => {
  it('applies an entry to the screens it names and to members of the groups it names', () => {
    const cafeteria = { id: 's1', groupIds: ['g-kafeterya'] };
    expect(targetsScreen({ screenIds: ['s1'], groupIds: [] }, cafeteria)).toBe(true);
    expect(targetsScreen({ screenIds: [], groupIds: ['g-kafeterya'] }, cafeteria)).toBe(true);
    expect(targetsScreen({ screenIds: ['s2'], groupIds: ['g-kat1'] }, cafeteria)).toBe(false);
    const entries = [{ id: 'x', screenIds: ['s2'], groupIds: ['g-kafeterya'] }, { id: 'y', screenIds: ['s2'], groupIds: [] }];
    expect(entriesForScreen(entries, cafeteria).map((e) => e.id)).toEqual(['x']);
  });
});
