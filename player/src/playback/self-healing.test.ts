import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PlayerHealthState } from './health.js';
import type { PlayItem } from './play-items.js';
import {
  FAILS_BEFORE_SKIP, LoopHealing, MEMORY_FALLBACK_BYTES, MEMORY_SAMPLE_MS, memoryKeepsGrowing, MemoryWatch, MIN_RELOAD_GAP_MS,
  RELOAD_NOTE_KEY, SelfHealing, SKIP_RETRY_MS, StallWatch, type HeapReading,
} from './self-healing.js';
import { PlaybackSequence, realClock, type Slot } from './sequence.js';

const img = (id: string, seconds = 5): PlayItem => ({ mediaId: id, name: id, kind: 'image', url: `/uploads/${id}.png`, durationMs: seconds * 1000 });
const MB = 1024 * 1024;

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  vi.useRealTimers();
  localStorage.clear();
});

describe('the loop skip rules', () => {
  let health: PlayerHealthState;
  let loop: LoopHealing;
  let seq: PlaybackSequence;
  const a = img('a');
  const b = img('b');
  const c = img('c');
  beforeEach(() => {
    health = new PlayerHealthState('v');
    loop = new LoopHealing(health);
    seq = new PlaybackSequence(() => {}, realClock, (i) => loop.isSkipped(i));
  });
  afterEach(() => seq.stop());
  const kinds = () => health.snapshot(null).events.map((e) => `${e.kind}:${e.mediaId}`);

  it('an item that fails three times in a row is skipped for the rest of the loop and reported', () => {
    loop.load([a, b, c]);
    seq.load([a, b, c]);
    for (let i = 1; i < FAILS_BEFORE_SKIP; i++) {
      expect(loop.failed(b, 'failed')).toBe(true);
      expect(loop.isSkipped(b)).toBe(false);
    }
    expect(loop.failed(b, 'failed')).toBe(true);
    expect(loop.isSkipped(b)).toBe(true);
    expect(kinds()).toEqual(['skipped:b', 'failed:b', 'failed:b', 'failed:b']);
    expect(health.snapshot(null)).toMatchObject({ itemsFailed: 3, failing: false });
    expect(health.snapshot(null).lastError?.message).toBe("'b' üst üste 3 kez gösterilemedi, döngüde atlanıyor");
    // The loop passes it by: a → c → a.
    const order = [seq.current!.item.mediaId];
    for (let i = 0; i < 3; i++) {
      seq.advance();
      order.push(seq.current!.item.mediaId);
    }
    expect(order).toEqual(['a', 'c', 'a', 'c']);
    // Nor is it preloaded.
    expect(seq.next?.mediaId).toBe('a');
  });

  it('a success in between starts the count again', () => {
    loop.load([a, b]);
    loop.failed(b, 'failed');
    loop.failed(b, 'stalled');
    loop.rendered(b);
    loop.failed(b, 'failed');
    loop.failed(b, 'failed');
    expect(loop.isSkipped(b)).toBe(false);
    // Newest first.
    expect(kinds()).toEqual(['failed:b', 'failed:b', 'stalled:b', 'failed:b']);
  });

  it('a skipped item gets another chance after a while and with a new loop', () => {
    loop.load([a, b]);
    for (let i = 0; i < FAILS_BEFORE_SKIP; i++) loop.failed(b, 'failed');
    vi.advanceTimersByTime(SKIP_RETRY_MS - 1);
    expect(loop.isSkipped(b)).toBe(true);
    vi.advanceTimersByTime(1);
    expect(loop.isSkipped(b)).toBe(false);
    for (let i = 0; i < FAILS_BEFORE_SKIP; i++) loop.failed(b, 'failed');
    expect(loop.isSkipped(b)).toBe(true);
    loop.load([a, b]);
    expect(loop.isSkipped(b)).toBe(false);
  });

  it('every item failing is the failing state: no more moving on at once, no event per attempt, healed by one success', () => {
    loop.load([a, b]);
    seq.load([a, b]);
    for (let i = 0; i < FAILS_BEFORE_SKIP; i++) loop.failed(a, 'failed');
    for (let i = 0; i < FAILS_BEFORE_SKIP - 1; i++) expect(loop.failed(b, 'failed')).toBe(true);
    expect(health.snapshot(null).failing).toBe(false);
    expect(loop.failed(b, 'failed')).toBe(false);
    expect(health.snapshot(null).failing).toBe(true);
    const events = health.snapshot(null).events.length;
    // Failing: the sequence still tries them in turn, at their own pace.
    seq.advance();
    expect(seq.current!.item.mediaId).toBe('b');
    expect(loop.failed(a, 'failed')).toBe(false);
    expect(health.snapshot(null).events).toHaveLength(events);
    expect(health.snapshot(null).itemsFailed).toBe(7);
    loop.rendered(a);
    expect(health.snapshot(null).failing).toBe(false);
    expect(loop.isSkipped(a)).toBe(false);
  });
});

