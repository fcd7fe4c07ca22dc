import { act, cleanup, fireEvent, render } from '@testing-library/react';
import { beforeAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ZPlayRecord, type TConfigAlert, type TPlayRecord, type TScreenConfig } from '@pano/contract';
import { Player, preloadAlertOverlay } from './player.js';

// The takeover's code loads after the player starts (player.tsx); here it is in before the tests.
beforeAll(() => preloadAlertOverlay());

/** Proof of play in the rendered player: a play counts only once its media really reached the screen. */

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const SCREEN = id(900);
const PLAYLIST = id(901);
const T0 = Date.parse('2026-11-24T09:00:00.000Z');
type Item = { n: number; kind: 'image' | 'video'; duration?: number };

function config(items: Item[], alerts: TConfigAlert[] = []): TScreenConfig {
  return {
    screenId: SCREEN, screenName: 'Lobi', version: `v-${items.map((i) => i.n).join('-')}`, alerts,
    playlist: {
      _id: PLAYLIST, name: 'Liste',
      mediaItems: items.map((i) => ({
        duration: i.duration ?? 1,
        media: {
          _id: id(i.n), name: `m${i.n}`, mediaType: i.kind === 'video' ? 'Video' : 'Resim', type: i.kind,
          filePath: `/uploads/m${i.n}.${i.kind === 'video' ? 'mp4' : 'png'}`, url: '', mimeType: '',
        },
      })),
    },
    directionPlaylist: null,
    displaySettings: { showDirectionBar: false, backgroundColor: 'black', barHeight: 50, textColor: 'white', fontSize: 24 },
    notice: null,
    schedule: { timezone: 'Europe/Istanbul', entries: [], playlists: [], tickers: [] },
  };
}

const host = 'http://pano.test';
const images = () => [...document.querySelectorAll<HTMLImageElement>('[data-testid=player-image]')];
const at = (ms: number) => act(() => void vi.advanceTimersByTime(ms - (Date.now() - T0)));
/** Pending img.decode() calls, resolved (or failed) by the test: the browser's decoder. */
let decodes: { resolve: () => void; reject: (e: Error) => void }[];
const decodeNext = () => act(async () => decodes.shift()!.resolve());
const brief = (r: TPlayRecord) => [Number(r.mediaId.slice(-3)), r.outcome, Date.parse(r.startedAt) - T0, r.durationMs];

beforeEach(() => {
  vi.useFakeTimers({ now: T0 });
  decodes = [];
  Object.defineProperty(HTMLImageElement.prototype, 'decode', {
    configurable: true, value: () => new Promise<void>((resolve, reject) => decodes.push({ resolve, reject })),
  });
  Object.defineProperty(HTMLMediaElement.prototype, 'play', { configurable: true, value: () => Promise.resolve() });
  Object.defineProperty(HTMLMediaElement.prototype, 'pause', { configurable: true, value: () => {} });
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  delete (HTMLImageElement.prototype as { decode?: unknown }).decode;
});

