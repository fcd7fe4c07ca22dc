import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PlayItem } from './play-items.js';
import { LOADING_HOLD_MAX_MS, PlaybackSequence, type Slot } from './sequence.js';

const img = (id: string, seconds = 5): PlayItem => ({ mediaId: id, name: id, kind: 'image', url: `/uploads/${id}.png`, durationMs: seconds * 1000 });
const vid = (id: string, seconds = 5): PlayItem => ({ mediaId: id, name: id, kind: 'video', url: `/uploads/${id}.mp4`, durationMs: seconds * 1000 });

describe('PlaybackSequence', () => {
  let shown: Array<Slot | null>;
  let seq: PlaybackSequence;
  const currentId = () => seq.current?.item.mediaId ?? null;

  beforeEach(() => {
    vi.useFakeTimers();
    shown = [];
    seq = new PlaybackSequence((s) => shown.push(s));
  });
  afterEach(() => {
    seq.stop();
    vi.useRealTimers();
  });

  it('shows each image for its own duration, then loops to the first', () => {
    seq.load([img('a', 3), img('b', 7)]);
    expect(currentId()).toBe('a');
    vi.advanceTimersByTime(2999);
    expect(currentId()).toBe('a');
    vi.advanceTimersByTime(1);
    expect(currentId()).toBe('b');
    vi.advanceTimersByTime(6999);
    expect(currentId()).toBe('b');
    vi.advanceTimersByTime(1);
    expect(currentId()).toBe('a');
    expect(shown.map((s) => s?.item.mediaId)).toEqual(['a', 'b', 'a']);
  });

  it('advances a video on ended before its duration is up', () => {
    seq.load([vid('v', 30), img('b')]);
    vi.advanceTimersByTime(4000);
    seq.videoEnded(seq.current!.play);
    expect(currentId()).toBe('b');
    // The video's own 30 s timer was replaced by the image's 5 s.
    vi.advanceTimersByTime(5000);
    expect(currentId()).toBe('v');
  });

  it('advances a video when its duration ends even if the video has not ended', () => {
    seq.load([vid('v', 5), img('b')]);
    vi.advanceTimersByTime(5000);
    expect(currentId()).toBe('b');
  });

  it('ignores an ended event from a play that is no longer on screen', () => {
    seq.load([vid('v', 5), img('b', 10)]);
    const oldPlay = seq.current!.play;
    vi.advanceTimersByTime(5000);
    expect(currentId()).toBe('b');
    seq.videoEnded(oldPlay);
    expect(currentId()).toBe('b');
  });

  it('restarts a single looping item with a new play number', () => {
    seq.load([vid('only', 2)]);
    const first = seq.current!.play;
    vi.advanceTimersByTime(2000);
    expect(currentId()).toBe('only');
    expect(seq.current!.play).not.toBe(first);
    expect(seq.next?.mediaId).toBe('only');
  });

  it('reports the next item for preloading', () => {
    seq.load([img('a'), img('b'), img('c')]);
    expect(seq.next?.mediaId).toBe('b');
    vi.advanceTimersByTime(10_000);
    expect(currentId()).toBe('c');
    expect(seq.next?.mediaId).toBe('a');
  });

  it('an empty playlist shows nothing and stops the timer', () => {
    seq.load([img('a')]);
    seq.load([]);
    expect(seq.current).toBeNull();
    expect(shown.at(-1)).toBeNull();
    expect(vi.getTimerCount()).toBe(0);
    expect(seq.next).toBeNull();
  });

  it('a new config keeps the current item when it is still present, with its start time', () => {
    seq.load([img('a', 10), img('b', 10)]);
    vi.advanceTimersByTime(10_000 + 4000); // b has been on for 4 s
    const play = seq.current!.play;
    seq.load([img('x', 5), img('b', 6), img('y', 5)]);
    expect(currentId()).toBe('b');
    expect(seq.current!.index).toBe(1);
    expect(seq.current!.play).toBe(play); // not restarted
    vi.advanceTimersByTime(1999);
    expect(currentId()).toBe('b');
    vi.advanceTimersByTime(1); // 6 s total for b under the new duration
    expect(currentId()).toBe('y');
    vi.advanceTimersByTime(5000);
    expect(currentId()).toBe('x');
  });

  it('a new config without the current item starts from its first item at once', () => {
    seq.load([img('a'), img('b')]);
    vi.advanceTimersByTime(2000);
    seq.load([img('c', 4), img('d')]);
    expect(currentId()).toBe('c');
    vi.advanceTimersByTime(4000);
    expect(currentId()).toBe('d');
  });

  it('a shortened duration that has already passed advances immediately', () => {
    seq.load([img('a', 10), img('b')]);
    vi.advanceTimersByTime(6000);
    seq.load([img('a', 3), img('b')]);
    vi.advanceTimersByTime(0);
    expect(currentId()).toBe('b');
  });

  it('loading after an empty playlist starts playing again', () => {
    seq.load([]);
    seq.load([img('a'), img('b')]);
    expect(currentId()).toBe('a');
    vi.advanceTimersByTime(5000);
    expect(currentId()).toBe('b');
  });

  it('told of frames, holds the first item of a loop until it reaches the screen, then gives it its whole time', () => {
    const held = new PlaybackSequence((s) => shown.push(s), undefined, undefined, true);
    try {
      held.load([img('a', 2)]);
      const a = held.current!.play;
      vi.advanceTimersByTime(5000); // still loading: the same play, not a new element starting over
      expect(held.current!.play).toBe(a);
      held.reached(a);
      vi.advanceTimersByTime(1999);
      expect(held.current!.play).toBe(a);
      vi.advanceTimersByTime(1);
      expect(held.current!.play).not.toBe(a);
      // Once something of the loop was on screen, an item still loading is passed at its time.
      const again = held.current!.play;
      vi.advanceTimersByTime(2000);
      expect(held.current!.play).not.toBe(again);
      // Another playlist (a boundary) holds its first item again; a failure ends the held turn.
      held.load([img('m', 2), img('n', 2)], { restart: true });
      vi.advanceTimersByTime(3000);
      expect(held.current!.item.mediaId).toBe('m');
      held.failed(held.current!.play);
      expect(held.current!.item.mediaId).toBe('n');
    } finally {
      held.stop();
    }
  });

  it('gives up a first item whose load never ends (no frame, no error) and goes on with the loop', () => {
    const held = new PlaybackSequence((s) => shown.push(s), undefined, undefined, true);
    try {
      held.load([img('hung', 2), img('b', 2)]);
      const hung = held.current!.play;
      vi.advanceTimersByTime(2000 + LOADING_HOLD_MAX_MS - 1);
      expect(held.current!.play).toBe(hung);
      vi.advanceTimersByTime(1);
      expect(held.current!.item.mediaId).toBe('b');
      // A late frame of the play given up changes nothing.
      held.reached(hung);
      expect(held.current!.item.mediaId).toBe('b');
    } finally {
      held.stop();
    }
  });

  it('another playlist (a schedule boundary) cuts the item on screen, even media both playlists hold', () => {
    seq.load([vid('film', 1800), img('b')]);
    vi.advanceTimersByTime(60_000);
    const play = seq.current!.play;
    seq.load([vid('film', 1800), img('menu')], { restart: true });
    expect(currentId()).toBe('film');
    expect(seq.current!.play).not.toBe(play); // a new play from its start, not the old one running on
    vi.advanceTimersByTime(1_800_000);
    expect(currentId()).toBe('menu');
  });
});
