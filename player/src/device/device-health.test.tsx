import { cleanup, render } from '@testing-library/react';
import { beforeAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TPlayerHealth } from '@pano/contract';
import { Player } from '../components/player.js';
import { HttpError } from '../connection/http-error.js';
import { FIRST_THUMBNAIL_AFTER_MS, THUMBNAIL_EVERY_MS } from '../playback/health.js';
import { DeviceHealth, type ShotKind } from './device-health.js';

// The drawing code loads on the first shot (device-health.ts); here it is in before the tests.
beforeAll(() => import('./screenshot.js'));

/**
 * jsdom has no canvas: getContext and toBlob stand in for the browser's (a context that draws
 * nothing, a blob of the canvas's size), as play() does for media in the player tests.
 */
let canvases: HTMLCanvasElement[];
beforeEach(() => {
  vi.useFakeTimers();
  canvases = [];
  const ctx = new Proxy({}, { get: (_t, k) => (k === 'measureText' ? () => ({ width: 0 }) : () => undefined), set: () => true });
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockImplementation(function (this: HTMLCanvasElement) {
    canvases.push(this);
    return ctx as unknown as CanvasRenderingContext2D;
  });
  vi.spyOn(HTMLCanvasElement.prototype, 'toBlob').mockImplementation(function (this: HTMLCanvasElement, cb: BlobCallback, type?: string) {
    cb(new Blob([`${this.width}x${this.height}`], { type }));
  });
  Object.defineProperty(HTMLMediaElement.prototype, 'play', { configurable: true, value: () => Promise.resolve() });
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.useRealTimers();
});

function setup(upload: (jpeg: Blob, kind: ShotKind) => Promise<void> = () => Promise.resolve()) {
  render(<Player config={null} mediaHeight={1080} />);
  const root = document.querySelector<HTMLElement>('[data-testid=player]')!;
  // jsdom lays nothing out: the frame of a 1920 × 1080 screen.
  root.getBoundingClientRect = () => ({ x: 0, y: 0, left: 0, top: 0, right: 1920, bottom: 1080, width: 1920, height: 1080, toJSON: () => ({}) });
  const sent: TPlayerHealth[] = [];
  const uploads: Array<{ kind: ShotKind; type: string; body: Promise<string> }> = [];
  const health = new DeviceHealth({
    appVersion: 'pano-player/test',
    send: (h) => sent.push(h),
    upload: (jpeg, kind) => (uploads.push({ kind, type: jpeg.type, body: jpeg.text() }), upload(jpeg, kind)),
    root: () => root,
    reload: () => {},
  });
  health.start();
  return { health, sent, uploads };
}

describe('DeviceHealth: a paired device wired together', () => {
  it('reports on connect, and sends a 320 px thumbnail 15 s after going online, then every 10 minutes while online', async () => {
    const { health, sent, uploads } = setup();
    health.setOnline(true);
    await vi.advanceTimersByTimeAsync(0);
    expect(sent).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(FIRST_THUMBNAIL_AFTER_MS - 1);
    expect(uploads).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(uploads.map((u) => u.kind)).toEqual(['thumbnail']);
    expect(uploads[0]!.type).toBe('image/jpeg');
    expect(await uploads[0]!.body).toBe('320x180');
    await vi.advanceTimersByTimeAsync(THUMBNAIL_EVERY_MS);
    expect(uploads.map((u) => u.kind)).toEqual(['thumbnail', 'thumbnail']);
    health.setOnline(false);
    await vi.advanceTimersByTimeAsync(THUMBNAIL_EVERY_MS * 3);
    expect(uploads).toHaveLength(2);
    health.stop();
  });

  it('a screenshot is at most 1280 px wide; a failed upload is the last error, reported at once', async () => {
    const { health, sent, uploads } = setup(() => Promise.reject(new HttpError('Ekran görüntüsü çok büyük', 413)));
    health.setOnline(true);
    await vi.advanceTimersByTimeAsync(0);
    await health.shoot('screenshot');
    expect(uploads.map((u) => u.kind)).toEqual(['screenshot']);
    expect(await uploads[0]!.body).toBe('1280x720');
    expect(canvases.at(-1)!.width).toBe(1280);
    await vi.advanceTimersByTimeAsync(300);
    expect(sent.at(-1)!.lastError?.message).toBe('Ekran görüntüsü çok büyük');
    health.stop();
  });
});
