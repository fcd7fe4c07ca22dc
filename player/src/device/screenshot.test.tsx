import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { beforeAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TConfigAlert, TScreenConfig } from '@pano/contract';
import { SCREENSHOT_MAX_PIXELS } from '@pano/contract/constants';
import { Player, preloadAlertOverlay } from '../components/player.js';
import { containRect, drawScreen, outputSize, translateX, type Draw2D } from './screenshot.js';

// The takeover's code loads after the player starts (player.tsx); here it is in before the tests.
beforeAll(() => preloadAlertOverlay());

/**
 * jsdom has no canvas: the drawing is checked through a 2D context that records what it is
 * told (the browser's API, stood in for); the JPEG itself is made in Chromium (e2e).
 */
type Call = { op: string; args: unknown[]; fillStyle: string; font: string };
function recorder(): Draw2D & { calls: Call[] } {
  const calls: Call[] = [];
  const ctx = {
    calls, fillStyle: '' as string, font: '', textAlign: 'start', textBaseline: 'alphabetic',
    measureText: (text: string) => ({ width: text.length * 10 }) as TextMetrics,
  } as unknown as Draw2D & { calls: Call[] };
  for (const op of ['fillRect', 'drawImage', 'fillText', 'save', 'restore', 'beginPath', 'rect', 'clip', 'scale']) {
    (ctx as unknown as Record<string, unknown>)[op] = (...args: unknown[]) => calls.push({ op, args, fillStyle: String(ctx.fillStyle), font: ctx.font });
  }
  return ctx;
}

const ticker = { _id: 'd', name: 'Duyurular', speed: 3, directions: [{ text: 'Hoş geldiniz' }, { text: 'İyi günler' }] };
const config = (kind: 'image' | 'video' | 'none', alerts: TConfigAlert[] = []): TScreenConfig => ({
  screenId: 's1', screenName: 'Lobi', version: 'v1', alerts,
  playlist: kind === 'none' ? null : {
    _id: 'p1', name: 'Liste',
    mediaItems: [{ duration: 30, media: { _id: 'm1', name: 'Afiş', mediaType: kind === 'video' ? 'Video' : 'Resim', type: kind, filePath: `/uploads/m1.${kind === 'video' ? 'mp4' : 'png'}`, url: '', mimeType: '' } }],
  },
  directionPlaylist: ticker,
  displaySettings: { showDirectionBar: true, backgroundColor: 'rgb(10, 20, 30)', barHeight: 60, textColor: 'yellow', fontSize: 30 },
  notice: null,
  schedule: { timezone: 'Europe/Istanbul', entries: [], playlists: [], tickers: [] },
});
const size = { width: 1280, height: 720 };
const ops = (ctx: { calls: Call[] }, op: string) => ctx.calls.filter((c) => c.op === op);

