import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router-dom';
import { http } from 'msw';
import { apiServer, fetchCallOf } from '../../testing/api-server';
import { PreviewPage } from './preview-page';

const SCREEN = '0b6b9e2e-7f0c-4c36-9f55-3d5b1c1b2a11';
const OWN = '0b6b9e2e-7f0c-4c36-9f55-3d5b1c1b2a12';
const MENU = '0b6b9e2e-7f0c-4c36-9f55-3d5b1c1b2a13';
const ENTRY = '0b6b9e2e-7f0c-4c36-9f55-3d5b1c1b2a14';
const MEDIA = '0b6b9e2e-7f0c-4c36-9f55-3d5b1c1b2a15';

afterEach(() => {
  cleanup();
  localStorage.clear();
});

/**
 * The fake API answers the config call, recorded as fetch's (url, init); the socket fails to
 * connect in jsdom, which the page must survive.
 */
function setup(response: () => Response) {
  localStorage.setItem('token', 'user-token');
  const fetchMock = vi.fn<(url: string, init: RequestInit) => void>();
  apiServer.use(http.get('/api/screens/:id/config', async ({ request }) => {
    fetchMock(...await fetchCallOf(request));
    return response();
  }));
  const router = createMemoryRouter([{ path: '/preview/:screenId', element: <PreviewPage /> }], { initialEntries: [`/preview/${SCREEN}`] });
  render(<RouterProvider router={router} />);
  return fetchMock;
}

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

describe('PreviewPage', () => {
  it("asks for the screen's config with the user's token and shows its player", async () => {
    const fetchMock = setup(() => json(200, {
      screenId: SCREEN, screenName: 'Lobi', version: 'v1', alerts: [], playlist: { _id: OWN, name: 'P', mediaItems: [] },
      directionPlaylist: null, notice: null, schedule: { timezone: 'Europe/Istanbul', entries: [], playlists: [], tickers: [] },
      displaySettings: { showDirectionBar: true, backgroundColor: 'rgba(0,0,0,0.8)', barHeight: 50, textColor: 'white', fontSize: 24 },
    }));
    expect(screen.getByText('Yükleniyor...')).toBeTruthy();
    await screen.findByText('Bu ekrana atanmış medya bulunamadı');
    expect(screen.getByText('Lobi')).toBeTruthy();
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe(`/api/screens/${SCREEN}/config`);
    expect(new Headers(init?.headers).get('Authorization')).toBe('Bearer user-token');
    // 775 px on a wide screen, 16:9 of the width on a phone (pages.css sets the variable).
    expect(screen.getByTestId('player').style.height).toBe('var(--preview-media-height)');
  });

  it('follows the schedule like a device: a window holding now plays its playlist, not the own one', async () => {
    // Equal start and end: the whole day, every day, in the screen's zone.
    const entry = { id: ENTRY, name: 'Hep', playlistId: MENU, tickerPlaylistId: null, days: [1, 2, 3, 4, 5, 6, 7], startTime: '00:00', endTime: '00:00',
      startDate: null, endDate: null, exceptDates: [], priority: 5, enabled: true, updatedAt: '2026-01-01T00:00:00Z' };
    const menu = { _id: MENU, name: 'Menü', mediaItems: [{ duration: 5, media: {
      _id: MEDIA, name: 'Menü', mediaType: 'Resim', type: 'image', filePath: '/uploads/menu.png', url: '', mimeType: 'image/png' } }] };
    setup(() => json(200, {
      screenId: SCREEN, screenName: 'Lobi', version: 'v1', alerts: [], playlist: { _id: OWN, name: 'P', mediaItems: [] },
      directionPlaylist: null, notice: null, schedule: { timezone: 'Europe/Istanbul', entries: [entry], playlists: [menu], tickers: [] },
      displaySettings: { showDirectionBar: true, backgroundColor: 'rgba(0,0,0,0.8)', barHeight: 50, textColor: 'white', fontSize: 24 },
    }));
    await screen.findByTestId('player-image');
    expect(screen.getByTestId('player').dataset.playlist).toBe(MENU);
    expect(new URL(screen.getByTestId('player-image').getAttribute('src')!).pathname).toBe('/uploads/menu.png');
    expect(screen.queryByText('Bu ekrana atanmış medya bulunamadı')).toBeNull();
  });

  it("shows 'Ekran bulunamadı' for a 404", async () => {
    setup(() => json(404, { message: 'Ekran bulunamadı', code: 'NOT_FOUND' }));
    await screen.findByText('Ekran bulunamadı');
  });

  it("shows 'Ekran bulunamadı' for a malformed screen id (400), and links back to the screens", async () => {
    setup(() => json(400, { message: 'Geçersiz kimlik', code: 'VALIDATION_ERROR' }));
    await screen.findByText('Ekran bulunamadı');
    expect(screen.queryByText(/Geçersiz kimlik/)).toBeNull();
    expect(screen.getByRole('link', { name: /Ekranlara Dön/ }).getAttribute('href')).toBe('/screens');
  });

  it('shows the server message as the error', async () => {
    setup(() => json(500, { message: 'Sunucu hatası (istek: abc)', code: 'INTERNAL_ERROR' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Hata: Sunucu hatası (istek: abc)');
  });

  it("falls back to 'Ekran bilgileri alınamadı' without a server message", async () => {
    setup(() => new Response('', { status: 502 }));
    expect((await screen.findByRole('alert')).textContent).toBe('Hata: Ekran bilgileri alınamadı');
  });
});
