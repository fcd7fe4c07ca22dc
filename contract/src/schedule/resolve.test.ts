import { describe, expect, it } from 'vitest';
import { nextBoundary, resolveAt } from './resolve.js';
import type { ScheduleEntry, ScreenSchedule } from './rules.js';

function entry(overrides: Partial<ScheduleEntry> = {}): ScheduleEntry {
  return {
    id: 'lunch',
    playlistId: 'menu',
    tickerPlaylistId: null,
    days: [1, 2, 3, 4, 5],
    startTime: '12:00',
    endTime: '13:30',
    priority: 5,
    enabled: true,
    updatedAt: '2026-11-01T00:00:00.000Z',
    ...overrides,
  };
}

function screen(entries: ScheduleEntry[], overrides: Partial<ScreenSchedule> = {}): ScreenSchedule {
  return { timezone: 'Europe/Istanbul', defaultPlaylistId: 'own', defaultTickerPlaylistId: 'own-ticker', entries, ...overrides };
}

const at = (iso: string): number => Date.parse(iso);
const iso = (ms: number | null): string | null => (ms === null ? null : new Date(ms).toISOString());

/** Only what plays and until when, with `until` as text so failures read well. */
function shows(schedule: ScreenSchedule, instant: string) {
  const result = resolveAt(schedule, at(instant));
  return { playlistId: result.playlistId, scheduleId: result.scheduleId, until: iso(result.until) };
}

// 2026-11-23 is a Monday. Istanbul is UTC+3 all year.
describe('resolveAt: lunch menu 12:00-13:30 on weekdays in Istanbul', () => {
  const lunch = screen([entry()]);

  it('shows the screen own playlist until the window starts, then the menu until it ends', () => {
    expect(shows(lunch, '2026-11-23T08:59:59.999Z')).toEqual({ playlistId: 'own', scheduleId: null, until: '2026-11-23T09:00:00.000Z' });
    expect(shows(lunch, '2026-11-23T09:00:00.000Z')).toEqual({ playlistId: 'menu', scheduleId: 'lunch', until: '2026-11-23T10:30:00.000Z' });
    expect(shows(lunch, '2026-11-23T10:29:59.999Z')).toMatchObject({ playlistId: 'menu' });
    expect(shows(lunch, '2026-11-23T10:30:00.000Z')).toEqual({ playlistId: 'own', scheduleId: null, until: '2026-11-24T09:00:00.000Z' });
  });

  it('skips the weekend: Friday after lunch runs until Monday noon', () => {
    expect(shows(lunch, '2026-11-27T11:00:00.000Z')).toEqual({ playlistId: 'own', scheduleId: null, until: '2026-11-30T09:00:00.000Z' });
    expect(shows(lunch, '2026-11-28T09:30:00.000Z')).toMatchObject({ playlistId: 'own' });
  });

  it('names the source and keeps the screen ticker when the entry has none', () => {
    expect(resolveAt(lunch, at('2026-11-23T09:30:00Z'))).toEqual({
      playlistId: 'menu', layoutId: null, tickerPlaylistId: 'own-ticker', source: 'schedule', scheduleId: 'lunch', until: at('2026-11-23T10:30:00Z'),
    });
    expect(resolveAt(lunch, new Date('2026-11-23T11:00:00Z'))).toMatchObject({ source: 'default', tickerPlaylistId: 'own-ticker' });
  });
});

