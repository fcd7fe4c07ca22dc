import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TAppData, TAppSettings, TConfigPlaylist, TMediaApp, TScreenConfig } from '@pano/contract';
import { Player } from '../player.js';
import { playerConfig } from '../player.fixtures.js';
import { preloadApps } from './app-layer.js';
import { clockDate, clockTime } from './clock-app.js';
import { timeLeft } from './countdown-app.js';
import { qrPath } from './qr-app.js';
import { dayName, weatherWord } from './weather-app.js';
import { FRAME_SANDBOX } from './web-app.js';
import { youtubeEmbedUrl } from './youtube-app.js';

const host = 'http://pano.test';
const NOW = Date.parse('2026-11-27T09:05:07Z'); // a Friday; 12:05:07 in Istanbul

type Entry = { id: string; app?: TMediaApp; appData?: TAppData | null; image?: boolean; duration?: number };
/** A one-zone screen whose playlist holds these apps (and images). */
function appsConfig(entries: Entry[], timezone = 'Europe/Istanbul'): TScreenConfig {
  const playlist: TConfigPlaylist = {
    _id: 'p1', name: 'Uygulamalar',
    mediaItems: entries.map((e) => ({
      duration: e.duration ?? 5,
      media: e.image
        ? { _id: e.id, name: e.id, mediaType: 'Resim', type: 'image', filePath: `/uploads/${e.id}.png`, url: '', mimeType: 'image/png' }
        : { _id: e.id, name: e.id, mediaType: 'Uygulama', type: 'app', filePath: '', url: '', mimeType: '', app: e.app, appData: e.appData ?? null },
    })),
  };
  const base = playerConfig([]);
  return { ...base, playlist, version: `v-${entries.map((e) => e.id).join('-')}`, schedule: { ...base.schedule, timezone } };
}

async function settle() {
  for (let i = 0; i < 10; i++) await act(async () => {});
}
const appLayer = () => document.querySelector<HTMLElement>('[data-testid=player-app]')!;

