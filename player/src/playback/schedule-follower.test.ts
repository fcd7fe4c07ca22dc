import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ScheduleEntry, ScheduleResolution, ScreenSchedule } from '@pano/contract';
import { MAX_TIMER_MS, ScheduleFollower } from './schedule-follower.js';
import type { SequenceClock } from './sequence.js';

const entry = (over: Partial<ScheduleEntry> = {}): ScheduleEntry => ({
  id: 'lunch', playlistId: 'menu', tickerPlaylistId: null, days: [1, 2, 3, 4, 5, 6, 7],
  startTime: '12:00', endTime: '13:00', priority: 5, enabled: true, updatedAt: '2026-01-01T00:00:00Z', ...over,
});
const schedule = (entries: ScheduleEntry[], timezone = 'Europe/Istanbul'): ScreenSchedule => ({
  timezone, defaultPlaylistId: 'own', defaultTickerPlaylistId: 'own-ticker', entries,
});

/** The fake timers of vitest, with every delay asked for written down. */
function recordingClock(delays: number[]): SequenceClock {
  return {
    now: () => Date.now(),
    setTimeout: (fn, ms) => {
      delays.push(ms);
      return setTimeout(fn, ms);
    },
    clearTimeout: (h) => clearTimeout(h as ReturnType<typeof setTimeout>),
  };
}

describe('ScheduleFollower', () => {
  let changes: ScheduleResolution[];
  let delays: number[];
  let follower: ScheduleFollower;
  const playlist = () => follower.current?.playlistId;

  beforeEach(() => {
    vi.useFakeTimers();
    changes = [];
    delays = [];
    follower = new ScheduleFollower((r) => changes.push(r), recordingClock(delays));
  });
  afterEach(() => {
    follower.stop();
    vi.useRealTimers();
  });

  it('switches to the entry at its start and back at its end, to the millisecond', () => {
    // Monday 11:59:58 in Istanbul (UTC+3).
    vi.setSystemTime(Date.parse('2026-11-23T08:59:58Z'));
    follower.follow(schedule([entry()]));
    expect(playlist()).toBe('own');
    vi.advanceTimersByTime(1999);
    expect(playlist()).toBe('own');
    vi.advanceTimersByTime(1);
    expect(playlist()).toBe('menu');
    expect(follower.current).toMatchObject({ source: 'schedule', scheduleId: 'lunch', tickerPlaylistId: 'own-ticker' });
    vi.advanceTimersByTime(3_600_000 - 1);
    expect(playlist()).toBe('menu');
    vi.advanceTimersByTime(1);
    expect(playlist()).toBe('own');
    expect(changes.map((c) => c.playlistId)).toEqual(['own', 'menu', 'own']);
  });

  it('honours the screen time zone: 12:00 in Tokyo is 03:00 UTC', () => {
    vi.setSystemTime(Date.parse('2026-11-23T02:59:59Z'));
    follower.follow(schedule([entry()], 'Asia/Tokyo'));
    expect(playlist()).toBe('own');
    vi.advanceTimersByTime(1000);
    expect(playlist()).toBe('menu');
    // At 12:00 in Istanbul (09:00 UTC) Tokyo's lunch is long over.
    vi.setSystemTime(Date.parse('2026-11-23T08:59:59Z'));
    follower.follow(schedule([entry()], 'Asia/Tokyo'));
    expect(playlist()).toBe('own');
  });

  it('says nothing at an edge where the outcome stays (a lower entry hidden under a higher one)', () => {
    vi.setSystemTime(Date.parse('2026-11-23T08:59:59Z'));
    follower.follow(schedule([entry(), entry({ id: 'low', playlistId: 'other', startTime: '12:30', endTime: '12:45', priority: 1 })]));
    vi.advanceTimersByTime(1000);
    expect(changes.map((c) => c.playlistId)).toEqual(['own', 'menu']);
    vi.advanceTimersByTime(45 * 60_000);
    expect(changes.map((c) => c.playlistId)).toEqual(['own', 'menu']);
    vi.advanceTimersByTime(15 * 60_000);
    expect(changes.map((c) => c.playlistId)).toEqual(['own', 'menu', 'own']);
  });

  it('a new schedule with the same outcome says nothing; one with another does at once', () => {
    vi.setSystemTime(Date.parse('2026-11-23T09:30:00Z'));
    follower.follow(schedule([entry()]));
    follower.follow(schedule([entry({ endTime: '14:00' })]));
    expect(changes).toHaveLength(1);
    follower.follow(schedule([entry({ playlistId: 'salad' })]));
    expect(changes.map((c) => c.playlistId)).toEqual(['menu', 'salad']);
  });

  it('re-arms a wait longer than setTimeout holds and still switches on time', () => {
    vi.setSystemTime(Date.parse('2026-11-23T09:00:00Z'));
    const start = Date.parse('2027-02-01T09:00:00Z'); // 70 days ahead
    // A daily wall-clock check, so 70 days of fake time stay quick to run.
    follower.stop();
    follower = new ScheduleFollower((r) => changes.push(r), recordingClock(delays), 86_400_000);
    follower.follow(schedule([entry({ startDate: '2027-02-01' })]));
    expect(follower.current?.until).toBe(start);
    vi.advanceTimersByTime(start - Date.now() - 1);
    expect(playlist()).toBe('own');
    vi.advanceTimersByTime(1);
    expect(playlist()).toBe('menu');
    const long = delays.filter((d) => d > 86_400_000);
    expect(long.every((d) => d <= MAX_TIMER_MS)).toBe(true);
    expect(long.length).toBeGreaterThanOrEqual(3); // 70 days in waits of at most 24.8 days
  });

  it('notices within a second a wall clock that jumped past a boundary, and one that went back', () => {
    vi.setSystemTime(Date.parse('2026-11-23T08:00:00Z'));
    follower.follow(schedule([entry()]));
    // The device slept or NTP corrected: the wall clock moves, the timers do not.
    vi.setSystemTime(Date.parse('2026-11-23T09:10:00Z'));
    vi.advanceTimersByTime(1000);
    expect(playlist()).toBe('menu');
    vi.setSystemTime(Date.parse('2026-11-23T08:30:00Z'));
    vi.advanceTimersByTime(1000);
    expect(playlist()).toBe('own');
  });

  it('check() on waking resolves at once when the boundary passed', () => {
    vi.setSystemTime(Date.parse('2026-11-23T08:00:00Z'));
    follower.follow(schedule([entry()]));
    vi.setSystemTime(Date.parse('2026-11-23T09:10:00Z'));
    follower.check();
    expect(playlist()).toBe('menu');
  });

  it('holds no timer to a boundary that never comes', () => {
    vi.setSystemTime(Date.parse('2026-11-23T08:00:00Z'));
    follower.follow(schedule([]));
    expect(follower.current).toMatchObject({ playlistId: 'own', source: 'default', until: null });
    expect(delays.every((d) => d <= 1000)).toBe(true);
  });
});
