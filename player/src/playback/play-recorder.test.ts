import { describe, expect, it } from 'vitest';
import { PLAY_DURATION_MAX_MS, ZPlayRecord, type TPlayRecord } from '@pano/contract';
import { newPlayId, PlayRecorder, type PlayContext } from './play-recorder.js';

const T0 = Date.parse('2026-11-24T09:00:00.000Z');
const SCREEN = '5c000000-0000-4000-8000-000000000001';
const LOBBY = '91000000-0000-4000-8000-000000000001';
const EVENING = '91000000-0000-4000-8000-000000000002';
const ENTRY = '5e000000-0000-4000-8000-000000000001';
const lobby: PlayContext = { screenId: SCREEN, playlistId: LOBBY, scheduleId: null };
const evening: PlayContext = { screenId: SCREEN, playlistId: EVENING, scheduleId: ENTRY };
/** Media ids as the server makes them (uuids), named by a letter. */
const M = (letter: string) => `3e000000-0000-4000-8000-${letter.charCodeAt(0).toString(16).padStart(12, '0')}`;

function setup() {
  let now = T0;
  let ids = 0;
  const records: TPlayRecord[] = [];
  const recorder = new PlayRecorder((r) => records.push(r), () => now, () => `00000000-0000-4000-8000-${String(++ids).padStart(12, '0')}`);
  const letter = (id: string) => String.fromCharCode(parseInt(id.slice(-12), 16));
  return {
    recorder, records,
    at: (ms: number) => { now = T0 + ms; },
    /** What the report sees: media, outcome, start offset and duration. */
    summary: () => records.map((r) => [letter(r.mediaId), r.outcome, Date.parse(r.startedAt) - T0, r.durationMs]),
    media: () => records.map((r) => letter(r.mediaId)),
  };
}