describe('resolveAt: an entry may show a layout instead of a playlist', () => {
  const layoutLunch = entry({ id: 'layout-lunch', playlistId: null, layoutId: 'menu-board', tickerPlaylistId: 'lunch-ticker' });

  it('wins its window like a playlist entry, without the ticker bar, and names its boundary', () => {
    const s = screen([layoutLunch]);
    expect(resolveAt(s, at('2026-11-23T08:00:00Z'))).toMatchObject({ playlistId: 'own', layoutId: null, until: at('2026-11-23T09:00:00Z') });
    expect(resolveAt(s, at('2026-11-23T09:30:00Z'))).toEqual({
      playlistId: null, layoutId: 'menu-board', tickerPlaylistId: null, source: 'schedule', scheduleId: 'layout-lunch',
      until: at('2026-11-23T10:30:00Z'),
    });
    expect(nextBoundary(s, at('2026-11-23T09:30:00Z'))).toBe(at('2026-11-23T10:30:00Z'));
  });

  it('follows priority against playlist entries, both ways', () => {
    const higher = screen([entry({ priority: 5 }), { ...layoutLunch, priority: 6 }]);
    const lower = screen([entry({ priority: 7 }), { ...layoutLunch, priority: 6 }]);
    expect(resolveAt(higher, at('2026-11-23T09:30:00Z'))).toMatchObject({ layoutId: 'menu-board', scheduleId: 'layout-lunch' });
    expect(resolveAt(lower, at('2026-11-23T09:30:00Z'))).toMatchObject({ playlistId: 'menu', layoutId: null, scheduleId: 'lunch' });
  });

  it('hands over between a layout and a playlist at the window edge, the change counted as a boundary', () => {
    // Same window, same source kind: only the content changes at 10:30 when a playlist entry takes over.
    const s = screen([layoutLunch, entry({ id: 'after', startTime: '13:30', endTime: '15:00' })]);
    expect(resolveAt(s, at('2026-11-23T10:30:00Z'))).toMatchObject({ playlistId: 'menu', layoutId: null, scheduleId: 'after' });
  });

  it('falls back to the screen own layout, which replaces its playlist and ticker', () => {
    const s = screen([layoutLunch], { defaultLayoutId: 'own-layout' });
    expect(resolveAt(s, at('2026-11-23T11:00:00Z'))).toMatchObject({
      playlistId: null, layoutId: 'own-layout', tickerPlaylistId: null, source: 'default', scheduleId: null,
    });
    expect(resolveAt(screen([], { defaultPlaylistId: null, defaultLayoutId: 'own-layout' }), at('2026-11-23T11:00:00Z')))
      .toMatchObject({ layoutId: 'own-layout', source: 'default' });
  });

  it('ignores an entry naming neither', () => {
    const s = screen([entry({ playlistId: null, layoutId: null })]);
    expect(resolveAt(s, at('2026-11-23T09:30:00Z'))).toMatchObject({ playlistId: 'own', source: 'default' });
  });
});

describe('resolveAt: a window crossing midnight belongs to the day it starts', () => {
  const night = screen([entry({ id: 'night', playlistId: 'night', days: [7], startTime: '22:00', endTime: '06:00' })]);

  it('runs from Sunday 22:00 into Monday 06:00 (week wrap), not from Monday 22:00', () => {
    expect(shows(night, '2026-11-29T18:59:00Z')).toEqual({ playlistId: 'own', scheduleId: null, until: '2026-11-29T19:00:00.000Z' });
    expect(shows(night, '2026-11-29T19:00:00Z')).toEqual({ playlistId: 'night', scheduleId: 'night', until: '2026-11-30T03:00:00.000Z' });
    expect(shows(night, '2026-11-30T02:59:59.999Z')).toMatchObject({ playlistId: 'night' });
    expect(shows(night, '2026-11-30T03:00:00Z')).toEqual({ playlistId: 'own', scheduleId: null, until: '2026-12-06T19:00:00.000Z' });
    expect(shows(night, '2026-11-30T20:00:00Z')).toMatchObject({ playlistId: 'own' });
  });

  it('does not run early on Sunday morning, which belongs to Saturday', () => {
    expect(shows(night, '2026-11-29T01:00:00Z')).toMatchObject({ playlistId: 'own' });
  });

  it('skips an excepted start day whole, also the part after midnight', () => {
    const excepted = screen([entry({ id: 'night', playlistId: 'night', days: [6, 7], startTime: '22:00', endTime: '06:00', exceptDates: ['2026-11-29'] })]);
    expect(shows(excepted, '2026-11-29T01:00:00Z')).toMatchObject({ playlistId: 'night' }); // Saturday's window, on the excepted date
    expect(shows(excepted, '2026-11-29T03:00:00Z')).toEqual({ playlistId: 'own', scheduleId: null, until: '2026-12-05T19:00:00.000Z' });
    expect(shows(excepted, '2026-11-29T20:00:00Z')).toMatchObject({ playlistId: 'own' });
    expect(shows(excepted, '2026-11-30T01:00:00Z')).toMatchObject({ playlistId: 'own' });
  });
});

