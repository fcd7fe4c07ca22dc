import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TConfigLayout, TConfigPlaylist, TConfigZone, TScreenConfig } from '@pano/contract';
import { Player } from './player.js';
import { playerConfig, type FixtureItem } from './player.fixtures.js';

const host = 'http://pano.test';

const playlist = (id: string, items: FixtureItem[]): TConfigPlaylist => ({ ...playerConfig(items).playlist!, _id: id, name: id });
const zone = (name: string, rect: [number, number, number, number], z: number, extra: Partial<TConfigZone> = {}): TConfigZone => ({
  name, x: rect[0], y: rect[1], width: rect[2], height: rect[3], z, fit: 'cover', playlist: null, directionPlaylist: null, ...extra,
});
const layoutConfig = (zones: TConfigZone[], extra: Partial<TScreenConfig> = {}): TScreenConfig => {
  const layout: TConfigLayout = { _id: 'l1', name: 'Lobi Yerleşimi', orientation: 'landscape', background: '#123456', zones };
  return { ...playerConfig([]), playlist: null, layout, version: 'v-layout', ...extra };
};

/** The lazily loaded chunks (layout, apps) resolve in microtasks; fake timers leave those alone. */
async function settle() {
  for (let i = 0; i < 10; i++) await act(async () => {});
}
const zoneEl = (name: string) => document.querySelector<HTMLElement>(`[data-testid=zone][data-zone="${name}"]`)!;
const visibleIn = (name: string) => [...zoneEl(name).querySelectorAll<HTMLElement>('[data-testid=player-image],[data-testid=player-video]')]
  .filter((el) => el.style.opacity === '1').map((el) => el.getAttribute('src'));
const imagesIn = (name: string) => [...zoneEl(name).querySelectorAll<HTMLImageElement>('img')];