describe('PlayRecorder', () => {
  it('records a play from the moment it was rendered until the next one is, completed when the loop moved on', () => {
    const { recorder, records, at, summary } = setup();
    at(300); // loaded after 300 ms
    recorder.rendered(1, M('a'), lobby);
    expect(records).toEqual([]); // on screen, not ended yet
    at(5000);
    recorder.left(1, 'completed');
    at(5040); // the next image decoded 40 ms later: a stayed on screen until then
    recorder.rendered(2, M('b'), lobby);
    at(10_040);
    recorder.left(2, 'completed');
    at(10_050);
    recorder.rendered(3, M('a'), lobby);
    expect(summary()).toEqual([['a', 'completed', 300, 4740], ['b', 'completed', 5040, 5010]]);
    expect(records[0]).toEqual({
      id: '00000000-0000-4000-8000-000000000001', screenId: SCREEN, mediaId: M('a'), playlistId: LOBBY, scheduleId: null,
      startedAt: '2026-11-24T09:00:00.300Z', durationMs: 4740, outcome: 'completed',
    });
    // Every record is what the server accepts.
    for (const r of records) expect(ZPlayRecord.parse(r)).toEqual(r);
  });

  it('counts nothing that was never rendered: an item skipped while loading leaves no record', () => {
    const { recorder, records, at, media } = setup();
    recorder.rendered(1, M('a'), lobby);
    at(5000);
    recorder.left(1, 'completed');
    // play 2 never loaded; its layer goes when the loop moves on
    recorder.gone(2);
    at(10_000);
    recorder.rendered(3, M('c'), lobby);
    expect(media()).toEqual(['a']);
    expect(records[0]!.durationMs).toBe(10_000);
  });

  it('a change cuts the item on screen; the schedule entry that chose the playlist is kept', () => {
    const { recorder, at, summary, records } = setup();
    recorder.rendered(1, M('a'), lobby);
    at(2000);
    recorder.left(1, 'cut'); // a schedule boundary: another playlist starts
    at(2100);
    recorder.rendered(2, M('e'), evening);
    at(7000);
    recorder.close(); // the page goes away
    expect(summary()).toEqual([['a', 'cut', 0, 2100], ['e', 'cut', 2100, 4900]]);
    expect(records[1]).toMatchObject({ playlistId: EVENING, scheduleId: ENTRY });
    recorder.rendered(3, M('x'), evening);
    expect(records).toHaveLength(2); // closed: nothing more
  });

  it('a page leave cuts what is on screen; a page restored from the cache records its next item', () => {
    const { recorder, at, summary } = setup();
    recorder.rendered(1, M('a'), lobby);
    at(800);
    recorder.interrupt(); // pagehide
    at(60_000); // pageshow from the back-forward cache; play 1 is still the layer on screen
    recorder.left(1, 'completed');
    at(60_100);
    recorder.rendered(2, M('b'), lobby);
    at(61_100);
    recorder.close();
    expect(summary()).toEqual([['a', 'cut', 0, 800], ['b', 'cut', 60_100, 1000]]);
  });

  it('ends a play whose layer leaves the page with nothing after it (an empty playlist)', () => {
    const { recorder, at, summary } = setup();
    recorder.rendered(1, M('a'), lobby);
    at(1500);
    recorder.left(1, 'cut');
    recorder.gone(1);
    recorder.gone(1);
    expect(summary()).toEqual([['a', 'cut', 0, 1500]]);
  });

  it('records a failed item once, with no time shown; a video breaking mid-way keeps the time it showed', () => {
    const { recorder, at, summary } = setup();
    at(100);
    recorder.failed(1, M('x'), lobby);
    recorder.rendered(2, M('v'), lobby);
    at(3100);
    recorder.failed(2, M('v'), lobby);
    recorder.gone(2);
    expect(summary()).toEqual([['x', 'failed', 100, 0], ['v', 'failed', 100, 3000]]);
  });

  it('an alert takeover cuts the play under it; what shows when it ends counts from then', () => {
    const { recorder, at, summary } = setup();
    recorder.rendered(1, M('a'), lobby);
    at(2000);
    recorder.cover(true);
    at(5000);
    recorder.left(1, 'completed');
    recorder.rendered(2, M('b'), lobby); // under the alert: not shown to anyone
    at(10_000);
    recorder.left(2, 'completed');
    recorder.rendered(3, M('c'), lobby);
    at(12_000);
    recorder.cover(false);
    at(15_000);
    recorder.left(3, 'completed');
    recorder.rendered(4, M('a'), lobby);
    expect(summary()).toEqual([['a', 'cut', 0, 2000], ['c', 'completed', 12_000, 3000]]);
  });

  it('never claims more than a day for one play', () => {
    const { recorder, at, records } = setup();
    recorder.rendered(1, M('a'), lobby);
    at(3 * PLAY_DURATION_MAX_MS);
    recorder.rendered(2, M('b'), lobby);
    expect(records[0]!.durationMs).toBe(PLAY_DURATION_MAX_MS);
  });

  it('the same play rendered twice (a video resuming after a stall) is one play', () => {
    const { recorder, at, records } = setup();
    recorder.rendered(1, M('v'), lobby);
    at(1000);
    recorder.rendered(1, M('v'), lobby);
    at(2000);
    recorder.close();
    expect(records.map((r) => [r.id.slice(-1), r.durationMs])).toEqual([['1', 2000]]);
  });

  it('makes v4 UUIDs, also where crypto.randomUUID is missing (plain-http kiosks)', () => {
    const v4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
    expect(newPlayId()).toMatch(v4);
    const original = Object.getOwnPropertyDescriptor(globalThis.crypto, 'randomUUID')
      ?? Object.getOwnPropertyDescriptor(Object.getPrototypeOf(globalThis.crypto), 'randomUUID');
    Object.defineProperty(globalThis.crypto, 'randomUUID', { configurable: true, value: undefined });
    try {
      const ids = new Set(Array.from({ length: 50 }, () => newPlayId()));
      expect(ids.size).toBe(50);
      for (const id of ids) expect(id).toMatch(v4);
    } finally {
      delete (globalThis.crypto as { randomUUID?: unknown }).randomUUID;
      if (original && !Object.getOwnPropertyDescriptor(globalThis.crypto, 'randomUUID')) {
        Object.defineProperty(globalThis.crypto, 'randomUUID', original);
      }
    }
    expect(newPlayId()).toMatch(v4);
  });
});