describe('<Player onPlay>', () => {
  it('counts an image only once it was loaded, decoded and shown, and ends it when the next one is on screen', async () => {
    const plays: TPlayRecord[] = [];
    render(<Player config={config([{ n: 1, kind: 'image' }, { n: 2, kind: 'image' }])} host={host} onPlay={(r) => plays.push(r)} />);
    await at(200);
    fireEvent.load(images()[0]!); // fetched, not decoded yet
    await at(300);
    expect(decodes).toHaveLength(1);
    await decodeNext(); // decoded at 300 ms: on screen from now
    await at(1000); // its second is up: the next image is mounted, still loading
    expect(plays).toEqual([]);
    await at(1100);
    fireEvent.load(images()[1]!);
    await decodeNext(); // the next one is on screen at 1100 ms: the first ends there
    expect(plays.map(brief)).toEqual([[1, 'completed', 300, 800]]);
    expect(plays[0]).toMatchObject({ screenId: SCREEN, playlistId: PLAYLIST, scheduleId: null });
    expect(ZPlayRecord.parse(plays[0])).toEqual(plays[0]);
  });

  it('reveals an image only once it is decoded: the one before stays on screen while it decodes', async () => {
    render(<Player config={config([{ n: 1, kind: 'image' }, { n: 2, kind: 'image' }])} host={host} />);
    fireEvent.load(images()[0]!);
    expect(images()[0]!.style.opacity).toBe('0'); // fetched: the browser would decode it in the frame that shows it
    await decodeNext();
    expect(images()[0]!.style.opacity).toBe('1');
    await at(1000);
    fireEvent.load(images()[1]!);
    expect(images().map((img) => [img.alt, img.style.opacity])).toEqual([['m1', '1'], ['m2', '0']]);
    await decodeNext();
    expect(images().map((img) => [img.alt, img.style.opacity])).toEqual([['m2', '1']]);
  });

  it('an image whose decode ends after it left the screen does not come back', async () => {
    const { rerender } = render(<Player config={config([{ n: 1, kind: 'image' }])} host={host} />);
    fireEvent.load(images()[0]!);
    const other = config([{ n: 2, kind: 'image' }]);
    rerender(<Player config={{ ...other, playlist: { ...other.playlist!, _id: id(902) } }} host={host} />); // a schedule boundary
    fireEvent.load(images().at(-1)!);
    await decodeNext(); // m1's decode, after m1 was cut
    expect(images().map((img) => [img.alt, img.style.opacity])).toEqual([['m2', '0']]);
    await decodeNext();
    expect(images().map((img) => [img.alt, img.style.opacity])).toEqual([['m2', '1']]);
  });

  it('shows an image whose decode never settles a second after its load', async () => {
    render(<Player config={config([{ n: 1, kind: 'image' }])} host={host} />);
    fireEvent.load(images()[0]!);
    await at(999);
    expect(images()[0]!.style.opacity).toBe('0');
    await at(1000);
    expect(images()[0]!.style.opacity).toBe('1');
  });

  it("a decode of the file an image held before its file was replaced in place says nothing of the new one", async () => {
    const plays: TPlayRecord[] = [];
    const items = [{ n: 1, kind: 'image' as const, duration: 5 }, { n: 2, kind: 'image' as const }];
    const { rerender } = render(<Player config={config(items)} host={host} onPlay={(r) => plays.push(r)} />);
    fireEvent.load(images()[0]!);
    // m1's file is replaced (same media, new file): the same play, its element given the new file.
    const replaced = config(items);
    replaced.playlist!.mediaItems[0]!.media.filePath = '/uploads/m1-yeni.png';
    rerender(<Player config={{ ...replaced, version: 'v-yeni' }} host={host} onPlay={(r) => plays.push(r)} />);
    expect(images()).toHaveLength(1);
    expect(images()[0]!.getAttribute('src')).toContain('m1-yeni');
    await act(async () => decodes.shift()!.reject(new Error('EncodingError'))); // the old file's decode, cut short
    fireEvent.load(images()[0]!);
    await at(100);
    await decodeNext(); // the new file, decoded at 100 ms
    expect(images()[0]!.style.opacity).toBe('1');
    await at(5000);
    fireEvent.load(images().at(-1)!);
    await decodeNext();
    expect(plays.map(brief)).toEqual([[1, 'completed', 100, 4900]]);
  });

  it('an image that was fetched but never decoded is no play; one that fails to load is recorded as failed', async () => {
    const plays: TPlayRecord[] = [];
    render(<Player config={config([{ n: 1, kind: 'image' }, { n: 2, kind: 'image' }, { n: 3, kind: 'image' }])} host={host} onPlay={(r) => plays.push(r)} />);
    fireEvent.load(images()[0]!);
    await act(async () => decodes.shift()!.reject(new Error('EncodingError')));
    await at(1000);
    fireEvent.error(images().at(-1)!); // m2 cannot be fetched
    await at(2000);
    fireEvent.load(images().at(-1)!);
    await decodeNext(); // m3 shows
    expect(plays.map(brief)).toEqual([[1, 'failed', 0, 0], [2, 'failed', 1000, 0]]);
  });

  it('counts a video from its `playing` event, not when its first frame arrived', async () => {
    const plays: TPlayRecord[] = [];
    render(<Player config={config([{ n: 1, kind: 'video', duration: 5 }, { n: 2, kind: 'image' }])} host={host} onPlay={(r) => plays.push(r)} />);
    const video = document.querySelector<HTMLVideoElement>('[data-testid=player-video]')!;
    fireEvent.loadedData(video);
    await at(400);
    fireEvent.playing(video);
    await at(2400);
    fireEvent.ended(video); // ends before its time: the loop moves on, completed
    fireEvent.load(images()[0]!);
    await decodeNext();
    expect(plays.map(brief)).toEqual([[1, 'completed', 400, 2000]]);
  });

  it('a video looping alone records each round in its element as a play: ended at the round\'s end, counted from its seek', async () => {
    const plays: TPlayRecord[] = [];
    render(<Player config={config([{ n: 1, kind: 'video', duration: 5 }])} host={host} onPlay={(r) => plays.push(r)} />);
    const video = document.querySelector<HTMLVideoElement>('[data-testid=player-video]')!;
    fireEvent.loadedData(video);
    fireEvent.playing(video);
    await at(3000);
    fireEvent.ended(video); // the first round ends at 3 s; the same element seeks to the start
    expect(plays.map(brief)).toEqual([[1, 'completed', 0, 3000]]);
    await at(3050);
    fireEvent.seeked(video); // the second round's first frame
    await at(8000); // its five seconds (from 3 s) are up: the third round
    expect(plays.map(brief)).toEqual([[1, 'completed', 0, 3000], [1, 'completed', 3050, 4950]]);
    fireEvent.seeked(video);
    await at(9500);
    fireEvent.seeked(video); // the element wrapped by itself ('loop'): the fourth round, on screen at once
    expect(plays.map(brief).at(-1)).toEqual([1, 'completed', 8000, 1500]);
    await at(10_000);
    fireEvent.error(video); // the fourth round breaks
    expect(plays.map(brief).at(-1)).toEqual([1, 'failed', 9500, 500]);
    expect(new Set(plays.map((p) => p.id)).size).toBe(4);
    expect(document.querySelectorAll('[data-testid=player-video]')).toHaveLength(1);
  });

  it('an alert cuts the play under it; a new playlist cuts the item on screen', async () => {
    const plays: TPlayRecord[] = [];
    const items: Item[] = [{ n: 1, kind: 'image', duration: 10 }];
    const alert: TConfigAlert = {
      _id: id(950), title: 'Tahliye', message: 'Binayı terk edin', imageUrl: null, background: '#b91c1c', textColor: '#fff',
      sound: false, startedAt: new Date(T0 + 1000).toISOString(), endsAt: new Date(T0 + 3000).toISOString(),
    };
    const { rerender } = render(<Player config={config(items)} host={host} onPlay={(r) => plays.push(r)} />);
    fireEvent.load(images()[0]!);
    await decodeNext();
    await at(1000);
    rerender(<Player config={{ ...config(items, [alert]), version: 'with-alert' }} host={host} onPlay={(r) => plays.push(r)} />);
    expect(plays.map(brief)).toEqual([[1, 'cut', 0, 1000]]);
    await at(3001); // the alert ends: the image under it counts again from here
    await at(4000);
    rerender(<Player config={{ ...config([{ n: 2, kind: 'image' }]), playlist: { ...config([{ n: 2, kind: 'image' }]).playlist!, _id: id(902) } }}
      host={host} onPlay={(r) => plays.push(r)} />);
    fireEvent.load(images().at(-1)!);
    await decodeNext();
    expect(plays.map(brief)).toEqual([[1, 'cut', 0, 1000], [1, 'cut', 3001, 999]]);
    expect(plays[1]!.id).not.toBe(plays[0]!.id);
  });

  it('leaving the page (a reload, the kiosk closing) cuts what is on screen', async () => {
    const plays: TPlayRecord[] = [];
    render(<Player config={config([{ n: 1, kind: 'image' }])} host={host} onPlay={(r) => plays.push(r)} />);
    fireEvent.load(images()[0]!);
    await decodeNext();
    await at(700);
    window.dispatchEvent(new Event('pagehide'));
    expect(plays.map(brief)).toEqual([[1, 'cut', 0, 700]]);
    await at(3000);
    expect(plays).toHaveLength(1);
  });
});
