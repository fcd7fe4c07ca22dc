import { describe, expect, it } from 'vitest';
import { formatCalendarDate, isoWeekday, parseCalendarDate, parseTimeOfDay } from './calendar.js';
import { instantOfScheduleClock, isValidTimeZone, offsetAt, scheduleClockAt } from './time-zone.js';

const HOUR = 3_600_000;

describe('time and date parsers for the wire schemas', () => {
  it("reads 'HH:MM' from 00:00 to 23:59 and nothing else", () => {
    expect(parseTimeOfDay('00:00')).toBe(0);
    expect(parseTimeOfDay('13:30')).toBe(810);
    expect(parseTimeOfDay('23:59')).toBe(1439);
    for (const bad of ['24:00', '7:30', '12:60', '12:3', ' 12:30', '12.30', '']) expect(parseTimeOfDay(bad)).toBeNull();
  });

  it("reads 'YYYY-MM-DD' only for days that exist", () => {
    expect(parseCalendarDate('1970-01-01')).toBe(0);
    expect(parseCalendarDate('2028-02-29')).not.toBeNull();
    for (const bad of ['2026-02-29', '2026-13-01', '2026-04-31', '26-01-01', '2026-1-1', '2026-01-01T00:00']) {
      expect(parseCalendarDate(bad)).toBeNull();
    }
    expect(formatCalendarDate(parseCalendarDate('2026-11-23')!)).toBe('2026-11-23');
  });

  it('numbers weekdays the ISO way, Monday 1 to Sunday 7', () => {
    expect(isoWeekday(parseCalendarDate('2026-11-23')!)).toBe(1);
    expect(isoWeekday(parseCalendarDate('2026-11-29')!)).toBe(7);
    expect(isoWeekday(parseCalendarDate('1969-12-31')!)).toBe(3);
  });
});

describe('isValidTimeZone', () => {
  it('accepts IANA names and refuses offsets, unknown names and non-strings', () => {
    for (const zone of ['Europe/Istanbul', 'Asia/Kolkata', 'America/Argentina/Buenos_Aires', 'UTC', 'Etc/GMT+3']) {
      expect(isValidTimeZone(zone)).toBe(true);
    }
    for (const zone of ['Mars/Olympus', '+03:00', 'Europe/', '', ' Europe/Berlin', 3, null]) expect(isValidTimeZone(zone)).toBe(false);
  });
});

describe('the schedule clock', () => {
  it('reads offsets, half-hour ones included', () => {
    expect(offsetAt('Asia/Kolkata', Date.UTC(2026, 5, 1))).toBe(5.5 * HOUR);
    expect(offsetAt('Europe/Berlin', Date.UTC(2026, 0, 1))).toBe(HOUR);
    expect(offsetAt('Europe/Berlin', Date.UTC(2026, 6, 1))).toBe(2 * HOUR);
  });

  it('holds still through the repeated hour of a fall-back and maps back to first occurrences', () => {
    const fallBack = Date.UTC(2026, 9, 25, 1); // Berlin 03:00 CEST → 02:00 CET
    const lastBefore = Date.UTC(2026, 9, 25, 3) - 1; // wall 02:59:59.999
    expect(scheduleClockAt('Europe/Berlin', fallBack - 1)).toBe(lastBefore);
    expect(scheduleClockAt('Europe/Berlin', fallBack + 30 * 60_000)).toBe(lastBefore);
    expect(scheduleClockAt('Europe/Berlin', fallBack + HOUR)).toBe(Date.UTC(2026, 9, 25, 3));
    expect(instantOfScheduleClock('Europe/Berlin', Date.UTC(2026, 9, 25, 2, 30))).toBe(fallBack - 30 * 60_000);
  });

  it('maps a wall time skipped by a spring-forward to the jump', () => {
    const jump = Date.UTC(2026, 2, 29, 1); // Berlin 02:00 CET → 03:00 CEST
    expect(instantOfScheduleClock('Europe/Berlin', Date.UTC(2026, 2, 29, 2, 15))).toBe(jump);
    expect(instantOfScheduleClock('Europe/Berlin', Date.UTC(2026, 2, 29, 3))).toBe(jump);
    expect(scheduleClockAt('Europe/Berlin', jump)).toBe(Date.UTC(2026, 2, 29, 3));
  });
});
