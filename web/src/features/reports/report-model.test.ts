import { describe, expect, it } from 'vitest';
import { formatAirtime, formatShare, timeBuckets } from './report-format';
import { axisTicks } from './report-chart';
import { dayAt, presetOf, presetPeriod, reportQuery } from './report-period';
import { report } from './reports-test-data';

const texts = { fromRequired: 'from', toRequired: 'to', toBeforeFrom: 'order' };

describe('report period', () => {
  it("reads today on Istanbul's clock, not the browser's", () => {
    // 22:30 UTC on the 23rd is 01:30 on the 24th in Istanbul.
    expect(dayAt(Date.UTC(2026, 10, 23, 22, 30))).toBe('2026-11-24');
    expect(dayAt(Date.UTC(2026, 10, 23, 20, 59))).toBe('2026-11-23');
  });

  it('makes inclusive presets across month and year ends', () => {
    const jan2 = Date.UTC(2027, 0, 2, 9);
    expect(presetPeriod('last7', jan2)).toEqual({ from: '2026-12-27', to: '2027-01-02' });
    expect(presetPeriod('last30', jan2)).toEqual({ from: '2026-12-04', to: '2027-01-02' });
    expect(presetPeriod('thisMonth', jan2)).toEqual({ from: '2027-01-01', to: '2027-01-02' });
    expect(presetPeriod('last7', Date.UTC(2028, 2, 3, 9))).toEqual({ from: '2028-02-26', to: '2028-03-03' }); // 29 February
    expect(presetOf('2026-12-27', '2027-01-02', jan2)).toBe('last7');
    expect(presetOf('2026-12-28', '2027-01-02', jan2)).toBeNull();
  });

  it('refuses an empty or reversed period; the same day at both ends is one day', () => {
    const f = { from: '2026-11-10', to: '2026-11-10', screen: '', group: '', media: '', zone: '', by: 'day' as const };
    expect(reportQuery(f, texts)).toEqual({ query: 'from=2026-11-10&to=2026-11-10&by=day' });
    // A layout zone is sent by its name, encoded.
    expect(reportQuery({ ...f, zone: 'Sağ & alt' }, texts)).toEqual({ query: 'from=2026-11-10&to=2026-11-10&zone=Sa%C4%9F+%26+alt&by=day' });
    expect(reportQuery({ ...f, from: '' }, texts)).toEqual({ errors: { from: 'from' } });
    expect(reportQuery({ ...f, to: '' }, texts)).toEqual({ errors: { to: 'to' } });
    expect(reportQuery({ ...f, to: '2026-11-09' }, texts)).toEqual({ errors: { to: 'order' } });
  });
});

describe('report numbers', () => {
  it("writes airtime as 'sa dk sn', leaving out the zero parts", () => {
    expect(formatAirtime(0)).toBe('0 sn');
    expect(formatAirtime(0.4)).toBe('0 sn');
    expect(formatAirtime(59.6)).toBe('1 dk');
    expect(formatAirtime(3605)).toBe('1 sa 5 sn');
    expect(formatAirtime(3725)).toBe('1 sa 2 dk 5 sn');
    expect(formatAirtime(1000 * 3600 + 61)).toBe('1.000 sa 1 dk 1 sn');
  });

  it('gives each share with one decimal, and no share of nothing', () => {
    expect(formatShare(1, 3)).toBe('%33,3');
    expect(formatShare(5, 0)).toBe('%0');
  });

  it('keeps only the rows when a key is not on the calendar, or the period is too long to draw every hour', () => {
    const odd = report({ by: 'day', rows: [{ key: 'x', name: 'x', plays: 1, seconds: 1 }] });
    expect(timeBuckets(odd)).toEqual(odd.rows);
    const year = report({ from: '2026-01-01', to: '2026-12-31', by: 'hour', rows: [{ key: '2026-03-01 10:00', name: '', plays: 1, seconds: 1 }] });
    expect(timeBuckets(year)).toEqual(year.rows);
    expect(timeBuckets({ ...year, by: 'day', rows: [] })).toHaveLength(365);
  });
});

describe('time axis labels', () => {
  it('labels every day of a week, every other one minor (hidden on a phone), the last never minor', () => {
    expect(axisTicks(7)).toEqual([0, 1, 2, 3, 4, 5, 6].map((i) => ({ i, minor: i % 2 === 1 })));
  });

  it('labels each midnight of a week of hours; days get the last one too when it is far enough from the one before', () => {
    expect(axisTicks(168, false).map((t) => t.i)).toEqual([0, 24, 48, 72, 96, 120, 144]);
    expect(axisTicks(30).map((t) => t.i)).toEqual([0, 5, 10, 15, 20, 25, 29]);
    expect(axisTicks(1)).toEqual([{ i: 0, minor: false }]);
  });
});
