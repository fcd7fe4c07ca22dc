import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import type { TScreenConfig } from '@pano/contract';
import { Player } from './player.js';
import { playerConfig } from './player.fixtures.js';

const config = playerConfig;

const host = 'http://pano.test';
const visibleSrc = () =>
  [...document.querySelectorAll<HTMLImageElement | HTMLVideoElement>('[data-testid=player-image],[data-testid=player-video]')]
    .filter((el) => el.style.opacity === '1')
    .map((el) => el.getAttribute('src'));

let playMock: Mock<(this: HTMLMediaElement) => Promise<void>>;
beforeEach(() => {
  vi.useFakeTimers();
  playMock = vi.fn(() => Promise.resolve());
  // jsdom has no media playback; this stands in for the browser's autoplay behaviour.
  Object.defineProperty(HTMLMediaElement.prototype, 'play', { configurable: true, value: playMock });
  Object.defineProperty(HTMLMediaElement.prototype, 'pause', { configurable: true, value: () => {} });
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('<Player> states', () => {
  it("shows 'Yükleniyor...' without a config", () => {
    render(<Player config={null} host={host} />);
    expect(screen.getByText('Yükleniyor...')).toBeTruthy();
  });

  it("shows 'Hata: {message}' on an error", () => {
    render(<Player config={null} error="Sunucuya ulaşılamadı" host={host} />);
    expect(screen.getByRole('alert').textContent).toBe('Hata: Sunucuya ulaşılamadı');
  });

  it("shows 'Ekran bulunamadı' for a missing screen", () => {
    render(<Player config={null} notFound host={host} />);
    expect(screen.getByText('Ekran bulunamadı')).toBeTruthy();
  });

  it('shows the empty-playlist text for no playlist and for an empty one', () => {
    const { rerender } = render(<Player config={{ ...config([]), playlist: null }} host={host} />);
    expect(screen.getByText('Bu ekrana atanmış medya bulunamadı')).toBeTruthy();
    rerender(<Player config={config([])} host={host} />);
    expect(screen.getByText('Bu ekrana atanmış medya bulunamadı')).toBeTruthy();
  });

  it('shows the package notice instead of media', () => {
    render(<Player config={config([{ id: 'a', kind: 'image' }], { notice: { kind: 'package-expired', message: 'Paket süresi doldu' } })} host={host} />);
    expect(screen.getByText('Paket süresi doldu')).toBeTruthy();
    expect(document.querySelector('img')).toBeNull();
  });

  it('uses a 775 px media area by default and the given height on a device', () => {
    const { rerender } = render(<Player config={null} host={host} />);
    expect(screen.getByTestId('player').style.height).toBe('775px');
    rerender(<Player config={null} host={host} mediaHeight="100vh" />);
    expect(screen.getByTestId('player').style.height).toBe('100vh');
  });
});

describe('<Player> playback', () => {
  it('shows an image once loaded, keeps it until the next one has loaded, then loops', () => {
    render(<Player config={config([{ id: 'a', kind: 'image', duration: 3 }, { id: 'b', kind: 'image' }])} host={host} />);
    const a = document.querySelector('img')!;
    expect(a.getAttribute('src')).toBe('http://pano.test/uploads/a.png');
    expect(visibleSrc()).toEqual([]);
    fireEvent.load(a);
    expect(visibleSrc()).toEqual(['http://pano.test/uploads/a.png']);

    act(() => void vi.advanceTimersByTime(3000));
    // b is mounted but not loaded yet: a stays on screen (no black gap).
    expect(document.querySelectorAll('img')).toHaveLength(2);
    expect(visibleSrc()).toEqual(['http://pano.test/uploads/a.png']);
    fireEvent.load(document.querySelectorAll('img')[1]!);
    expect(visibleSrc()).toEqual(['http://pano.test/uploads/b.png']);
    expect(document.querySelectorAll('img')).toHaveLength(1);

    act(() => void vi.advanceTimersByTime(5000));
    fireEvent.load(document.querySelectorAll('img')[1]!);
    expect(visibleSrc()).toEqual(['http://pano.test/uploads/a.png']);
  });

  it('plays a video at volume 0.4 and advances when it ends', () => {
    render(<Player config={config([{ id: 'v', kind: 'video', duration: 60 }, { id: 'b', kind: 'image' }])} host={host} />);
    const video = document.querySelector('video[data-testid=player-video]') as HTMLVideoElement;
    expect(video.volume).toBe(0.4);
    expect(video.muted).toBe(false);
    expect(playMock).toHaveBeenCalled();
    fireEvent.loadedData(video);
    fireEvent.ended(video);
    expect(document.querySelector('img')!.getAttribute('src')).toBe('http://pano.test/uploads/b.png');
  });

  it('a video looping alone starts each round in its own element: back to the start, never hidden, no second element', () => {
    render(<Player config={config([{ id: 'v', kind: 'video', duration: 4 }])} host={host} />);
    const video = document.querySelector('video[data-testid=player-video]') as HTMLVideoElement;
    fireEvent.loadedData(video);
    expect(visibleSrc()).toEqual(['http://pano.test/uploads/v.mp4']);
    const plays = playMock.mock.calls.length;
    video.currentTime = 3.5;
    fireEvent.ended(video); // the first round ends
    expect(document.querySelectorAll('video[data-testid=player-video]')).toHaveLength(1);
    expect(document.querySelector('video[data-testid=player-video]')).toBe(video);
    expect(video.currentTime).toBe(0);
    expect(playMock.mock.calls.length).toBe(plays + 1);
    // The last frame stays up while it seeks; the seek done, the second round is on screen.
    expect(visibleSrc()).toEqual(['http://pano.test/uploads/v.mp4']);
    fireEvent.seeked(video);
    // Its time runs out before the file ends: the third round, the same element again.
    video.currentTime = 3.9;
    act(() => void vi.advanceTimersByTime(4000));
    expect(document.querySelector('video[data-testid=player-video]')).toBe(video);
    expect(video.currentTime).toBe(0);
    expect(playMock.mock.calls.length).toBe(plays + 2);
    expect(visibleSrc()).toEqual(['http://pano.test/uploads/v.mp4']);
  });

  it('a video looping alone loops by itself: each wrap is the next round, with no seek of ours', () => {
    render(<Player config={config([{ id: 'v', kind: 'video', duration: 60 }])} host={host} />);
    const video = document.querySelector('video[data-testid=player-video]') as HTMLVideoElement;
    expect(video.loop).toBe(true);
    fireEvent.loadedData(video);
    const plays = playMock.mock.calls.length;
    // The element wrapped to the start by itself and plays on: that is the round's end.
    video.currentTime = 0.04;
    fireEvent.seeked(video);
    expect(document.querySelector('video[data-testid=player-video]')).toBe(video);
    expect(video.currentTime).toBe(0.04);
    expect(playMock.mock.calls.length).toBe(plays);
    expect(visibleSrc()).toEqual(['http://pano.test/uploads/v.mp4']);
    // The round's 60 s count from the wrap: at 59 s still the same round, no seek.
    video.currentTime = 5;
    act(() => void vi.advanceTimersByTime(59_000));
    expect(video.currentTime).toBe(5);
    act(() => void vi.advanceTimersByTime(1000));
    expect(video.currentTime).toBe(0);
  });

  it('a video followed by another item does not loop', () => {
    render(<Player config={config([{ id: 'v', kind: 'video' }, { id: 'b', kind: 'image' }])} host={host} />);
    expect((document.querySelector('video[data-testid=player-video]') as HTMLVideoElement).loop).toBe(false);
  });

  it('a video looping alone that failed gets a new element for its next round', () => {
    render(<Player config={config([{ id: 'v', kind: 'video', duration: 4 }])} host={host} />);
    const video = document.querySelector('video[data-testid=player-video]') as HTMLVideoElement;
    fireEvent.loadedData(video);
    fireEvent.error(video); // broke mid-way (a decode error)
    act(() => void vi.advanceTimersByTime(4000));
    const now = [...document.querySelectorAll('video[data-testid=player-video]')];
    expect(now.at(-1)).not.toBe(video);
    fireEvent.loadedData(now.at(-1)!);
    expect(document.querySelectorAll('video[data-testid=player-video]')).toHaveLength(1);
    expect(visibleSrc()).toEqual(['http://pano.test/uploads/v.mp4']);
  });

  it('preloads the next video in a hidden element', () => {
    render(<Player config={config([{ id: 'a', kind: 'image' }, { id: 'v', kind: 'video' }])} host={host} />);
    const preload = screen.getByTestId('player-preload') as HTMLVideoElement;
    expect(preload.getAttribute('src')).toBe('http://pano.test/uploads/v.mp4');
    expect(preload.getAttribute('preload')).toBe('auto');
  });

  it("offers 'Sesi Aç ve Oynat' when sound is blocked, keeps playing muted, and unmutes on click", async () => {
    const mutedAtPlay: boolean[] = [];
    playMock.mockImplementation(function (this: HTMLMediaElement) {
      mutedAtPlay.push(this.muted);
      // The browser refuses sound before any user gesture, accepts it muted.
      return mutedAtPlay.length === 1 ? Promise.reject(Object.assign(new Error('blocked'), { name: 'NotAllowedError' })) : Promise.resolve();
    });
    render(<Player config={config([{ id: 'v', kind: 'video' }])} host={host} />);
    await act(async () => {});
    const button = screen.getByText('Sesi Aç ve Oynat');
    const video = document.querySelector('video[data-testid=player-video]') as HTMLVideoElement;
    expect(video.muted).toBe(true);
    expect(mutedAtPlay.slice(0, 2)).toEqual([false, true]); // retried muted at once
    const before = mutedAtPlay.length;
    fireEvent.click(button);
    expect(screen.queryByText('Sesi Aç ve Oynat')).toBeNull();
    expect(video.muted).toBe(false);
    expect(video.volume).toBe(0.4);
    expect(mutedAtPlay.slice(before)).toEqual([false]);
  });

  it("on a paired device a blocked sound leaves the media uncovered: a small corner button, playing muted", async () => {
    let calls = 0;
    playMock.mockImplementation(function (this: HTMLMediaElement) {
      calls += 1;
      return calls === 1 ? Promise.reject(Object.assign(new Error('blocked'), { name: 'NotAllowedError' })) : Promise.resolve();
    });
    render(<Player config={config([{ id: 'v', kind: 'video' }])} host={host} mediaHeight="100vh" soundButton="corner" />);
    await act(async () => {});
    const button = screen.getByRole('button', { name: 'Sesi Aç ve Oynat' });
    expect(button.dataset.placement).toBe('corner');
    // Not the preview's overlay in the middle of the picture.
    expect(button.style.transform).toBe('');
    expect([button.style.top, button.style.left, button.style.fontSize]).toEqual(['12px', '12px', '13px']);
    expect((document.querySelector('video[data-testid=player-video]') as HTMLVideoElement).muted).toBe(true);
    fireEvent.click(button);
    expect(screen.queryByRole('button', { name: 'Sesi Aç ve Oynat' })).toBeNull();
    expect((document.querySelector('video[data-testid=player-video]') as HTMLVideoElement).muted).toBe(false);
  });

  it("the dashboard preview keeps the spec's button over the middle of the media", async () => {
    playMock.mockImplementationOnce(() => Promise.reject(Object.assign(new Error('blocked'), { name: 'NotAllowedError' })));
    render(<Player config={config([{ id: 'v', kind: 'video' }])} host={host} />);
    await act(async () => {});
    const button = screen.getByRole('button', { name: 'Sesi Aç ve Oynat' });
    expect(button.dataset.placement).toBe('centre');
    expect([button.style.top, button.style.left, button.style.transform]).toEqual(['50%', '50%', 'translate(-50%,-50%)']);
  });

  it('a new config keeps the item on screen when it is still in the playlist', () => {
    const { rerender } = render(<Player config={config([{ id: 'a', kind: 'image' }, { id: 'b', kind: 'image' }])} host={host} />);
    const a = document.querySelector('img')!;
    fireEvent.load(a);
    rerender(<Player config={config([{ id: 'x', kind: 'image' }, { id: 'a', kind: 'image' }])} host={host} />);
    expect(document.querySelector('img')).toBe(a); // same element: not reloaded
    expect(visibleSrc()).toEqual(['http://pano.test/uploads/a.png']);
    act(() => void vi.advanceTimersByTime(5000));
    expect(document.querySelectorAll('img')[1]!.getAttribute('src')).toBe('http://pano.test/uploads/x.png');
  });
});

describe('<Player> ticker', () => {
  const ticker = { _id: 'd', name: 'Duyurular', speed: 4, directions: [{ text: 'Hoş geldiniz' }, { text: 'İyi günler' }] };

  it('renders the texts twice with the display settings', () => {
    render(<Player config={config([], { directionPlaylist: ticker, displaySettings: { showDirectionBar: true, backgroundColor: 'rgb(10, 20, 30)', barHeight: 60, textColor: 'yellow', fontSize: 30 } })} host={host} />);
    const bar = screen.getByTestId('ticker-bar');
    expect(bar.style.height).toBe('60px');
    expect(bar.style.background).toContain('rgb(10, 20, 30)');
    expect(bar.style.color).toBe('yellow');
    expect(bar.style.fontSize).toBe('30px');
    expect(screen.getAllByText('Hoş geldiniz')).toHaveLength(2);
    expect(screen.getAllByText('İyi günler')[0]!.style.paddingRight).toBe('5em');
  });

  it('is hidden when showDirectionBar is off', () => {
    render(<Player config={config([], { directionPlaylist: ticker, displaySettings: { showDirectionBar: false, backgroundColor: 'black', barHeight: 50, textColor: 'white', fontSize: 24 } })} host={host} />);
    expect(screen.queryByTestId('ticker-bar')).toBeNull();
  });
});

describe('<Player> schedule', () => {
  const media = (id: string, kind: 'image' | 'video' = 'image', duration = 5) => ({
    duration,
    media: { _id: id, name: id, mediaType: kind === 'video' ? 'Video' : 'Resim', type: kind, filePath: `/uploads/${id}.${kind === 'video' ? 'mp4' : 'png'}`, url: '', mimeType: '' },
  }) as const;
  const entry = (over: Partial<TScreenConfig['schedule']['entries'][number]> = {}) => ({
    id: 'lunch', name: 'Öğle', playlistId: 'menu', tickerPlaylistId: null, days: [1, 2, 3, 4, 5, 6, 7], startTime: '12:00', endTime: '13:00',
    startDate: null, endDate: null, exceptDates: [], priority: 5, enabled: true, updatedAt: '2026-01-01T00:00:00Z', ...over,
  });
  const ownTicker = { _id: 'own-ticker', name: 'Duyurular', speed: 3, directions: [{ text: 'Hoş geldiniz' }] };
  const lunchTicker = { _id: 'lunch-ticker', name: 'Menü', speed: 3, directions: [{ text: 'Bugün mercimek' }] };
  // No own ticker unless asked: its frame loop would make long fake-time advances slow.
  const scheduled = (entries: ReturnType<typeof entry>[], menuItems = [media('menu-1')], withTicker = false) => config([], {
    playlist: { _id: 'own', name: 'Kendi', mediaItems: [media('film', 'video', 1800)] },
    directionPlaylist: withTicker ? ownTicker : null,
    schedule: {
      timezone: 'Europe/Istanbul', entries,
      playlists: [{ _id: 'menu', name: 'Menü', mediaItems: menuItems }], tickers: [lunchTicker],
    },
  });
  const src = () => [...document.querySelectorAll('[data-testid=player-image],[data-testid=player-video]')].map((el) => el.getAttribute('src'));

  it('cuts a 30-minute video at the boundary and plays the scheduled playlist, then its own again at the end', () => {
    vi.setSystemTime(Date.parse('2026-11-23T08:50:00Z')); // 11:50 in Istanbul, a Monday
    render(<Player config={scheduled([entry()])} host={host} />);
    const film = document.querySelector('video[data-testid=player-video]')!;
    fireEvent.loadedData(film);
    expect(screen.getByTestId('player').dataset.playlist).toBe('own');
    act(() => void vi.advanceTimersByTime(10 * 60_000 - 1));
    expect(src()).toEqual(['http://pano.test/uploads/film.mp4']);
    act(() => void vi.advanceTimersByTime(1));
    expect(screen.getByTestId('player').dataset.playlist).toBe('menu');
    expect(src()).toContain('http://pano.test/uploads/menu-1.png');
    fireEvent.load(document.querySelector('img')!);
    expect(visibleSrc()).toEqual(['http://pano.test/uploads/menu-1.png']);
    act(() => void vi.advanceTimersByTime(60 * 60_000));
    expect(screen.getByTestId('player').dataset.playlist).toBe('own');
    // Its own playlist starts over from its first item.
    expect(src()).toContain('http://pano.test/uploads/film.mp4');
  });

  it('does not restart anything at an edge where the playlist stays the same', () => {
    vi.setSystemTime(Date.parse('2026-11-23T08:59:00Z'));
    render(<Player config={scheduled([entry(), entry({ id: 'early', startTime: '11:00', endTime: '12:00' })], [media('menu-1', 'image', 600)])} host={host} />);
    expect(screen.getByTestId('player').dataset.playlist).toBe('menu');
    const img = document.querySelector('img')!;
    fireEvent.load(img);
    act(() => void vi.advanceTimersByTime(2 * 60_000)); // past 12:00, from one entry into the other
    expect(document.querySelector('img')).toBe(img);
    expect(visibleSrc()).toEqual(['http://pano.test/uploads/menu-1.png']);
  });

  it("switches the ticker with the entry, and keeps the screen's own when the entry has none", () => {
    vi.setSystemTime(Date.parse('2026-11-23T08:59:59Z'));
    render(<Player config={scheduled([entry({ tickerPlaylistId: 'lunch-ticker', endTime: '12:30' }), entry({ id: 'late', startTime: '12:30' })], undefined, true)} host={host} />);
    expect(screen.getAllByText('Hoş geldiniz')).toHaveLength(2);
    act(() => void vi.advanceTimersByTime(1000));
    expect(screen.getAllByText('Bugün mercimek')).toHaveLength(2);
    expect(screen.queryByText('Hoş geldiniz')).toBeNull();
    // Half an hour on (the wall clock moved on, as after a sleep), then the next second's check.
    vi.setSystemTime(Date.parse('2026-11-23T09:30:00Z'));
    act(() => void vi.advanceTimersByTime(1000));
    expect(screen.getByTestId('player').dataset.ticker).toBe('own-ticker');
    expect(screen.getAllByText('Hoş geldiniz')).toHaveLength(2);
  });

  it('at a boundary keeps loading a file slower than its duration until it is on screen, then gives it its whole time', () => {
    vi.setSystemTime(Date.parse('2026-11-23T08:59:59Z'));
    // A one-item loop of 2 s whose file takes 5 s to load (a busy device, a cold service worker).
    render(<Player config={scheduled([entry()], [media('menu-1', 'image', 2)])} host={host} />);
    fireEvent.loadedData(document.querySelector('video[data-testid=player-video]')!);
    act(() => void vi.advanceTimersByTime(1000));
    expect(screen.getByTestId('player').dataset.playlist).toBe('menu');
    const loading = document.querySelector('img')!;
    act(() => void vi.advanceTimersByTime(4000));
    // Still the element that started loading at the boundary, not a new one starting over.
    expect(document.querySelector('img')).toBe(loading);
    expect(visibleSrc()).toEqual(['http://pano.test/uploads/film.mp4']);
    fireEvent.load(loading);
    expect(visibleSrc()).toEqual(['http://pano.test/uploads/menu-1.png']);
    act(() => void vi.advanceTimersByTime(1999));
    expect(document.querySelector('img')).toBe(loading);
    act(() => void vi.advanceTimersByTime(1));
    // Its 2 s counted from its first frame: the loop begins again.
    expect(document.querySelectorAll('img')).toHaveLength(2);
  });

  it('a file that fails at a boundary ends the turn it was held for', () => {
    vi.setSystemTime(Date.parse('2026-11-23T08:59:59Z'));
    render(<Player config={scheduled([entry()], [media('menu-1', 'image', 2), media('menu-2', 'image', 2)])} host={host} />);
    act(() => void vi.advanceTimersByTime(1000));
    act(() => void vi.advanceTimersByTime(3000));
    expect(src()).toEqual(['http://pano.test/uploads/menu-1.png']);
    fireEvent.error(document.querySelector('img')!);
    expect(src()).toContain('http://pano.test/uploads/menu-2.png');
  });

  it('shows the empty-playlist text when the scheduled playlist has no media', () => {
    vi.setSystemTime(Date.parse('2026-11-23T09:10:00Z'));
    render(<Player config={scheduled([entry()], [])} host={host} />);
    expect(screen.getByText('Bu ekrana atanmış medya bulunamadı')).toBeTruthy();
  });
});