beforeEach(() => {
  vi.useFakeTimers({ now: Date.parse('2026-05-04T10:00:00.000Z') });
  Object.defineProperty(HTMLMediaElement.prototype, 'play', { configurable: true, value: () => Promise.resolve() });
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('drawScreen: what the screen shows, onto a canvas', () => {
  it('draws the shown image as object-fit contain, then the ticker bar with its colours at its current offset', () => {
    render(<Player config={config('image')} host="http://pano.test" mediaHeight={720} />);
    const img = screen.getByTestId('player-image') as HTMLImageElement;
    Object.defineProperty(img, 'naturalWidth', { value: 1000 });
    Object.defineProperty(img, 'naturalHeight', { value: 1000 });
    fireEvent.load(img);
    screen.getByTestId('ticker-strip').style.transform = 'translate3d(-120px,0,0)';
    const ctx = recorder();
    drawScreen(screen.getByTestId('player'), ctx, size);

    expect(ctx.calls[0]).toMatchObject({ op: 'fillRect', args: [0, 0, 1280, 720], fillStyle: 'rgb(0, 0, 0)' });
    // A square picture in a 1280 × 720 frame: 720 × 720, centred.
    expect(ops(ctx, 'drawImage')).toEqual([expect.objectContaining({ args: [img, 280, 0, 720, 720] })]);
    // The bar: 60 px at the bottom, in its background colour, clipped to itself.
    expect(ctx.calls.find((c) => c.op === 'rect')?.args).toEqual([0, 660, 1280, 60]);
    expect(ops(ctx, 'fillRect')[1]).toMatchObject({ args: [0, 660, 1280, 60], fillStyle: 'rgb(10, 20, 30)' });
    // Texts in the bar's colour and size, from the strip's offset, each followed by a 5em gap;
    // the second copy begins one copy (at least the screen's width) further.
    const texts = ops(ctx, 'fillText');
    expect(texts.map((c) => c.args)).toEqual([['Hoş geldiniz', -120, 690], ['İyi günler', -120 + 120 + 150, 690], ['Hoş geldiniz', 1160, 690]]);
    expect(texts[0]).toMatchObject({ fillStyle: 'rgb(255, 255, 0)' });
    expect(texts[0]!.font).toContain('30px');
  });

  it('draws the current video frame, and nothing for media not shown yet', () => {
    render(<Player config={config('video')} host="http://pano.test" mediaHeight={720} />);
    const video = screen.getByTestId('player-video') as HTMLVideoElement;
    const ctx = recorder();
    drawScreen(screen.getByTestId('player'), ctx, size);
    expect(ops(ctx, 'drawImage')).toEqual([]);

    Object.defineProperty(video, 'videoWidth', { value: 1920 });
    Object.defineProperty(video, 'videoHeight', { value: 1080 });
    fireEvent.loadedData(video);
    const after = recorder();
    drawScreen(screen.getByTestId('player'), after, size);
    expect(ops(after, 'drawImage')).toEqual([expect.objectContaining({ args: [video, 0, 0, 1280, 720] })]);
  });

  it('draws the status line when there is no media', () => {
    render(<Player config={config('none')} host="http://pano.test" mediaHeight={720} />);
    const ctx = recorder();
    drawScreen(screen.getByTestId('player'), ctx, size);
    expect(ops(ctx, 'fillText')[0]!.args).toEqual(['Bu ekrana atanmış medya bulunamadı', 640, 360]);
  });

  it('draws an alert takeover instead of the media and the ticker', () => {
    const alert: TConfigAlert = {
      _id: 'a1', title: 'Yangın Tahliye', message: 'Lütfen en yakın çıkışı kullanın', background: '#b91c1c', textColor: '#ffffff', imageUrl: null,
      sound: false, startedAt: new Date(Date.now() - 1000).toISOString(), endsAt: null,
    };
    render(<Player config={config('image', [alert])} host="http://pano.test" mediaHeight={720} />);
    const img = screen.getByTestId('player-image') as HTMLImageElement;
    Object.defineProperty(img, 'naturalWidth', { value: 100 });
    Object.defineProperty(img, 'naturalHeight', { value: 100 });
    fireEvent.load(img);
    const ctx = recorder();
    drawScreen(screen.getByTestId('player'), ctx, size);
    expect(ops(ctx, 'drawImage')).toEqual([]);
    expect(ops(ctx, 'fillRect')[1]).toMatchObject({ args: [0, 0, 1280, 720], fillStyle: 'rgb(185, 28, 28)' });
    const texts = ops(ctx, 'fillText');
    expect(texts.map((c) => c.args[0])).toEqual(['ACİL DUYURU', 'Yangın Tahliye', 'Lütfen en yakın çıkışı kullanın']);
    expect(texts.every((c) => c.fillStyle === 'rgb(255, 255, 255)')).toBe(true);
    expect(texts.map((c) => c.args[2] as number).every((y, i, all) => i === 0 || y > all[i - 1]!)).toBe(true);
  });
});

describe('screenshot geometry', () => {
  it('contain: whole, centred, aspect kept', () => {
    expect(containRect({ x: 0, y: 0, width: 1280, height: 720 }, 1080, 1920)).toEqual({ x: 437.5, y: 0, width: 405, height: 720 });
    expect(containRect({ x: 10, y: 20, width: 100, height: 100 }, 200, 100)).toEqual({ x: 10, y: 45, width: 100, height: 50 });
  });

  it('at most the maximum width, never enlarged', () => {
    expect(outputSize(1920, 1080, 1280)).toEqual({ width: 1280, height: 720, scale: 2 / 3 });
    expect(outputSize(1920, 1080, 320)).toEqual({ width: 320, height: 180, scale: 1 / 6 });
    expect(outputSize(800, 600, 1280)).toEqual({ width: 800, height: 600, scale: 1 });
    // A portrait screen more than twice as tall as wide stays within the pixels the server takes.
    const tall = outputSize(1080, 3840, 1280);
    expect(tall.width * tall.height).toBeLessThanOrEqual(SCREENSHOT_MAX_PIXELS);
    expect(tall.width / tall.height).toBeCloseTo(1080 / 3840, 2);
    expect(outputSize(1280, 2560, 1280)).toEqual({ width: 1280, height: 2560, scale: 1 });
  });

  it('reads the strip offset from its transform', () => {
    expect(translateX('translate3d(-431.25px,0,0)')).toBe(-431.25);
    expect(translateX('translateX(12px)')).toBe(12);
    expect(translateX('')).toBe(0);
  });
});