describe('StallWatch', () => {
  it('calls once when the time does not move for more than 5 s, never while it moves', () => {
    let time = 0;
    const stalls: number[] = [];
    const start = Date.now();
    const watch = new StallWatch(() => time, () => stalls.push(Date.now() - start));
    watch.start();
    for (let i = 0; i < 20; i++) {
      vi.advanceTimersByTime(1000);
      time += 1;
    }
    expect(stalls).toEqual([]);
    // Frozen from here on; the last move was seen by the check at 21 s: more than 5 s after it, at 27 s.
    vi.advanceTimersByTime(6000);
    expect(stalls).toEqual([]);
    vi.advanceTimersByTime(1000);
    expect(stalls).toEqual([27_000]);
    vi.advanceTimersByTime(60_000);
    expect(stalls).toHaveLength(1);
    watch.stop();
  });

  it('counts a video that never starts, and not while the page is hidden', () => {
    let visible = false;
    const stalls: number[] = [];
    const watch = new StallWatch(() => 0, () => stalls.push(1), realClock, () => visible);
    watch.start();
    vi.advanceTimersByTime(60_000);
    expect(stalls).toEqual([]);
    visible = true;
    vi.advanceTimersByTime(6000);
    expect(stalls).toEqual([1]);
    watch.stop();
  });
});

describe('the memory rule', () => {
  it('needs five samples in a row, each higher, the newest above the threshold', () => {
    const limit = 1000 * MB;
    expect(memoryKeepsGrowing([500, 550, 600, 650, 700].map((v) => v * MB), limit)).toBe(true);
    expect(memoryKeepsGrowing([550, 600, 650, 700].map((v) => v * MB), limit)).toBe(false);
    expect(memoryKeepsGrowing([500, 550, 550, 650, 700].map((v) => v * MB), limit)).toBe(false);
    expect(memoryKeepsGrowing([100, 200, 300, 400, 590].map((v) => v * MB), limit)).toBe(false);
    expect(memoryKeepsGrowing([1, 2, 3, 4, 5].map((v) => MEMORY_FALLBACK_BYTES + v), undefined)).toBe(true);
  });

  it('MemoryWatch samples once a minute and says a reload is due; never without performance.memory', () => {
    let used = 700 * MB;
    const watch = new MemoryWatch(() => ({ usedJSHeapSize: (used += 10 * MB), jsHeapSizeLimit: 1000 * MB }));
    watch.start();
    vi.advanceTimersByTime(MEMORY_SAMPLE_MS * 4);
    expect(watch.reloadDue).toBe(false);
    vi.advanceTimersByTime(MEMORY_SAMPLE_MS);
    expect(watch.reloadDue).toBe(true);
    watch.stop();

    const none = new MemoryWatch(() => null);
    none.start();
    vi.advanceTimersByTime(MEMORY_SAMPLE_MS * 10);
    expect(none.reloadDue).toBe(false);
  });

  it('a steady heap, however big, is no reason to reload', () => {
    const watch = new MemoryWatch(() => ({ usedJSHeapSize: 900 * MB, jsHeapSizeLimit: 1000 * MB }));
    watch.start();
    vi.advanceTimersByTime(MEMORY_SAMPLE_MS * 20);
    expect(watch.reloadDue).toBe(false);
    watch.stop();
  });
});