beforeAll(() => preloadApps(['clock', 'text', 'web', 'youtube', 'stream', 'rss', 'weather', 'qr', 'countdown', 'pdf']));
beforeEach(() => {
  vi.useFakeTimers({ now: NOW });
  Object.defineProperty(HTMLMediaElement.prototype, 'play', { configurable: true, value: () => Promise.resolve() });
  Object.defineProperty(HTMLMediaElement.prototype, 'pause', { configurable: true, value: () => {} });
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('clock', () => {
  it("tells the time of the screen's zone, not the device's", () => {
    expect(clockTime(NOW, 'Europe/Istanbul', false)).toBe('12:05');
    expect(clockTime(NOW, 'Europe/Istanbul', true)).toBe('12:05:07');
    expect(clockTime(NOW, 'America/New_York', true)).toBe('04:05:07');
    expect(clockTime(Date.parse('2026-11-27T21:00:00Z'), 'Europe/Istanbul', false)).toBe('00:00');
    // An unknown zone is read as the schedule reads it (Europe/Istanbul) rather than breaking the clock.
    expect(clockTime(NOW, 'Mars/Olympus', false)).toBe('12:05');
  });

  it('writes the date in Turkish, for the date of that zone', () => {
    expect(clockDate(NOW, 'Europe/Istanbul')).toBe('27 Kasım 2026 Cuma');
    expect(clockDate(Date.parse('2026-11-27T22:30:00Z'), 'Europe/Istanbul')).toBe('28 Kasım 2026 Cumartesi');
  });

  it('is drawn in a playlist like an image, ticking every second', async () => {
    render(<Player host={host} config={appsConfig([{ id: 'c', app: { kind: 'clock', style: 'digital', showDate: true, showSeconds: true } }])} />);
    await settle();
    expect(appLayer().style.opacity).toBe('1');
    expect(screen.getByTestId('clock-time').textContent).toBe('12:05:07');
    expect(screen.getByTestId('clock-date').textContent).toBe('27 Kasım 2026 Cuma');
    act(() => void vi.advanceTimersByTime(1000));
    expect(screen.getByTestId('clock-time').textContent).toBe('12:05:08');
  });

  it('draws an analog dial with hands at the hour of the zone', async () => {
    render(<Player host={host} config={appsConfig([{ id: 'c', app: { kind: 'clock', style: 'analog', showDate: false, showSeconds: false } }])} />);
    await settle();
    // 12:05 → the hour hand just past 12, the minute hand at 30° (plus the seconds' share).
    expect(screen.getByTestId('clock-hour').getAttribute('transform')).toBe('rotate(2.5 50 50)');
    expect(screen.getByTestId('clock-minute').getAttribute('transform')).toBe('rotate(30.7 50 50)');
    expect(screen.queryByTestId('clock-second')).toBeNull();
    expect(screen.queryByTestId('clock-date')).toBeNull();
  });
});

describe('text', () => {
  it('shows title and body as plain text, never as HTML, line breaks kept', async () => {
    const body = '<b>Kalın değil</b>\n<img src=x onerror="alert(1)">\nÜçüncü satır';
    render(<Player host={host} config={appsConfig([{ id: 't', app: { kind: 'text', title: '<i>Duyuru</i>', body, background: '#1E3A8A', textColor: '#FFFFFF', align: 'left' } }])} />);
    await settle();
    const slide = screen.getByTestId('text-app');
    expect(screen.getByTestId('text-title').textContent).toBe('<i>Duyuru</i>');
    expect(screen.getByTestId('text-body').textContent).toBe(body);
    expect(slide.querySelector('b, i, img')).toBeNull();
    expect(slide.style.whiteSpace).toBe('pre-line');
    expect([slide.style.background, slide.style.color, slide.style.textAlign]).toEqual(['rgb(30, 58, 138)', 'rgb(255, 255, 255)', 'left']);
  });
});

describe('web', () => {
  it('frames the page sandboxed, zoomed by a transform, reloaded every refreshSeconds', async () => {
    render(<Player host={host} config={appsConfig([{ id: 'w', duration: 3600, app: { kind: 'web', url: 'https://example.com/menu', refreshSeconds: 60, zoom: 200 } }])} />);
    await settle();
    const frame = screen.getByTestId('web-app') as HTMLIFrameElement;
    expect(frame.getAttribute('sandbox')).toBe('allow-scripts allow-same-origin allow-forms');
    expect(FRAME_SANDBOX).not.toMatch(/top-navigation|popups/);
    expect(frame.getAttribute('src')).toBe('https://example.com/menu');
    expect([frame.style.width, frame.style.height, frame.style.transform]).toEqual(['50%', '50%', 'scale(2)']);
    // Invisible until the page has loaded, so the item before stays on screen.
    expect(appLayer().style.opacity).toBe('0');
    fireEvent.load(frame);
    expect(appLayer().style.opacity).toBe('1');
    act(() => void vi.advanceTimersByTime(60_000));
    expect(screen.getByTestId('web-app')).not.toBe(frame);
  });

  it('offline the frame is not drawn (no browser error page): the app counts as failed and the loop moves on', async () => {
    vi.stubGlobal('navigator', { ...navigator, onLine: false });
    render(<Player host={host} config={appsConfig([{ id: 'w', app: { kind: 'web', url: 'https://example.com', refreshSeconds: 0, zoom: 100 } }, { id: 'i', image: true }])} />);
    await settle();
    expect(screen.queryByTestId('web-app')).toBeNull();
    act(() => void vi.advanceTimersByTime(5000));
    expect(document.querySelector('img')!.getAttribute('src')).toBe('http://pano.test/uploads/i.png');
  });
});

describe('youtube', () => {
  it('builds the privacy-enhanced, muted, autoplaying, looping embed of watch, share and embed addresses', () => {
    const embed = 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?autoplay=1&mute=1&controls=0&loop=1&playlist=dQw4w9WgXcQ&playsinline=1&rel=0&modestbranding=1';
    expect(youtubeEmbedUrl('https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=10')).toBe(embed);
    expect(youtubeEmbedUrl('https://youtu.be/dQw4w9WgXcQ')).toBe(embed);
    expect(youtubeEmbedUrl('https://www.youtube.com/embed/dQw4w9WgXcQ')).toBe(embed);
    expect(youtubeEmbedUrl('https://example.com/watch?v=dQw4w9WgXcQ')).toBeNull();
    expect(youtubeEmbedUrl('javascript:alert(1)')).toBeNull();
  });

  it('plays in a sandboxed frame', async () => {
    render(<Player host={host} config={appsConfig([{ id: 'y', app: { kind: 'youtube', url: 'https://youtu.be/dQw4w9WgXcQ' } }])} />);
    await settle();
    const frame = screen.getByTestId('youtube-app');
    expect(frame.getAttribute('src')).toMatch(/^https:\/\/www\.youtube-nocookie\.com\/embed\/dQw4w9WgXcQ\?/);
    expect(frame.getAttribute('sandbox')).toBe(FRAME_SANDBOX);
  });
});

describe('stream', () => {
  it('plays HLS natively where the browser can, muted', async () => {
    const canPlay = vi.spyOn(HTMLMediaElement.prototype, 'canPlayType').mockImplementation((type) => (type === 'application/vnd.apple.mpegurl' ? 'maybe' : ''));
    try {
      render(<Player host={host} config={appsConfig([{ id: 's', app: { kind: 'stream', url: 'https://cdn.example/live/index.m3u8' } }])} />);
      await settle();
      const video = screen.getByTestId('stream-app') as HTMLVideoElement;
      expect(video.src).toBe('https://cdn.example/live/index.m3u8');
      expect(video.muted).toBe(true);
      expect(appLayer().style.opacity).toBe('0');
      fireEvent.loadedData(video);
      expect(appLayer().style.opacity).toBe('1');
    } finally {
      canPlay.mockRestore();
    }
  });

  it('elsewhere loads hls.js; where that cannot play either (no Media Source here) the stream is a calm blank', async () => {
    render(<Player host={host} config={appsConfig([{ id: 's', app: { kind: 'stream', url: 'https://cdn.example/live/index.m3u8' } }, { id: 'i', image: true }])} />);
    await vi.dynamicImportSettled();
    await settle();
    const video = screen.getByTestId('stream-app') as HTMLVideoElement;
    expect(video.getAttribute('src')).toBeNull();
    act(() => void vi.advanceTimersByTime(5000));
    expect(document.querySelector('img')!.getAttribute('src')).toBe('http://pano.test/uploads/i.png');
  });
});

describe('countdown', () => {
  it('counts days, hours, minutes and seconds, then shows its finished text', async () => {
    expect(timeLeft('2026-11-29T10:06:09Z', NOW)).toEqual({ days: 2, hours: 1, minutes: 1, seconds: 2 });
    expect(timeLeft('2026-11-27T09:05:07Z', NOW)).toBeNull();
    render(<Player host={host} config={appsConfig([{ id: 'g', duration: 60, app: { kind: 'countdown', title: 'Açılışa', target: '2026-11-27T12:05:09+03:00', finishedText: 'Açıldık!' } }])} />);
    await settle();
    expect(screen.getByTestId('countdown-left').textContent).toBe('0gün00saat00dakika02saniye');
    act(() => void vi.advanceTimersByTime(2000));
    expect(screen.queryByTestId('countdown-left')).toBeNull();
    expect(screen.getByTestId('countdown-finished').textContent).toBe('Açıldık!');
  });
});

describe('rss', () => {
  const items = [{ title: 'Birinci haber', summary: 'Özet <b>bir</b>', publishedAt: null }, { title: 'İkinci haber', summary: '', publishedAt: null }, { title: 'Üçüncü', summary: '', publishedAt: null }];
  const rss = (fetchedAt: string, style: 'list' | 'ticker' = 'list'): Entry => ({ id: 'r', app: { kind: 'rss', url: 'https://example.com/feed', maxItems: 2, style }, appData: { fetchedAt, items } });

  it('lists at most maxItems, as plain text, without a note while the data is fresh', async () => {
    render(<Player host={host} config={appsConfig([rss(new Date(NOW - 5 * 60_000).toISOString())])} />);
    await settle();
    expect(screen.getAllByTestId('rss-item').map((i) => i.textContent)).toEqual(['Birinci haberÖzet <b>bir</b>', 'İkinci haber']);
    expect(screen.queryByTestId('stale-note')).toBeNull();
  });

  it("marks data older than 20 minutes with 'Son güncelleme: {time}' in the screen's zone", async () => {
    render(<Player host={host} config={appsConfig([rss('2026-11-27T08:30:00Z', 'ticker')])} />);
    await settle();
    expect(screen.getByTestId('stale-note').textContent).toBe('Son güncelleme: 11:30');
    expect(screen.getByTestId('ticker-bar').textContent).toContain('Birinci haber');
  });

  it("marks even fresh data when the screen is offline", async () => {
    vi.stubGlobal('navigator', { ...navigator, onLine: false });
    render(<Player host={host} config={appsConfig([rss(new Date(NOW - 60_000).toISOString())])} />);
    await settle();
    expect(screen.getByTestId('stale-note').textContent).toBe('Son güncelleme: 12:04');
  });
});

describe('weather', () => {
  const weather = { temperature: 14.6, weatherCode: 61, days: [
    { date: '2026-11-28', min: 9.2, max: 15.5, weatherCode: 0 },
    { date: '2026-11-29', min: 8, max: 12, weatherCode: 3 },
    { date: '2026-11-30', min: 2, max: 6, weatherCode: 73 },
    { date: '2026-12-01', min: 1, max: 4, weatherCode: 95 },
  ] };

  it('names WMO codes in Turkish', () => {
    expect([0, 2, 3, 45, 53, 63, 75, 81, 86, 95].map((c) => weatherWord(c).word)).toEqual(
      ['Açık', 'Parçalı bulutlu', 'Kapalı', 'Sisli', 'Çiseleme', 'Yağmurlu', 'Karlı', 'Sağanak yağışlı', 'Kar sağanağı', 'Gök gürültülü fırtına'],
    );
    expect(dayName('2026-11-28')).toBe('Cmt');
  });

  it("shows the temperature now and three days, and 'Son güncelleme' once old", async () => {
    render(<Player host={host} config={appsConfig([{ id: 'h', app: { kind: 'weather', city: 'İstanbul', latitude: 41, longitude: 29 }, appData: { fetchedAt: '2026-11-27T07:00:00Z', weather } }])} />);
    await settle();
    expect(screen.getByTestId('weather-now').textContent).toBe('15°');
    expect(screen.getByTestId('weather-word').textContent).toBe('Yağmurlu');
    expect(screen.getAllByTestId('weather-day').map((d) => d.textContent)).toEqual(['Cmt16° / 9°', 'Paz12° / 8°', 'Pzt6° / 2°']);
    expect(screen.getByTestId('stale-note').textContent).toBe('Son güncelleme: 10:00');
  });
});

describe('qr', () => {
  it('draws the code on the screen with its caption below', async () => {
    const qr = qrPath('https://pano.example/menü');
    expect(qr!.size).toBeGreaterThanOrEqual(21);
    expect(qr!.path).toMatch(/^M\d+ \d+h1v1h-1z/);
    render(<Player host={host} config={appsConfig([{ id: 'q', app: { kind: 'qr', url: 'https://pano.example/menü', caption: 'Menüyü okutun' } }])} />);
    await settle();
    expect(screen.getByTestId('qr-app').querySelector('path')!.getAttribute('d')).toBe(qr!.path);
    expect(screen.getByTestId('qr-caption').textContent).toBe('Menüyü okutun');
  });
});

describe('pdf', () => {
  const doc: Entry = { id: 'd', duration: 10, app: { kind: 'pdf', pages: ['/uploads/p1.webp', '/uploads/p2.webp', '/uploads/p3.webp'] } };
  const pageImgs = () => [...document.querySelectorAll<HTMLImageElement>('[data-testid=pdf-page]')];
  /** The pages in the document now, as [page, opacity]. */
  const pagesNow = () => pageImgs().map((img) => [img.dataset.page, img.style.opacity]);
  const page = (n: number) => pageImgs().find((img) => img.dataset.page === String(n))!;
  const after = () => document.querySelector<HTMLImageElement>('[data-testid=player-image]');

  it("shows each page for the item's duration in turn, the next one loaded before its turn, then moves on", async () => {
    const onPlay = vi.fn();
    render(<Player host={host} config={appsConfig([doc, { id: 'after', image: true }])} onPlay={onPlay} />);
    await settle();
    // Pages resolve against the player's host like files; nothing shows before the first has loaded.
    expect(pageImgs().map((img) => img.getAttribute('src'))).toEqual(['http://pano.test/uploads/p1.webp']);
    expect(appLayer().style.opacity).toBe('0');
    fireEvent.load(page(1));
    await settle();
    expect(appLayer().style.opacity).toBe('1');
    // Page 2 waits in the page, invisible, while page 1 is on screen.
    expect(pagesNow()).toEqual([['1', '1'], ['2', '0']]);
    fireEvent.load(page(2));
    act(() => void vi.advanceTimersByTime(9_999));
    expect(pagesNow()).toEqual([['1', '1'], ['2', '0']]);
    act(() => void vi.advanceTimersByTime(1));
    expect(pagesNow()).toEqual([['2', '1'], ['3', '0']]);
    fireEvent.load(page(3));
    act(() => void vi.advanceTimersByTime(10_000));
    expect(pagesNow()).toEqual([['3', '1']]);
    // The item lasts 3 × 10 s: the last page stays until then.
    act(() => void vi.advanceTimersByTime(9_999));
    expect(after()).toBeNull();
    act(() => void vi.advanceTimersByTime(1));
    await settle();
    expect(after()!.getAttribute('src')).toBe('http://pano.test/uploads/after.png');
    fireEvent.load(after()!);
    await settle();
    // One play record for the document, not one per page.
    expect(onPlay.mock.calls.map((call) => (call[0] as { mediaId: string }).mediaId)).toEqual(['d']);
  });

  it('keeps a page on screen while the next is still loading: no blank frame', async () => {
    render(<Player host={host} config={appsConfig([doc, { id: 'after', image: true }])} />);
    await settle();
    fireEvent.load(page(1));
    await settle();
    act(() => void vi.advanceTimersByTime(12_000));
    expect(pagesNow()).toEqual([['1', '1'], ['2', '0']]);
    fireEvent.load(page(2));
    expect(pagesNow()).toEqual([['2', '1'], ['3', '0']]);
    // Page 3's turn is counted from the first page's start, not from page 2's late arrival.
    fireEvent.load(page(3));
    act(() => void vi.advanceTimersByTime(8_000));
    expect(pagesNow()).toEqual([['3', '1']]);
  });

  it('counts the item as failed when its first page cannot load', async () => {
    const onPlay = vi.fn();
    render(<Player host={host} config={appsConfig([{ id: 'before', image: true }, doc])} onPlay={onPlay} />);
    await settle();
    fireEvent.load(document.querySelector('img')!);
    act(() => void vi.advanceTimersByTime(5000));
    await settle();
    fireEvent.error(page(1));
    await settle();
    expect(onPlay.mock.calls.map((call) => call[0] as { mediaId: string; outcome: string }).map((r) => [r.mediaId, r.outcome])).toContainEqual(['d', 'failed']);
  });
});

describe('a missing or broken app', () => {
  it.each([
    ['no settings', { id: 'x' }],
    ['an unknown kind', { id: 'x', app: { kind: 'hologram' } as unknown as TAppSettings }],
    ['news before the first fetch', { id: 'x', app: { kind: 'rss', url: 'https://example.com/feed', maxItems: 5, style: 'list' }, appData: null }],
  ] as Array<[string, Entry]>)('(%s) is a calm blank, reported as failed: the loop moves on to the next item', async (_name, entry) => {
    const onPlay = vi.fn();
    render(<Player host={host} config={appsConfig([{ id: 'before', image: true }, entry, { id: 'after', image: true }])} onPlay={onPlay} />);
    await settle();
    fireEvent.load(document.querySelector('img')!);
    act(() => void vi.advanceTimersByTime(5000));
    await settle();
    // Nothing drawn for the app, no error text: the image before it stays on screen.
    expect(screen.queryByRole('alert')).toBeNull();
    expect(appLayer().childElementCount).toBe(0);
    expect(appLayer().style.opacity).toBe('0');
    expect(document.querySelector<HTMLElement>('img')!.style.opacity).toBe('1');
    // Proof of play says the app failed (the device's health counts it through the same path).
    expect(onPlay.mock.calls.map((call) => call[0] as { mediaId: string; outcome: string }).map((r) => [r.mediaId, r.outcome])).toEqual([['x', 'failed']]);
    // Its turn ends (at once with a device's self-healing; here, in the preview, at its time).
    act(() => void vi.advanceTimersByTime(5000));
    expect([...document.querySelectorAll('img')].map((i) => i.getAttribute('src'))).toContain('http://pano.test/uploads/after.png');
  });

  it('news shown before the first fetch appears as soon as a pushed config brings its items', async () => {
    const news = (appData: TAppData | null): Entry => ({ id: 'n', duration: 60, app: { kind: 'rss', url: 'https://example.com/feed', maxItems: 5, style: 'list' }, appData });
    const { rerender } = render(<Player host={host} config={appsConfig([news(null)])} />);
    await settle();
    expect(appLayer().style.opacity).toBe('0');
    const items = [{ title: 'Yeni park açıldı', summary: '', publishedAt: null }];
    rerender(<Player host={host} config={appsConfig([news({ fetchedAt: new Date(NOW).toISOString(), items })])} />);
    await settle();
    expect(screen.getAllByTestId('rss-item').map((i) => i.textContent)).toEqual(['Yeni park açıldı']);
    expect(appLayer().style.opacity).toBe('1');
  });

  it('an app whose renderer throws leaves a blank, not an error page', async () => {
    const spy = vi.spyOn(console, 'error').mockImplementation(() => {});
    // Weather data that lies about its shape makes the renderer throw.
    const appData = { fetchedAt: new Date(NOW).toISOString(), weather: { temperature: 1, weatherCode: 0, days: null } } as unknown as TAppData;
    render(<Player host={host} config={appsConfig([{ id: 'x', app: { kind: 'weather', city: 'Van', latitude: 38, longitude: 43 }, appData }, { id: 'i', image: true }])} />);
    await settle();
    spy.mockRestore();
    expect(appLayer().childElementCount).toBe(0);
    expect(document.body.textContent).not.toMatch(/Error|Hata/);
    act(() => void vi.advanceTimersByTime(5000));
    expect(document.querySelector('img')!.getAttribute('src')).toBe('http://pano.test/uploads/i.png');
  });
});
