import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ZPlayerHealth, type TPlayerHealth } from '@pano/contract';
import {
  CHANGE_REPORT_DELAY_MS, HEALTH_REPORT_EVERY_MS, HealthReporter, MAX_HEALTH_EVENTS, PlayerHealthState, WhileOnline,
} from './health.js';
import type { PlayItem } from './play-items.js';

const item = (mediaId: string): PlayItem => ({ mediaId, name: `Afiş ${mediaId}`, kind: 'image', url: `/uploads/${mediaId}.png`, durationMs: 5000 });

describe('HealthReporter: when a report goes out', () => {
  let sent: TPlayerHealth[];
  let reporter: HealthReporter;
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2026-03-01T10:00:00Z'));
    sent = [];
    reporter = new HealthReporter({
      state: (onChange) => new PlayerHealthState('pano-player/test', onChange),
      send: (h) => sent.push(h),
      cacheBytes: () => Promise.resolve(12_345),
    });
  });
  afterEach(() => {
    reporter.stop();
    vi.useRealTimers();
  });

  it('reports at once on connect, with the cache size, in the contract shape', async () => {
    await vi.advanceTimersByTimeAsync(7000);
    expect(sent).toHaveLength(0);
    reporter.setOnline(true);
    await vi.advanceTimersByTimeAsync(0);
    expect(sent).toHaveLength(1);
    expect(ZPlayerHealth.parse(sent[0])).toEqual(sent[0]);
    expect(sent[0]).toMatchObject({ appVersion: 'pano-player/test', uptimeSec: 7, cacheBytes: 12_345, lastError: null, itemsFailed: 0, failing: false, playing: null, events: [] });
  });

  it('reports the files the cache refused at once', async () => {
    reporter.setOnline(true);
    await vi.advanceTimersByTimeAsync(10_000);
    const file = { mediaId: '00000000-0000-4000-8000-000000000001', name: 'menu.mp4', attempts: 3, at: '2026-03-01T10:00:05.000Z' };
    reporter.state.setCorruptFiles([file]);
    await vi.advanceTimersByTimeAsync(CHANGE_REPORT_DELAY_MS);
    expect(sent).toHaveLength(2);
    expect(sent[1]!.corruptFiles).toEqual([file]);
    reporter.state.setCorruptFiles([]);
    await vi.advanceTimersByTimeAsync(CHANGE_REPORT_DELAY_MS);
    expect(sent.at(-1)!.corruptFiles).toEqual([]);
  });

  it('reports every minute while connected and never while offline', async () => {
    reporter.setOnline(true);
    await vi.advanceTimersByTimeAsync(HEALTH_REPORT_EVERY_MS * 3);
    expect(sent).toHaveLength(4);
    expect(sent.map((h) => h.uptimeSec)).toEqual([0, 60, 120, 180]);
    reporter.setOnline(false);
    reporter.state.error('Sunucuya ulaşılamadı');
    await vi.advanceTimersByTimeAsync(HEALTH_REPORT_EVERY_MS * 3);
    expect(sent).toHaveLength(4);
    // Back online: the state as it is now, at once.
    reporter.setOnline(true);
    await vi.advanceTimersByTimeAsync(0);
    expect(sent).toHaveLength(5);
    expect(sent[4]!.lastError?.message).toBe('Sunucuya ulaşılamadı');
  });

  it('reports a change within the change delay, several changes as one report', async () => {
    reporter.setOnline(true);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(sent).toHaveLength(1);
    reporter.state.itemFailed();
    reporter.state.event('skipped', 'm1', "'Afiş m1' üst üste 3 kez gösterilemedi, döngüde atlanıyor");
    await vi.advanceTimersByTimeAsync(CHANGE_REPORT_DELAY_MS);
    expect(sent).toHaveLength(2);
    expect(sent[1]).toMatchObject({ itemsFailed: 1, events: [{ kind: 'skipped', mediaId: 'm1' }] });
    // The periodic report counts again from the change report.
    await vi.advanceTimersByTimeAsync(HEALTH_REPORT_EVERY_MS - 1);
    expect(sent).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(sent).toHaveLength(3);
  });

  it('reports the failing state when it starts and when it ends, not when it stays', async () => {
    reporter.setOnline(true);
    await vi.advanceTimersByTimeAsync(1000);
    reporter.state.setFailing(true);
    await vi.advanceTimersByTimeAsync(CHANGE_REPORT_DELAY_MS);
    expect(sent.map((h) => h.failing)).toEqual([false, true]);
    reporter.state.setFailing(true);
    // A failing loop retrying its items counts them without a report each time.
    reporter.state.itemFailed();
    await vi.advanceTimersByTimeAsync(CHANGE_REPORT_DELAY_MS);
    expect(sent).toHaveLength(2);
    reporter.state.setFailing(false);
    await vi.advanceTimersByTimeAsync(CHANGE_REPORT_DELAY_MS);
    expect(sent.map((h) => h.failing)).toEqual([false, true, false]);
    expect(sent[2]!.itemsFailed).toBe(1);
  });

  it('reports the first item on screen; the next items and the uptime ride along in the periodic report', async () => {
    reporter.setOnline(true);
    await vi.advanceTimersByTimeAsync(1000);
    reporter.state.playingItem(item('m1'));
    await vi.advanceTimersByTimeAsync(CHANGE_REPORT_DELAY_MS);
    expect(sent).toHaveLength(2);
    expect(sent[1]!.playing).toEqual({ mediaId: 'm1', name: 'Afiş m1', startedAt: '2026-03-01T10:00:01.000Z' });
    await vi.advanceTimersByTimeAsync(5000);
    reporter.state.playingItem(item('m2'));
    await vi.advanceTimersByTimeAsync(30_000);
    expect(sent).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(HEALTH_REPORT_EVERY_MS);
    expect(sent).toHaveLength(3);
    expect(sent[2]!.playing).toEqual({ mediaId: 'm2', name: 'Afiş m2', startedAt: '2026-03-01T10:00:06.250Z' });
  });

  it('keeps the newest 20 events, newest first, and an item event as the last error', () => {
    const state = new PlayerHealthState('v');
    const ids = Array.from({ length: 25 }, () => crypto.randomUUID());
    ids.forEach((id, i) => state.event('failed', id, `'m${i}' gösterilemedi`));
    state.event('reloaded', null, 'yeniden yüklendi');
    const h = state.snapshot(null);
    expect(h.events).toHaveLength(MAX_HEALTH_EVENTS);
    expect(h.events[0]).toMatchObject({ kind: 'reloaded', mediaId: null });
    expect(h.events[1]).toMatchObject({ kind: 'failed', mediaId: ids[24] });
    expect(h.lastError?.message).toBe("'m24' gösterilemedi");
    expect(h.cacheBytes).toBeNull();
    expect(ZPlayerHealth.safeParse(h).success).toBe(true);
  });

  it('sends nothing when the socket went down while the cache size was read', async () => {
    let release: (n: number) => void = () => {};
    const slow = new HealthReporter({
      state: (onChange) => new PlayerHealthState('v', onChange),
      send: (h) => sent.push(h),
      cacheBytes: () => new Promise<number>((r) => (release = r)),
    });
    slow.setOnline(true);
    await vi.advanceTimersByTimeAsync(0);
    slow.setOnline(false);
    release(1);
    await vi.advanceTimersByTimeAsync(0);
    expect(sent).toHaveLength(0);
    slow.stop();
  });
});

describe('WhileOnline', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('runs first after its delay once online, then periodically, and stops offline', () => {
    const runs: number[] = [];
    const t = new WhileOnline(() => runs.push(Date.now()), 600_000, 15_000);
    const start = Date.now();
    t.setOnline(true);
    vi.advanceTimersByTime(14_999);
    expect(runs).toHaveLength(0);
    vi.advanceTimersByTime(1);
    vi.advanceTimersByTime(600_000);
    expect(runs.map((r) => r - start)).toEqual([15_000, 615_000]);
    t.setOnline(false);
    vi.advanceTimersByTime(3_600_000);
    expect(runs).toHaveLength(2);
    t.stop();
  });
});
