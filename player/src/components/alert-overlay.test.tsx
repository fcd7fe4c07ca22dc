import { act, cleanup, render, screen } from '@testing-library/react';
import { beforeAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TConfigAlert, TScreenConfig } from '@pano/contract';
import { Player, preloadAlertOverlay } from './player.js';

// The takeover's code loads after the player starts (player.tsx); here it is in before the tests.
beforeAll(() => preloadAlertOverlay());

const START = Date.parse('2026-05-04T10:00:00.000Z');
const alert = (id: string, title: string, endsInMs: number | null): TConfigAlert => ({
  _id: id, title, message: 'Lütfen en yakın çıkışı kullanın', background: '#b91c1c', textColor: '#ffffff', imageUrl: null,
  sound: false, startedAt: new Date(START - 1000).toISOString(), endsAt: endsInMs === null ? null : new Date(START + endsInMs).toISOString(),
});

const config = (alerts: TConfigAlert[], version = 'v1'): TScreenConfig => ({
  screenId: 's1', screenName: 'Lobi', version, alerts,
  playlist: { _id: 'p1', name: 'Liste', mediaItems: [{ duration: 5, media: { _id: 'm1', name: 'm1', mediaType: 'Resim', type: 'image', filePath: '/uploads/m1.png', url: '', mimeType: '' } }] },
  directionPlaylist: { _id: 't1', name: 'Reji', speed: 3, directions: [{ text: 'Hoş geldiniz' }] },
  displaySettings: { showDirectionBar: true, backgroundColor: 'rgba(0,0,0,0.8)', barHeight: 50, textColor: 'white', fontSize: 24 },
  notice: null,
  schedule: { timezone: 'Europe/Istanbul', entries: [], playlists: [], tickers: [] },
});

beforeEach(() => {
  vi.useFakeTimers({ now: START });
  Object.defineProperty(HTMLMediaElement.prototype, 'play', { configurable: true, value: () => Promise.resolve() });
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('the alert takeover', () => {
  it('covers the media and the ticker with the newest alert and a count of the others', () => {
    render(<Player config={config([alert('a2', 'Yangın Tahliye', 60_000), alert('a1', 'Kod Mavi', 60_000), alert('a0', 'Eski', null)])} host="http://pano.test" />);
    const overlay = screen.getByTestId('alert-overlay');
    expect(overlay.dataset.alertId).toBe('a2');
    expect(overlay.textContent).toContain('Yangın Tahliye');
    expect(overlay.textContent).not.toContain('Kod Mavi');
    expect(screen.getByTestId('alert-count').textContent).toBe('+2 duyuru daha');
    expect(overlay.style.position).toBe('absolute');
    expect(overlay.style.inset).toBe('0px');
    expect(overlay.style.background).toBe('rgb(185, 28, 28)');
    // Last child of the player: above the media and the ticker bar, which have lower stacking.
    expect(screen.getByTestId('player').lastElementChild).toBe(overlay);
    expect(Number(overlay.style.zIndex)).toBeGreaterThan(2);
  });

  it('shows nothing without alerts, or with only alerts past their end', () => {
    render(<Player config={config([{ ...alert('a1', 'Kod Mavi', 0), endsAt: new Date(START - 1).toISOString() }])} host="http://pano.test" />);
    expect(screen.queryByTestId('alert-overlay')).toBeNull();
  });

  it('hides each alert at its endsAt by its own timer, and the content below is there again', () => {
    render(<Player config={config([alert('a2', 'Yangın Tahliye', 10_000), alert('a1', 'Kod Mavi', 30_000)])} host="http://pano.test" />);
    expect(screen.getByTestId('alert-overlay').dataset.alertId).toBe('a2');
    act(() => { vi.advanceTimersByTime(9_000); });
    expect(screen.getByTestId('alert-overlay').dataset.alertId).toBe('a2');
    act(() => { vi.advanceTimersByTime(1_100); });
    expect(screen.getByTestId('alert-overlay').dataset.alertId).toBe('a1');
    expect(screen.queryByTestId('alert-count')).toBeNull();
    act(() => { vi.advanceTimersByTime(20_000); });
    expect(screen.queryByTestId('alert-overlay')).toBeNull();
    expect(screen.queryAllByTestId('player-image')).not.toEqual([]);
  });

  it('reports the alert painted after two animation frames, once per alert shown', () => {
    const painted = vi.fn();
    const { rerender } = render(<Player config={config([alert('a1', 'Kod Mavi', 60_000)])} host="http://pano.test" onAlertPainted={painted} />);
    expect(painted).not.toHaveBeenCalled();
    act(() => { vi.advanceTimersToNextFrame(); });
    expect(painted).not.toHaveBeenCalled();
    act(() => { vi.advanceTimersToNextFrame(); });
    expect(painted).toHaveBeenCalledTimes(1);
    expect(painted.mock.calls[0]![0]._id).toBe('a1');
    expect(painted.mock.calls[0]![1]).toBe(Date.now());

    // A new config version with the same alert is not another showing.
    rerender(<Player config={config([alert('a1', 'Kod Mavi', 60_000)], 'v2')} host="http://pano.test" onAlertPainted={painted} />);
    act(() => { vi.advanceTimersByTime(100); });
    expect(painted).toHaveBeenCalledTimes(1);

    rerender(<Player config={config([alert('a2', 'Tahliye', 60_000), alert('a1', 'Kod Mavi', 60_000)], 'v3')} host="http://pano.test" onAlertPainted={painted} />);
    act(() => { vi.advanceTimersByTime(100); });
    expect(painted.mock.calls.map((c) => c[0]._id)).toEqual(['a1', 'a2']);
  });
});