describe('SelfHealing: the memory reload at a loop boundary', () => {
  const slot = (index: number, play: number): Slot => ({ item: img(`m${index}`), index, play });

  it('reloads at the start of the next loop once memory keeps growing, and the page after reports it once', () => {
    vi.setSystemTime(new Date('2026-03-01T10:00:00Z'));
    let used = 600 * MB;
    const heap = (): HeapReading => ({ usedJSHeapSize: (used += 20 * MB), jsHeapSizeLimit: 1000 * MB });
    const reloads: number[] = [];
    const health = new PlayerHealthState('v');
    const healing = new SelfHealing({ health, reload: () => reloads.push(Date.now()), storage: localStorage, readHeap: heap });
    healing.start();
    healing.load([img('m0'), img('m1')]);
    expect(healing.started(slot(0, 1))).toBe(false);
    vi.advanceTimersByTime(MEMORY_SAMPLE_MS * 5);
    expect(healing.memory.reloadDue).toBe(true);
    // Not in the middle of the loop...
    expect(healing.started(slot(1, 2))).toBe(false);
    expect(reloads).toEqual([]);
    // ...but when it begins again.
    expect(healing.started(slot(0, 3))).toBe(true);
    expect(reloads).toHaveLength(1);
    expect(JSON.parse(localStorage.getItem(RELOAD_NOTE_KEY)!)).toEqual({ at: reloads[0], reported: false });
    healing.stop();

    // The page after the reload.
    vi.advanceTimersByTime(3000);
    const after = new PlayerHealthState('v');
    new SelfHealing({ health: after, reload: () => {}, storage: localStorage, readHeap: () => null });
    expect(after.snapshot(null).events).toEqual([
      { kind: 'reloaded', at: new Date(reloads[0]!).toISOString(), mediaId: null, detail: 'Bellek kullanımı artmaya devam ettiği için oynatıcı yeniden yüklendi' },
    ]);
    expect(after.snapshot(null).lastError).toBeNull();
    const again = new PlayerHealthState('v');
    new SelfHealing({ health: again, reload: () => {}, storage: localStorage, readHeap: () => null });
    expect(again.snapshot(null).events).toEqual([]);
  });

  it('reloads at most once in the minimum gap', () => {
    localStorage.setItem(RELOAD_NOTE_KEY, JSON.stringify({ at: Date.now(), reported: true }));
    let used = 600 * MB;
    const reloads: number[] = [];
    const healing = new SelfHealing({
      health: new PlayerHealthState('v'), reload: () => reloads.push(1), storage: localStorage,
      readHeap: () => ({ usedJSHeapSize: (used += 20 * MB), jsHeapSizeLimit: 1000 * MB }),
    });
    healing.start();
    healing.started(slot(0, 1));
    vi.advanceTimersByTime(MEMORY_SAMPLE_MS * 5);
    expect(healing.memory.reloadDue).toBe(true);
    healing.started(slot(1, 2));
    expect(healing.started(slot(0, 3))).toBe(false);
    expect(reloads).toEqual([]);
    vi.advanceTimersByTime(MIN_RELOAD_GAP_MS);
    healing.started(slot(1, 4));
    expect(healing.started(slot(0, 5))).toBe(true);
    expect(reloads).toEqual([1]);
    healing.stop();
  });

  it("a layout zone's healing reports the item it shows and reloads at a boundary of its own loop", () => {
    let used = 600 * MB;
    const reloads: number[] = [];
    const health = new PlayerHealthState('v');
    const healing = new SelfHealing({
      health, reload: () => reloads.push(1), storage: localStorage,
      readHeap: () => ({ usedJSHeapSize: (used += 20 * MB), jsHeapSizeLimit: 1000 * MB }),
    });
    healing.start();
    const zone = healing.forZone();
    zone.load([img('m0'), img('m1')]);
    expect(zone.started(slot(0, 1))).toBe(false);
    zone.rendered(slot(0, 1));
    expect(health.snapshot(null).playing).toMatchObject({ mediaId: 'm0' });
    vi.advanceTimersByTime(MEMORY_SAMPLE_MS * 5);
    expect(zone.started(slot(1, 2))).toBe(false);
    expect(zone.started(slot(0, 3))).toBe(true);
    expect(reloads).toEqual([1]);
    healing.stop();
  });
});
