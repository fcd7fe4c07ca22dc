import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { resolveAt } from './resolve.js';
import type { ScheduleEntry, ScreenSchedule } from './rules.js';
import { weekView } from './week-view.js';

const DAY = 86_400_000;
const HOUR = 3_600_000;
const ZONES = ['Europe/Istanbul', 'Europe/Berlin', 'America/New_York', 'Asia/Kolkata', 'Asia/Tokyo', 'Australia/Lord_Howe'];
/** 2026 and 2027: both sides of every DST transition in those zones. */
const FROM = Date.UTC(2026, 0, 1);
const TO = Date.UTC(2028, 0, 1);

const dateOf = (day: number): string => new Date(day * DAY).toISOString().slice(0, 10);
const timeOf = (minute: number): string =>
  `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;

/**
 * Times on a coarse grid and few priorities so windows meet, overlap and tie often; dates
 * within a fortnight of `around`, each present half the time.
 */
function entryArb(around: number, id: string): fc.Arbitrary<ScheduleEntry> {
  const day = fc.integer({ min: around - 14, max: around + 14 });
  return fc.record({
    id: fc.constant(id),
    // Some entries show a layout instead of a playlist (exactly one of the two, as stored).
    playlistId: fc.constantFrom('p1', 'p2', 'p3', 'l1', 'l2'),
    tickerPlaylistId: fc.constantFrom(null, 't1', 't2'),
    days: fc.subarray([1, 2, 3, 4, 5, 6, 7], { minLength: 1 }),
    startTime: fc.integer({ min: 0, max: 47 }).map((half) => timeOf(half * 30)),
    endTime: fc.integer({ min: 0, max: 47 }).map((half) => timeOf(half * 30)),
    startDate: fc.option(day.map(dateOf), { nil: undefined, freq: 2 }),
    endDate: fc.option(day.map(dateOf), { nil: undefined, freq: 2 }),
    exceptDates: fc.array(day.map(dateOf), { maxLength: 3 }),
    priority: fc.integer({ min: 1, max: 3 }),
    enabled: fc.constantFrom(true, true, true, false),
    // ISO text and epoch milliseconds, some naming the same instant.
    updatedAt: fc.integer({ min: 0, max: 3 }).map((k) => [Date.UTC(2026, 0, 1), '2026-01-01T00:00:00.000Z', 1000, '2025-06-01T12:00:00Z'][k]!),
  }).map((e): ScheduleEntry => (e.playlistId.startsWith('l') ? { ...e, playlistId: null, layoutId: e.playlistId } : e));
}

interface Case { instant: number; schedule: ScreenSchedule }

const caseArb: fc.Arbitrary<Case> = fc.integer({ min: FROM, max: TO }).chain((instant) => {
  const around = Math.floor(instant / DAY);
  return fc.record({
    instant: fc.constant(instant),
    schedule: fc.record({
      timezone: fc.constantFrom(...ZONES),
      defaultPlaylistId: fc.constantFrom(null, 'own'),
      defaultTickerPlaylistId: fc.constantFrom(null, 'own-ticker'),
      entries: fc.integer({ min: 0, max: 5 }).chain((count) =>
        fc.tuple(...Array.from({ length: count }, (_, i) => entryArb(around, `e${i}`)))),
    }),
  });
});

const outcome = (schedule: ScreenSchedule, instant: number) => {
  const { until: _until, ...shown } = resolveAt(schedule, instant);
  return shown;
};

const formatters = new Map<string, Intl.DateTimeFormat>();
/** 'YYYY-MM-DD HH:MM:SS' on the zone's wall clock, read independently of the code under test. */
function wallText(zone: string, instant: number): string {
  let formatter = formatters.get(zone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('sv-SE', {
      timeZone: zone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit',
    });
    formatters.set(zone, formatter);
  }
  return formatter.format(instant);
}

/** The rule read plainly from the issue, minute by minute on the local wall clock. */
function plainRule(schedule: ScreenSchedule, instant: number) {
  const text = wallText(schedule.timezone ?? 'Europe/Istanbul', instant);
  const [date = '', time = ''] = text.split(' ');
  const [hours = 0, minutes = 0] = time.split(':').map(Number);
  const minute = hours * 60 + minutes;
  const yesterday = dateOf(Date.parse(`${date}T00:00:00Z`) / DAY - 1);
  const weekday = (d: string) => new Date(`${d}T00:00:00Z`).getUTCDay() || 7;
  const toMinutes = (t: string) => Number(t.slice(0, 2)) * 60 + Number(t.slice(3));
  const startsOn = (e: ScheduleEntry, d: string) => e.enabled && e.days.includes(weekday(d))
    && (!e.startDate || d >= e.startDate) && (!e.endDate || d <= e.endDate) && !(e.exceptDates ?? []).includes(d);
  const holds = (e: ScheduleEntry) => {
    const start = toMinutes(e.startTime);
    const end = toMinutes(e.endTime);
    if (start === end) return startsOn(e, date);
    if (start < end) return startsOn(e, date) && minute >= start && minute < end;
    return (startsOn(e, date) && minute >= start) || (startsOn(e, yesterday) && minute < end);
  };
  const ms = (v: string | number) => (typeof v === 'number' ? v : Date.parse(v));
  const winner = schedule.entries.filter(holds)
    .sort((a, b) => b.priority - a.priority || ms(b.updatedAt) - ms(a.updatedAt) || (a.id < b.id ? -1 : 1))[0];
  if (winner?.layoutId) {
    return { playlistId: null, layoutId: winner.layoutId, tickerPlaylistId: null, source: 'schedule', scheduleId: winner.id };
  }
  if (winner) {
    return {
      playlistId: winner.playlistId,
      layoutId: null,
      tickerPlaylistId: winner.tickerPlaylistId ?? schedule.defaultTickerPlaylistId,
      source: 'schedule',
      scheduleId: winner.id,
    };
  }
  return {
    playlistId: schedule.defaultPlaylistId,
    layoutId: null,
    tickerPlaylistId: schedule.defaultTickerPlaylistId,
    source: schedule.defaultPlaylistId ? 'default' : 'none',
    scheduleId: null,
  };
}

/** Within three hours after an autumn fall-back the wall clock repeats itself; the plain rule would run windows twice. */
function afterFallBack(zone: string, instant: number): boolean {
  const offset = (t: number) => {
    const text = wallText(zone, t);
    return Date.parse(`${text.replace(' ', 'T')}Z`) - Math.floor(t / 1000) * 1000;
  };
  return offset(instant - 3 * HOUR) > offset(instant);
}

describe('resolveAt, properties over random schedules, zones and instants', () => {
  it('matches the rule read plainly on the wall clock (midnight crossing, week wrap, dates, exceptions, priorities, ties)', () => {
    fc.assert(fc.property(caseArb, ({ instant, schedule }) => {
      // Probes a day and some hours apart: one schedule, several moments.
      for (let k = 0; k < 6; k++) {
        const probe = instant + k * (DAY + 3 * HOUR + 17 * 60_000);
        if (!afterFallBack(schedule.timezone!, probe)) expect(outcome(schedule, probe)).toEqual(plainRule(schedule, probe));
      }
    }), { numRuns: 300 });
  });

  it('holds its result up to until - 1 ms and changes exactly at until', () => {
    fc.assert(fc.property(caseArb, fc.double({ min: 0, max: 1, noNaN: true }), ({ instant, schedule }, fraction) => {
      const now = resolveAt(schedule, instant);
      const { until, ...shown } = now;
      if (until === null) {
        // Never changes: every hour of a week, and a year on.
        for (let k = 1; k <= 9; k++) expect(outcome(schedule, instant + k * (DAY + 5 * HOUR))).toEqual(shown);
        expect(outcome(schedule, instant + 400 * DAY)).toEqual(shown);
        return;
      }
      expect(until).toBeGreaterThan(instant);
      expect(outcome(schedule, until - 1)).toEqual(shown);
      expect(outcome(schedule, instant + Math.floor((until - 1 - instant) * fraction))).toEqual(shown);
      expect(outcome(schedule, until)).not.toEqual(shown);
      expect(resolveAt(schedule, until - 1).until).toBe(until);
    }), { numRuns: 200 });
  });

  it('never runs a window on an excepted start date', () => {
    fc.assert(fc.property(caseArb, ({ instant, schedule }) => {
      const today = Math.floor(instant / DAY);
      const everyNearDay = Array.from({ length: 6 }, (_, i) => dateOf(today - 3 + i));
      const excepted = { ...schedule, entries: schedule.entries.map((e) => ({ ...e, exceptDates: everyNearDay })) };
      // Within a day of `instant`, any window would start on one of the excepted days.
      for (const probe of [instant - 12 * HOUR, instant, instant + 12 * HOUR]) {
        expect(resolveAt(excepted, probe).source).not.toBe('schedule');
      }
    }), { numRuns: 100 });
  });

  it('keeps a result held by an entry when a lower-priority entry is added', () => {
    fc.assert(fc.property(caseArb, entryArb(Math.floor(FROM / DAY), 'low'), ({ instant, schedule }, extra) => {
      const raised = { ...schedule, entries: schedule.entries.map((e) => ({ ...e, priority: e.priority + 1 })) };
      const before = resolveAt(raised, instant);
      const winner = raised.entries.find((e) => e.id === before.scheduleId);
      if (!winner) return;
      const added = { ...raised, entries: [...raised.entries, { ...extra, priority: winner.priority - 1 }] };
      expect(resolveAt(added, instant)).toEqual(before);
    }), { numRuns: 200 });
  });

  it('does not depend on the order of the entries', () => {
    fc.assert(fc.property(caseArb, fc.nat(), ({ instant, schedule }, seed) => {
      const shuffled = [...schedule.entries].map((e, i) => ({ e, key: (i * 7919 + seed) % 101 }))
        .sort((a, b) => a.key - b.key).map(({ e }) => e);
      expect(resolveAt({ ...schedule, entries: shuffled }, instant)).toEqual(resolveAt(schedule, instant));
    }), { numRuns: 200 });
  });

  it('draws the week view from the same resolution', () => {
    fc.assert(fc.property(caseArb, fc.integer({ min: 0, max: 7 * 1440 - 1 }), ({ instant, schedule }, minuteOfWeek) => {
      const tokyo = { ...schedule, timezone: 'Asia/Tokyo' }; // no DST: every wall minute is one instant
      const monday = Math.floor(instant / DAY);
      const day = weekView(tokyo, dateOf(monday))[Math.floor(minuteOfWeek / 1440)]!;
      const minute = minuteOfWeek % 1440;
      const segment = day.segments.find((s) => s.startMinute <= minute && minute < s.endMinute)!;
      const { startMinute: _s, endMinute: _e, ...drawn } = segment;
      const at = (monday * 1440 + minuteOfWeek) * 60_000 - 9 * HOUR;
      expect(drawn).toEqual(outcome(tokyo, at));
    }), { numRuns: 200 });
  });
});