describe('resolveAt: equal times, date ranges, exceptions', () => {
  it('takes equal start and end as the whole day the window starts on', () => {
    const allDay = screen([entry({ days: [3], startTime: '08:00', endTime: '08:00' })]);
    expect(shows(allDay, '2026-11-24T20:59:59.999Z')).toEqual({ playlistId: 'own', scheduleId: null, until: '2026-11-24T21:00:00.000Z' });
    expect(shows(allDay, '2026-11-24T21:00:00Z')).toEqual({ playlistId: 'menu', scheduleId: 'lunch', until: '2026-11-25T21:00:00.000Z' });
  });

  it('counts startDate and endDate in, the days around them out', () => {
    const range = screen([entry({ days: [1, 2, 3, 4, 5, 6, 7], startDate: '2026-12-01', endDate: '2026-12-03' })]);
    expect(shows(range, '2026-11-30T09:30:00Z')).toEqual({ playlistId: 'own', scheduleId: null, until: '2026-12-01T09:00:00.000Z' });
    expect(shows(range, '2026-12-01T09:00:00Z')).toMatchObject({ playlistId: 'menu' });
    expect(shows(range, '2026-12-03T10:29:00Z')).toMatchObject({ playlistId: 'menu' });
    expect(shows(range, '2026-12-03T10:30:00Z')).toEqual({ playlistId: 'own', scheduleId: null, until: null });
    expect(shows(range, '2026-12-04T09:30:00Z')).toMatchObject({ playlistId: 'own' });
  });

  it('lets a window that starts on endDate finish after midnight', () => {
    const range = screen([entry({ days: [4], startTime: '23:00', endTime: '01:00', endDate: '2026-12-03' })]);
    expect(shows(range, '2026-12-03T21:30:00Z')).toEqual({ playlistId: 'menu', scheduleId: 'lunch', until: '2026-12-03T22:00:00.000Z' });
  });

  it('does not run on an excepted date and runs again the next day', () => {
    const holiday = screen([entry({ exceptDates: ['2026-11-24'] })]);
    expect(shows(holiday, '2026-11-23T10:30:00Z')).toEqual({ playlistId: 'own', scheduleId: null, until: '2026-11-25T09:00:00.000Z' });
    expect(shows(holiday, '2026-11-24T09:30:00Z')).toMatchObject({ playlistId: 'own' });
  });

  it('never changes once the last dated window is over: until is null', () => {
    expect(shows(screen([entry({ endDate: '2026-11-20' })]), '2026-11-23T09:30:00Z')).toEqual({ playlistId: 'own', scheduleId: null, until: null });
    expect(shows(screen([]), '2026-11-23T09:30:00Z')).toEqual({ playlistId: 'own', scheduleId: null, until: null });
  });

  it('finds a change months ahead without walking every day', () => {
    const later = screen([entry({ startDate: '2027-06-01' })]);
    expect(shows(later, '2026-11-23T09:30:00Z').until).toBe('2027-06-01T09:00:00.000Z');
  });

  it('ignores disabled entries', () => {
    expect(shows(screen([entry({ enabled: false })]), '2026-11-23T09:30:00Z')).toEqual({ playlistId: 'own', scheduleId: null, until: null });
  });
});

