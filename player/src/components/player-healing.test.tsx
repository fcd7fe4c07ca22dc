import { act, cleanup, fireEvent, render } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PlayerHealthState } from '../playback/health.js';
import { SelfHealing } from '../playback/self-healing.js';
import { Player } from './player.js';
import { playerConfig } from './player.fixtures.js';

const config = playerConfig;

const host = 'http://pano.test';
/** The item on turn: the newest media element (the one shown before stays until it is ready). */
const onTurn = () => {
  const all = document.querySelectorAll<HTMLImageElement | HTMLVideoElement>('[data-testid=player-image],[data-testid=player-video]');
  return all[all.length - 1]!;
};
const turnId = () => onTurn().getAttribute('src')!.replace(/^.*\/uploads\/|\.\w+$/g, '');

let health: PlayerHealthState;
let healing: SelfHealing;
beforeEach(() => {
  vi.useFakeTimers();
  Object.defineProperty(HTMLMediaElement.prototype, 'play', { configurable: true, value: () => Promise.resolve() });
  Object.defineProperty(HTMLMediaElement.prototype, 'pause', { configurable: true, value: () => {} });
  health = new PlayerHealthState('v');
  healing = new SelfHealing({ health, reload: () => {}, readHeap: () => null });
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('<Player healing>: the media layer wired to the self-healing rules', () => {
  it('a file that fails moves on at once, the third failure in a row skips it for the loop', () => {
    render(<Player config={config([{ id: 'a', kind: 'image' }, { id: 'bad', kind: 'image' }])} host={host} healing={healing} />);
    fireEvent.load(onTurn());
    expect(turnId()).toBe('a');
    for (let pass = 1; pass <= 3; pass++) {
      act(() => void vi.advanceTimersByTime(5000));
      expect(turnId()).toBe('bad');
      // The failure cuts its turn short: 'a' again at once, not 5 s later.
      fireEvent.error(onTurn());
      expect(turnId()).toBe('a');
      fireEvent.load(onTurn());
    }
    const h = health.snapshot(null);
    expect(h.events.map((e) => `${e.kind}:${e.mediaId}`)).toEqual(['skipped:bad', 'failed:bad', 'failed:bad', 'failed:bad']);
    expect(h).toMatchObject({ itemsFailed: 3, failing: false, playing: { mediaId: 'a' } });
    // Left out of the loop: 'a' is shown again and again.
    act(() => void vi.advanceTimersByTime(5000));
    expect(turnId()).toBe('a');
    expect(document.querySelector('[src$="bad.png"]')).toBeNull();
  });

  it('a video whose time stops for more than 5 s is skipped and reported; one that plays is left alone', () => {
    render(<Player config={config([{ id: 'film', kind: 'video', duration: 60 }, { id: 'clip', kind: 'video', duration: 60 }])} host={host} healing={healing} />);
    const film = onTurn() as HTMLVideoElement;
    // Plays for 20 s (its time follows the clock), then freezes.
    let frozenAt: number | null = null;
    const start = Date.now();
    Object.defineProperty(film, 'currentTime', { configurable: true, get: () => ((frozenAt ?? Date.now()) - start) / 1000 });
    fireEvent.loadedData(film);
    act(() => void vi.advanceTimersByTime(20_000));
    expect(turnId()).toBe('film');
    frozenAt = Date.now();
    act(() => void vi.advanceTimersByTime(5000));
    expect(turnId()).toBe('film');
    act(() => void vi.advanceTimersByTime(2000));
    expect(turnId()).toBe('clip');
    expect(health.snapshot(null).events).toMatchObject([{ kind: 'stalled', mediaId: 'film', detail: "'film' 5 saniyeden uzun süre ilerlemedi, atlandı" }]);
    expect(health.snapshot(null).itemsFailed).toBe(1);
  });

  it('every item failing is the failing state; one coming back heals it', () => {
    render(<Player config={config([{ id: 'x', kind: 'image' }, { id: 'y', kind: 'image' }])} host={host} healing={healing} />);
    for (let i = 0; i < 6; i++) {
      fireEvent.error(onTurn());
    }
    expect(health.snapshot(null).failing).toBe(true);
    // Failing: tried at their own pace, not spinning.
    const id = turnId();
    fireEvent.error(onTurn());
    expect(turnId()).toBe(id);
    act(() => void vi.advanceTimersByTime(5000));
    expect(turnId()).not.toBe(id);
    fireEvent.load(onTurn());
    expect(health.snapshot(null).failing).toBe(false);
  });

  it('the preview (no healing) keeps its old behaviour: a failed file just waits its turn out', () => {
    render(<Player config={config([{ id: 'a', kind: 'image' }, { id: 'b', kind: 'image' }])} host={host} />);
    fireEvent.error(onTurn());
    expect(turnId()).toBe('a');
    act(() => void vi.advanceTimersByTime(5000));
    expect(turnId()).toBe('b');
  });
});