beforeAll(async () => {
  await import('./layout-stage.js');
});
beforeEach(() => {
  vi.useFakeTimers();
  Object.defineProperty(HTMLMediaElement.prototype, 'play', { configurable: true, value: () => Promise.resolve() });
  Object.defineProperty(HTMLMediaElement.prototype, 'pause', { configurable: true, value: () => {} });
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('<Player> with a layout', () => {
  it('draws each zone as its rectangle in percent of the screen, in z order, over the layout background', async () => {
    render(<Player host={host} config={layoutConfig([
      zone('Ana', [0, 0, 75, 85], 1, { playlist: playlist('pa', [{ id: 'a', kind: 'image' }]) }),
      zone('Alt', [0, 85, 100, 15], 0, { playlist: playlist('pb', [{ id: 'b', kind: 'image' }]) }),
      zone('Yan', [75, 0, 25, 85], 1, { playlist: playlist('pc', [{ id: 'c', kind: 'image' }]) }),
    ])} />);
    await settle();
    const layout = screen.getByTestId('layout');
    expect(layout.style.background).toBe('rgb(18, 52, 86)');
    const zones = [...document.querySelectorAll<HTMLElement>('[data-testid=zone]')];
    // Lower z first in the page; equal z keep the layout's order, the later one above.
    expect(zones.map((z) => z.dataset.zone)).toEqual(['Alt', 'Ana', 'Yan']);
    expect(zones.map((z) => [z.style.left, z.style.top, z.style.width, z.style.height, z.style.zIndex])).toEqual([
      ['0%', '85%', '100%', '15%', '0'],
      ['0%', '0%', '75%', '85%', '1'],
      ['75%', '0%', '25%', '85%', '1'],
    ]);
    expect(zones.every((z) => z.style.position === 'absolute' && z.style.overflow === 'hidden')).toBe(true);
    expect(imagesIn('Ana').map((i) => i.getAttribute('src'))).toEqual(['http://pano.test/uploads/a.png']);
    expect(imagesIn('Yan').map((i) => i.getAttribute('src'))).toEqual(['http://pano.test/uploads/c.png']);
  });

  it('runs an independent loop in each zone, each item kept until the next has loaded', async () => {
    render(<Player host={host} config={layoutConfig([
      zone('Sol', [0, 0, 50, 100], 0, { playlist: playlist('p1', [{ id: 'a1', kind: 'image', duration: 2 }, { id: 'a2', kind: 'image', duration: 2 }]) }),
      zone('Sağ', [50, 0, 50, 100], 0, { playlist: playlist('p2', [{ id: 'b1', kind: 'image', duration: 3 }, { id: 'b2', kind: 'image', duration: 3 }]) }),
    ])} />);
    await settle();
    fireEvent.load(imagesIn('Sol')[0]!);
    fireEvent.load(imagesIn('Sağ')[0]!);
    expect(visibleIn('Sol')).toEqual(['http://pano.test/uploads/a1.png']);
    expect(visibleIn('Sağ')).toEqual(['http://pano.test/uploads/b1.png']);

    act(() => void vi.advanceTimersByTime(2000));
    // The left zone moved on; its next item is loading behind the one on screen (no black).
    expect(imagesIn('Sol')).toHaveLength(2);
    expect(visibleIn('Sol')).toEqual(['http://pano.test/uploads/a1.png']);
    fireEvent.load(imagesIn('Sol')[1]!);
    expect(visibleIn('Sol')).toEqual(['http://pano.test/uploads/a2.png']);
    // The right zone keeps its own time.
    expect(imagesIn('Sağ')).toHaveLength(1);
    expect(visibleIn('Sağ')).toEqual(['http://pano.test/uploads/b1.png']);

    act(() => void vi.advanceTimersByTime(1000));
    expect(imagesIn('Sağ').map((i) => i.getAttribute('src'))).toEqual(['http://pano.test/uploads/b1.png', 'http://pano.test/uploads/b2.png']);
    fireEvent.load(imagesIn('Sağ')[1]!);
    expect(visibleIn('Sağ')).toEqual(['http://pano.test/uploads/b2.png']);
    expect(visibleIn('Sol')).toEqual(['http://pano.test/uploads/a2.png']);
  });

  it("preloads each zone's next item: a video in a hidden element of its zone, an image through new Image()", async () => {
    // An image preloaded through new Image() is never put in the page.
    const loaded: string[] = [];
    const setSrc = vi.spyOn(HTMLImageElement.prototype, 'src', 'set').mockImplementation(function (this: HTMLImageElement, url: string) {
      if (!this.isConnected) loaded.push(url);
      this.setAttribute('src', url);
    });
    try {
      render(<Player host={host} config={layoutConfig([
        zone('Video', [0, 0, 50, 100], 0, { playlist: playlist('p1', [{ id: 'a', kind: 'image' }, { id: 'v', kind: 'video' }]) }),
        zone('Resim', [50, 0, 50, 100], 0, { playlist: playlist('p2', [{ id: 'b', kind: 'image' }, { id: 'c', kind: 'image' }]) }),
      ])} />);
      await settle();
      const preload = zoneEl('Video').querySelector<HTMLVideoElement>('[data-testid=player-preload]')!;
      expect(preload.getAttribute('src')).toBe('http://pano.test/uploads/v.mp4');
      expect(zoneEl('Resim').querySelector('[data-testid=player-preload]')).toBeNull();
      expect(loaded).toEqual(['http://pano.test/uploads/c.png']);
    } finally {
      setSrc.mockRestore();
    }
  });

  it('video zones advance when their video ends, without touching the other zones', async () => {
    render(<Player host={host} config={layoutConfig([
      zone('Video', [0, 0, 50, 100], 0, { playlist: playlist('p1', [{ id: 'v', kind: 'video', duration: 60 }, { id: 'a', kind: 'image' }]) }),
      zone('Resim', [50, 0, 50, 100], 0, { playlist: playlist('p2', [{ id: 'b', kind: 'image', duration: 30 }, { id: 'c', kind: 'image' }]) }),
    ])} />);
    await settle();
    const video = zoneEl('Video').querySelector<HTMLVideoElement>('[data-testid=player-video]')!;
    fireEvent.loadedData(video);
    fireEvent.load(imagesIn('Resim')[0]!);
    fireEvent.ended(video);
    expect(imagesIn('Video').map((i) => i.getAttribute('src'))).toEqual(['http://pano.test/uploads/a.png']);
    expect(imagesIn('Resim').map((i) => i.getAttribute('src'))).toEqual(['http://pano.test/uploads/b.png']);
  });

  it("marks each zone's fit for its media and lets the layout background show around a contained picture", async () => {
    render(<Player host={host} config={layoutConfig([
      zone('Kapla', [0, 0, 50, 100], 0, { fit: 'cover', playlist: playlist('p1', [{ id: 'a', kind: 'image' }]) }),
      zone('Sığdır', [50, 0, 50, 100], 0, { fit: 'contain', playlist: playlist('p2', [{ id: 'b', kind: 'image' }]) }),
    ])} />);
    await settle();
    expect(zoneEl('Kapla').dataset.fit).toBe('cover');
    expect(zoneEl('Sığdır').dataset.fit).toBe('contain');
    expect(getComputedStyle(imagesIn('Kapla')[0]!).objectFit).toBe('cover');
    expect(getComputedStyle(imagesIn('Sığdır')[0]!).objectFit).toBe('contain');
    expect(getComputedStyle(imagesIn('Sığdır')[0]!).backgroundColor).not.toBe('rgb(0, 0, 0)');
  });

  it('shows a ticker zone as a scrolling bar inside its rectangle, and an empty zone as the background', async () => {
    render(<Player host={host} config={layoutConfig([
      zone('Ana', [0, 0, 100, 85], 0),
      zone('Bant', [0, 85, 100, 15], 1, { directionPlaylist: { _id: 't1', name: 'Haberler', speed: 3, directions: [{ text: 'Hoş geldiniz' }] } }),
    ])} />);
    await settle();
    expect(zoneEl('Bant').querySelector('[data-testid=ticker-bar]')!.textContent).toContain('Hoş geldiniz');
    expect(zoneEl('Ana').childElementCount).toBe(0);
    expect(screen.queryByText('Bu ekrana atanmış medya bulunamadı')).toBeNull();
  });

  it('a schedule entry naming a playlist wins over the layout, and the one-zone screen is drawn as ever', async () => {
    const scheduled = playlist('sched', [{ id: 's', kind: 'image' }]);
    const cfg = layoutConfig([zone('Ana', [0, 0, 100, 100], 0, { playlist: playlist('p1', [{ id: 'a', kind: 'image' }]) })], {
      schedule: {
        timezone: 'Europe/Istanbul', playlists: [scheduled], tickers: [],
        entries: [{
          id: 'e1', name: 'Her gün', playlistId: 'sched', tickerPlaylistId: null, days: [1, 2, 3, 4, 5, 6, 7], startTime: '00:00', endTime: '00:00',
          startDate: null, endDate: null, exceptDates: [], priority: 0, enabled: true, updatedAt: '2026-01-01T00:00:00.000Z',
        }],
      },
    });
    render(<Player host={host} config={cfg} />);
    await settle();
    expect(screen.queryByTestId('layout')).toBeNull();
    expect(document.querySelector('img')!.getAttribute('src')).toBe('http://pano.test/uploads/s.png');
  });

  it("a schedule entry naming a layout shows that layout, over the screen's own playlist or its own layout", async () => {
    const menu: TConfigLayout = {
      _id: 'l2', name: 'Menü Panosu', orientation: 'landscape', background: '#000000',
      zones: [zone('Menü', [0, 0, 100, 100], 0, { playlist: playlist('pm', [{ id: 'm', kind: 'image' }]) })],
    };
    const schedule = {
      timezone: 'Europe/Istanbul', entries: [], playlists: [], tickers: [], layouts: [menu],
      layoutEntries: [{
        id: 'e2', name: 'Her gün', playlistId: null, layoutId: 'l2', tickerPlaylistId: null, days: [1, 2, 3, 4, 5, 6, 7], startTime: '00:00', endTime: '00:00',
        startDate: null, endDate: null, exceptDates: [], priority: 5, enabled: true, updatedAt: '2026-01-01T00:00:00.000Z',
      }],
    };
    const own = layoutConfig([zone('Ana', [0, 0, 100, 100], 0, { playlist: playlist('p1', [{ id: 'a', kind: 'image' }]) })], { schedule });
    const { unmount } = render(<Player host={host} config={own} />);
    await settle();
    expect(screen.getByTestId('layout').dataset.layout).toBe('l2');
    expect(imagesIn('Menü').map((i) => i.getAttribute('src'))).toEqual(['http://pano.test/uploads/m.png']);
    unmount();

    const onePlaylist = { ...playerConfig([{ id: 'own', kind: 'image' }]), schedule };
    render(<Player host={host} config={onePlaylist} />);
    await settle();
    expect(screen.getByTestId('layout').dataset.layout).toBe('l2');
    expect(document.querySelector('[data-testid=player]')!.getAttribute('data-playlist')).toBe('');
  });

  it("records each zone's plays with its own playlist and the zone's name, and an alert over the layout cuts them", async () => {
    const { preloadAlertOverlay } = await import('./player.js');
    await preloadAlertOverlay();
    const onPlay = vi.fn();
    const cfg = layoutConfig([
      zone('Sol', [0, 0, 50, 100], 0, { playlist: playlist('p1', [{ id: 'a', kind: 'image', duration: 60 }]) }),
      zone('Sağ', [50, 0, 50, 100], 0, { playlist: playlist('p2', [{ id: 'b', kind: 'image', duration: 60 }]) }),
    ]);
    const { rerender } = render(<Player host={host} config={cfg} onPlay={onPlay} />);
    await settle();
    fireEvent.load(imagesIn('Sol')[0]!);
    fireEvent.load(imagesIn('Sağ')[0]!);
    await settle();
    expect(onPlay).not.toHaveBeenCalled();
    const alert = { _id: 'al1', title: 'Tahliye', message: 'Binayı terk edin', background: '#B91C1C', textColor: '#FFFFFF', imageUrl: null, sound: false, startedAt: new Date().toISOString(), endsAt: null };
    rerender(<Player host={host} config={{ ...cfg, alerts: [alert] }} onPlay={onPlay} />);
    await settle();
    const records = onPlay.mock.calls.map((call) => call[0] as { mediaId: string; playlistId: string; screenId: string; zone?: string; outcome: string });
    expect(records.map((r) => [r.mediaId, r.playlistId, r.screenId, r.zone, r.outcome]).sort())
      .toEqual([['a', 'p1', 's1', 'Sol', 'cut'], ['b', 'p2', 's1', 'Sağ', 'cut']]);
  });

  it('an alert still covers the whole screen, above every zone', async () => {
    const { preloadAlertOverlay } = await import('./player.js');
    await preloadAlertOverlay();
    render(<Player host={host} config={layoutConfig([zone('Ana', [0, 0, 50, 50], 9, { playlist: playlist('p1', [{ id: 'a', kind: 'image' }]) })], {
      alerts: [{ _id: 'al1', title: 'Tahliye', message: 'Binayı terk edin', background: '#B91C1C', textColor: '#FFFFFF', imageUrl: null, sound: false, startedAt: new Date().toISOString(), endsAt: null }],
    })} />);
    await settle();
    // The overlay is the player's own child, outside the layout, so no zone's z reaches over it.
    expect(screen.getByTestId('layout').contains(screen.getByText('Tahliye'))).toBe(false);
  });
});

describe('<Player> turned', () => {
  it.each([
    [90, '100cqh', '100cqw'],
    [180, '100%', '100%'],
    [270, '100cqh', '100cqw'],
  ] as const)('turns the whole picture %i degrees, filling the display', async (turn, width, height) => {
    render(<Player host={host} config={playerConfig([{ id: 'a', kind: 'image' }], { rotation: turn })} />);
    await settle();
    const turned = screen.getByTestId('player-turned');
    expect(turned.style.transform).toBe(`translate(-50%,-50%) rotate(${turn}deg)`);
    expect([turned.style.width, turned.style.height]).toEqual([width, height]);
    expect(turned.querySelector('img')!.getAttribute('src')).toBe('http://pano.test/uploads/a.png');
  });

  it('a screen not turned has nothing around its picture', () => {
    render(<Player host={host} config={playerConfig([{ id: 'a', kind: 'image' }], { rotation: 0 })} />);
    expect(screen.queryByTestId('player-turned')).toBeNull();
    expect(screen.getByTestId('player').querySelector(':scope > img')).not.toBeNull();
  });
});