describe('resolveAt: which entry wins', () => {
  const weekdays = [1, 2, 3, 4, 5];

  it('takes the highest priority, whatever was changed last', () => {
    const both = screen([
      entry({ id: 'news', playlistId: 'news', priority: 7, days: weekdays, startTime: '09:00', endTime: '18:00', updatedAt: '2026-01-01T00:00:00Z' }),
      entry({ priority: 5, updatedAt: '2026-11-20T00:00:00Z' }),
    ]);
    expect(shows(both, '2026-11-23T09:30:00Z')).toEqual({ playlistId: 'news', scheduleId: 'news', until: '2026-11-23T15:00:00.000Z' });
  });

  it('on equal priority takes the most recently changed, then the lower id', () => {
    const older = entry({ id: 'a', playlistId: 'older', updatedAt: '2026-11-01T00:00:00Z' });
    const newer = entry({ id: 'b', playlistId: 'newer', updatedAt: Date.parse('2026-11-02T00:00:00Z') });
    expect(shows(screen([older, newer]), '2026-11-23T09:30:00Z')).toMatchObject({ playlistId: 'newer' });
    const twin = entry({ id: 'c', playlistId: 'twin', updatedAt: '2026-11-02T00:00:00Z' });
    expect(shows(screen([twin, newer]), '2026-11-23T09:30:00Z')).toMatchObject({ playlistId: 'newer' });
    expect(shows(screen([newer, twin]), '2026-11-23T09:30:00Z')).toMatchObject({ playlistId: 'newer' });
  });

  it('lets until pass over a window that changes nothing on screen', () => {
    const shadowed = screen([
      entry({ id: 'day', playlistId: 'day', priority: 9, startTime: '08:00', endTime: '18:00' }),
      entry({ priority: 1 }),
    ]);
    expect(shows(shadowed, '2026-11-23T06:00:00Z')).toEqual({ playlistId: 'day', scheduleId: 'day', until: '2026-11-23T15:00:00.000Z' });
  });

  it("uses the entry's ticker when it has one, else the screen's", () => {
    const withTicker = screen([entry({ tickerPlaylistId: 'menu-ticker' })]);
    expect(resolveAt(withTicker, at('2026-11-23T09:30:00Z')).tickerPlaylistId).toBe('menu-ticker');
    expect(resolveAt(withTicker, at('2026-11-23T11:00:00Z')).tickerPlaylistId).toBe('own-ticker');
    const noTicker = screen([entry()], { defaultTickerPlaylistId: null });
    expect(resolveAt(noTicker, at('2026-11-23T09:30:00Z')).tickerPlaylistId).toBeNull();
  });

  it("answers 'none' when nothing holds and the screen has no playlist of its own", () => {
    const bare = screen([entry()], { defaultPlaylistId: null });
    expect(resolveAt(bare, at('2026-11-23T11:00:00Z'))).toEqual({
      playlistId: null, layoutId: null, tickerPlaylistId: 'own-ticker', source: 'none', scheduleId: null, until: at('2026-11-24T09:00:00Z'),
    });
  });
});

describe('resolveAt: wall clock of the screen time zone', () => {
  it('shows lunch in Tokyo while Istanbul is still in the morning, at the same instant', () => {
    const instant = '2026-11-23T03:30:00Z';
    expect(shows(screen([entry()], { timezone: 'Asia/Tokyo' }), instant)).toEqual({ playlistId: 'menu', scheduleId: 'lunch', until: '2026-11-23T04:30:00.000Z' });
    expect(shows(screen([entry()], { timezone: 'Europe/Istanbul' }), instant)).toEqual({ playlistId: 'own', scheduleId: null, until: '2026-11-23T09:00:00.000Z' });
  });

  it('follows half-hour zones (Asia/Kolkata) and falls back to Istanbul for an unknown zone', () => {
    expect(shows(screen([entry()], { timezone: 'Asia/Kolkata' }), '2026-11-23T06:29:00Z')).toEqual({ playlistId: 'own', scheduleId: null, until: '2026-11-23T06:30:00.000Z' });
    expect(shows(screen([entry()], { timezone: 'Mars/Olympus' }), '2026-11-23T09:00:00Z')).toMatchObject({ playlistId: 'menu' });
    expect(shows(screen([entry()], { timezone: null }), '2026-11-23T09:00:00Z')).toMatchObject({ playlistId: 'menu' });
  });

  // Europe/Berlin: 2026-03-29 02:00 CET jumps to 03:00 CEST (01:00Z);
  // 2026-10-25 03:00 CEST falls back to 02:00 CET (01:00Z).
  const early = (days: number[]) => screen([entry({ days, startTime: '02:30', endTime: '05:00' })], { timezone: 'Europe/Berlin' });

  it('starts a window whose start the spring-forward skips at the jump itself', () => {
    expect(shows(early([7]), '2026-03-29T00:59:59Z')).toEqual({ playlistId: 'own', scheduleId: null, until: '2026-03-29T01:00:00.000Z' });
    expect(shows(early([7]), '2026-03-29T01:00:00Z')).toEqual({ playlistId: 'menu', scheduleId: 'lunch', until: '2026-03-29T03:00:00.000Z' });
  });

  it('passes over a window that lies wholly in the skipped hour', () => {
    const skipped = screen([entry({ days: [7], startTime: '02:10', endTime: '02:40' })], { timezone: 'Europe/Berlin' });
    expect(shows(skipped, '2026-03-28T20:00:00Z')).toEqual({ playlistId: 'own', scheduleId: null, until: '2026-04-05T00:10:00.000Z' });
  });

  it('runs lunch at 12:00 local on both sides of each transition', () => {
    const berlin = screen([entry({ days: [1, 2, 3, 4, 5, 6, 7] })], { timezone: 'Europe/Berlin' });
    expect(shows(berlin, '2026-03-28T13:00:00Z').until).toBe('2026-03-29T10:00:00.000Z');
    expect(shows(berlin, '2026-10-24T12:00:00Z').until).toBe('2026-10-25T11:00:00.000Z');
  });

  it('takes a time repeated by the fall-back at its first occurrence and does not restart in the repeat', () => {
    const autumn = early([7]);
    expect(shows(autumn, '2026-10-25T00:29:59Z')).toEqual({ playlistId: 'own', scheduleId: null, until: '2026-10-25T00:30:00.000Z' });
    expect(shows(autumn, '2026-10-25T00:30:00Z')).toEqual({ playlistId: 'menu', scheduleId: 'lunch', until: '2026-10-25T04:00:00.000Z' });
    expect(shows(autumn, '2026-10-25T01:10:00Z')).toMatchObject({ playlistId: 'menu' }); // 02:10 CET, the second pass
    const ending = screen([entry({ days: [6], startTime: '22:00', endTime: '02:30' })], { timezone: 'Europe/Berlin' });
    expect(shows(ending, '2026-10-24T23:00:00Z')).toEqual({ playlistId: 'menu', scheduleId: 'lunch', until: '2026-10-25T00:30:00.000Z' });
    expect(shows(ending, '2026-10-25T01:45:00Z')).toMatchObject({ playlistId: 'own' }); // 02:45 CET: already over
  });

  it('keeps New York windows at local time across its own transitions', () => {
    const ny = screen([entry({ days: [7], startTime: '01:30', endTime: '03:30' })], { timezone: 'America/New_York' });
    // 2026-03-08 02:00 EST → 03:00 EDT (07:00Z): 01:30 EST = 06:30Z, 03:30 EDT = 07:30Z.
    expect(shows(ny, '2026-03-08T06:00:00Z')).toEqual({ playlistId: 'own', scheduleId: null, until: '2026-03-08T06:30:00.000Z' });
    expect(shows(ny, '2026-03-08T06:30:00Z')).toEqual({ playlistId: 'menu', scheduleId: 'lunch', until: '2026-03-08T07:30:00.000Z' });
    // 2026-11-01 02:00 EDT → 01:00 EST (06:00Z): 01:30 EDT = 05:30Z, 03:30 EST = 08:30Z.
    expect(shows(ny, '2026-11-01T05:30:00Z')).toEqual({ playlistId: 'menu', scheduleId: 'lunch', until: '2026-11-01T08:30:00.000Z' });
  });
});

describe('nextBoundary', () => {
  it('is the instant the player sets its one timer to', () => {
    expect(nextBoundary(screen([entry()]), at('2026-11-23T05:00:00Z'))).toBe(at('2026-11-23T09:00:00Z'));
    expect(nextBoundary(screen([]), at('2026-11-23T05:00:00Z'))).toBeNull();
  });
});
