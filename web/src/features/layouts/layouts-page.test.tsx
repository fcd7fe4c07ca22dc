import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import { http, HttpResponse } from 'msw';
import { DISPLAY_DEFAULTS, type TContentPreviewRequest, type TLayout } from '@pano/contract';
import { createQueryClient } from '../../lib/query-client';
import { DialogHost } from '../../components/ui/dialog-host';
import { apiServer, recorded, type RecordedCall } from '../../testing/api-server';
import { aLayout, aPlaylist, fixtureId, okAnswer } from '../../testing/fixtures';
import { LayoutsPage } from './layouts-page';
import { signedInAs } from '../../testing/session';

signedInAs();

afterEach(() => {
  cleanup();
});

const lobby = aPlaylist({ _id: fixtureId(20), name: 'Lobi Videoları' });
const ticker = {
  _id: fixtureId(21), name: 'Duyurular', speed: 2, directions: [{ text: 'Hoş geldiniz' }],
  createdAt: '2025-01-01T00:00:00Z', updatedAt: '2025-01-01T00:00:00Z',
};

/** The live preview's answer for them: the server's config shapes (docs/PRODUCT.md#layouts-api). */
const lobbyPlayed = {
  _id: lobby._id, name: lobby.name,
  mediaItems: [{ media: { _id: fixtureId(22), name: 'Menü', mediaType: 'Resim', type: 'image', filePath: '/uploads/menu.png', url: '/uploads/menu.png', mimeType: 'image/png' }, duration: 5 }],
};
const tickerPlayed = { _id: ticker._id, name: ticker.name, speed: ticker.speed, directions: ticker.directions };
let previews: TContentPreviewRequest[] = [];

/** The page over the fake API: the given layouts, the customer's lists, every write recorded (the live preview's requests in `previews`). */
function renderPage(layouts: TLayout[] = [aLayout()]) {
  const writes: RecordedCall[] = [];
  previews = [];
  apiServer.use(
    http.post('/api/layouts/preview', async ({ request }) => {
      const body = await request.json() as Required<TContentPreviewRequest>;
      previews.push(body);
      return HttpResponse.json({
        playlists: body.playlists.includes(lobby._id) ? [lobbyPlayed] : [],
        tickers: body.tickers.includes(ticker._id) ? [tickerPlayed] : [],
        displaySettings: { ...DISPLAY_DEFAULTS, barHeight: 40 },
      });
    }),
    http.get('/api/layouts', () => HttpResponse.json(layouts)),
    http.get('/api/playlists', () => HttpResponse.json([lobby])),
    http.get('/api/direction-playlists', () => HttpResponse.json([ticker])),
    http.post('/api/layouts', recorded(writes, () => HttpResponse.json(aLayout({ name: 'Kafe' }), { status: 201 }))),
    http.put('/api/layouts/:id', recorded(writes, () => HttpResponse.json(aLayout()))),
  );
  render(<QueryClientProvider client={createQueryClient()}><LayoutsPage /><DialogHost /></QueryClientProvider>);
  return writes;
}

/** The canvas as the browser would lay it out: jsdom has no layout, so its box is given (1000 × 562.5, 16:9). */
async function canvasOfEditor() {
  const canvas = await screen.findByTestId('layout-canvas');
  vi.spyOn(canvas, 'getBoundingClientRect').mockReturnValue({
    x: 0, y: 0, left: 0, top: 0, width: 1000, height: 562.5, right: 1000, bottom: 562.5, toJSON: () => ({}),
  });
  return canvas;
}

const zoneButton = (name: string) => screen.getByRole('button', { name: new RegExp(`^${name}:`) });
const bodyOf = (call: RecordedCall | undefined) => call?.body as { name: string; zones: Record<string, unknown>[] };

describe('LayoutsPage', () => {
  it('lists each layout with a miniature of its zones drawn to scale', async () => {
    renderPage();
    const card = await screen.findByTestId('layout-card');
    expect(within(card).getByRole('heading').textContent).toBe('Lobi Yerleşimi');
    expect(card.textContent).toContain('2 bölge');
    const mini = within(card).getByRole('img', { name: 'Lobi Yerleşimi yerleşiminin küçük resmi' });
    expect(mini.className).toContain('layout-mini-landscape');
    const zones = within(mini).getAllByTestId('mini-zone');
    expect(zones.map((z) => [z.style.left, z.style.width, z.textContent])).toEqual([['0%', '75%', 'Ana Bölge'], ['75%', '25%', 'Yan Bölge']]);
  });

  it("'Yeni Yerleşim' starts from a template, and Kaydet posts the layout with the zones' content", async () => {
    const writes = renderPage([]);
    await screen.findByText('Henüz yerleşim bulunmuyor');
    await userEvent.click(screen.getByRole('button', { name: 'Yeni Yerleşim' }));
    await userEvent.click(await screen.findByRole('button', { name: 'L Biçimi (Ana, Yan, Alt Bant)' }));
    await userEvent.type(await screen.findByLabelText('Yerleşim Adı'), 'Kafe');
    await userEvent.click(zoneButton('Ana Bölge'));
    await screen.findByRole('option', { name: 'Lobi Videoları' });
    await userEvent.selectOptions(screen.getByLabelText('İçerik'), 'Lobi Videoları');
    await userEvent.click(screen.getByRole('button', { name: 'Alt Bant' }));
    await userEvent.selectOptions(screen.getByLabelText('İçerik'), 'Duyurular');
    await userEvent.click(screen.getByRole('button', { name: 'Kaydet' }));
    await screen.findByText('Yerleşimlerim');
    expect(writes.map((w) => `${w.method} ${w.url}`)).toEqual(['POST /api/layouts']);
    const zone = (name: string, x: number, y: number, width: number, height: number, playlist: string | null, ticker: string | null) =>
      ({ name, x, y, width, height, z: 0, fit: 'cover', playlist, directionPlaylist: ticker });
    expect(writes[0]?.body).toEqual({
      name: 'Kafe', orientation: 'landscape', background: '#000000',
      zones: [zone('Ana Bölge', 0, 0, 75, 85, lobby._id, null), zone('Yan Bölge', 75, 0, 25, 85, null, null), zone('Alt Bant', 0, 85, 100, 15, null, ticker._id)],
    });
  });

  it('moves and resizes a zone with the pointer; the saved numbers are the ones drawn', async () => {
    const writes = renderPage([aLayout({ zones: [
      { name: 'Ana Bölge', x: 0, y: 0, width: 60, height: 60, z: 0, playlist: null, directionPlaylist: null, fit: 'cover' },
      { name: 'Köşe', x: 80, y: 80, width: 20, height: 20, z: 1, playlist: null, directionPlaylist: null, fit: 'contain' },
    ] })]);
    await userEvent.click(await screen.findByRole('button', { name: 'Düzenle: Lobi Yerleşimi' }));
    await canvasOfEditor();
    const main = zoneButton('Ana Bölge');
    // Drag the body by 103 px right, 56.25 px down: 10.3 % → the grid's 10 %, 10 % down.
    fireEvent.pointerDown(main, { pointerId: 1, button: 0, clientX: 300, clientY: 300 });
    fireEvent.pointerMove(main, { pointerId: 1, clientX: 403, clientY: 356.25 });
    fireEvent.pointerUp(main, { pointerId: 1, clientX: 403, clientY: 356.25 });
    expect(zoneButton('Ana Bölge').getAttribute('aria-label')).toBe('Ana Bölge: İçerik yok, soldan %10, üstten %10, genişlik %60, yükseklik %60');
    // The south-east corner 95 px right, 28.125 px up: the right edge at 79.5 % sticks to Köşe's
    // left edge (80 %), the bottom edge at 65 % is on the grid.
    const se = screen.getByTestId('handle-se');
    fireEvent.pointerDown(se, { pointerId: 2, button: 0, clientX: 700, clientY: 393.75 });
    fireEvent.pointerMove(se, { pointerId: 2, clientX: 795, clientY: 393.75 - 28.125 });
    fireEvent.pointerUp(se, { pointerId: 2 });
    expect((screen.getByLabelText('Genişlik (%)') as HTMLInputElement).value).toBe('70');
    expect((screen.getByLabelText('Yükseklik (%)') as HTMLInputElement).value).toBe('55');
    await userEvent.click(screen.getByRole('button', { name: 'Kaydet' }));
    await screen.findByText('Yerleşimlerim');
    expect(writes.map((w) => `${w.method} ${w.url}`)).toEqual([`PUT /api/layouts/${fixtureId(6)}`]);
    expect(bodyOf(writes[0]).zones[0]).toMatchObject({ x: 10, y: 10, width: 70, height: 55 });
    expect(bodyOf(writes[0]).zones[1]).toMatchObject({ x: 80, y: 80, width: 20, height: 20, fit: 'contain' });
  });

  it("the live preview plays each zone's real content with the player; a moved zone keeps its picture and asks nothing again", async () => {
    renderPage([aLayout({ zones: [
      { name: 'Ana Bölge', x: 0, y: 0, width: 75, height: 85, z: 0, playlist: { _id: lobby._id, name: lobby.name }, directionPlaylist: null, fit: 'contain' },
      { name: 'Alt Bant', x: 0, y: 85, width: 100, height: 15, z: 1, playlist: null, directionPlaylist: { _id: ticker._id, name: ticker.name }, fit: 'cover' },
    ] })]);
    await userEvent.click(await screen.findByRole('button', { name: 'Düzenle: Lobi Yerleşimi' }));
    const preview = await screen.findByTestId('layout-live-preview');
    const image = await within(preview).findByTestId('player-image');
    expect(image.getAttribute('alt')).toBe('Menü');
    expect(image.getAttribute('src')).toMatch(/\/uploads\/menu\.png$/);
    const zoneOf = (name: string) => preview.querySelector<HTMLElement>(`[data-testid=zone][data-zone="${name}"]`)!;
    expect(zoneOf('Ana Bölge').contains(image)).toBe(true);
    expect(zoneOf('Ana Bölge').dataset.fit).toBe('contain');
    expect(await within(zoneOf('Alt Bant')).findAllByText('Hoş geldiniz')).not.toHaveLength(0);
    expect(previews).toEqual([{ playlists: [lobby._id], tickers: [ticker._id] }]);

    zoneButton('Ana Bölge').focus();
    await userEvent.keyboard('{ArrowRight}{ArrowRight}');
    expect(zoneOf('Ana Bölge').style.left).toBe('2%');
    expect(within(preview).getByTestId('player-image')).toBe(image);
    expect(previews).toHaveLength(1);
    // Content changed: asked again, and the zone shows nothing it no longer plays.
    fireEvent.change(screen.getByLabelText('İçerik'), { target: { value: '' } });
    await waitFor(() => expect(previews).toHaveLength(2));
    expect(previews[1]).toEqual({ playlists: [], tickers: [ticker._id] });
    await waitFor(() => expect(within(preview).queryByTestId('player-image')).toBeNull());
  });

  it('moves with the arrow keys and resizes with Shift + arrows; the saved numbers match', async () => {
    const writes = renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Düzenle: Lobi Yerleşimi' }));
    const side = await screen.findByRole('button', { name: /^Yan Bölge:/ });
    side.focus();
    expect(document.activeElement).toBe(side);
    // Full height: a move down stays inside the screen until Shift + ↑ has made room.
    await userEvent.keyboard('{ArrowDown}{ArrowLeft}{ArrowLeft}{Shift>}{ArrowUp}{ArrowUp}{ArrowUp}{/Shift}{ArrowDown}');
    expect(zoneButton('Yan Bölge').getAttribute('aria-label')).toBe('Yan Bölge: İçerik yok, soldan %73, üstten %1, genişlik %25, yükseklik %97');
    await userEvent.click(screen.getByRole('button', { name: 'Kaydet' }));
    await screen.findByText('Yerleşimlerim');
    expect(bodyOf(writes[0]).zones[1]).toMatchObject({ name: 'Yan Bölge', x: 73, y: 1, width: 25, height: 97 });
  });

  it('exact numbers typed in the fields are saved with two decimals; a zone past the edge is refused in Turkish', async () => {
    const writes = renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Düzenle: Lobi Yerleşimi' }));
    const left = await screen.findByLabelText('Soldan (%)');
    await userEvent.clear(left);
    await userEvent.type(left, '30');
    await userEvent.click(screen.getByRole('button', { name: 'Kaydet' }));
    expect((await screen.findByTestId('layout-issues')).textContent).toBe('Ana Bölge: Bölge ekranın içinde kalmalıdır');
    expect(screen.getByText('Bölge ekranın içinde kalmalıdır', { selector: '.field-error' })).toBeTruthy();
    expect(writes).toEqual([]);
    const width = screen.getByLabelText('Genişlik (%)');
    await userEvent.clear(width);
    await userEvent.type(width, '33,33');
    await userEvent.click(screen.getByRole('button', { name: 'Kaydet' }));
    await screen.findByText('Yerleşimlerim');
    expect(bodyOf(writes[0]).zones[0]).toMatchObject({ x: 30, width: 33.33 });
  });

  it('a new layout without a name is refused under its field, and nothing is sent', async () => {
    const writes = renderPage([]);
    await userEvent.click(await screen.findByRole('button', { name: 'Yeni Yerleşim' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Tam Ekran' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Kaydet' }));
    const name = screen.getByLabelText('Yerleşim Adı');
    expect(document.getElementById(name.getAttribute('aria-describedby') ?? '')?.textContent).toBe('Lütfen yerleşim adını giriniz');
    expect(screen.getByTestId('layout-issues').textContent).toBe('Lütfen yerleşim adını giriniz');
    expect(writes).toEqual([]);
  });

  it("shows the server's validation messages beside the form and stays in the editor", async () => {
    renderPage();
    apiServer.use(http.put('/api/layouts/:id', () => HttpResponse.json({
      message: 'Bir yerleşimde en fazla 9 bölge olabilir', code: 'VALIDATION_ERROR',
      details: [{ path: 'zones.1.playlist', message: 'Playlist bulunamadı' }],
    }, { status: 400 })));
    await userEvent.click(await screen.findByRole('button', { name: 'Düzenle: Lobi Yerleşimi' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Kaydet' }));
    const alert = await screen.findByTestId('layout-issues');
    expect(alert.textContent).toBe('Yan Bölge: Playlist bulunamadı');
    expect(screen.getByRole('heading', { name: 'Yerleşim Düzenle: Lobi Yerleşimi' })).toBeTruthy();
  });

  it("the server's refusal goes once the layout is changed", async () => {
    renderPage();
    apiServer.use(http.put('/api/layouts/:id', () => HttpResponse.json(
      { message: 'Playlist bulunamadı', code: 'NOT_FOUND' }, { status: 404 })));
    await userEvent.click(await screen.findByRole('button', { name: 'Düzenle: Lobi Yerleşimi' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Kaydet' }));
    await screen.findByText('Yerleşim kaydedilemedi: Playlist bulunamadı');
    fireEvent.change(screen.getByLabelText('İçerik'), { target: { value: '' } });
    expect(screen.queryByText('Yerleşim kaydedilemedi: Playlist bulunamadı')).toBeNull();
  });

  it('adds zones up to 9, restacks them and removes one', async () => {
    const writes = renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Düzenle: Lobi Yerleşimi' }));
    const add = await screen.findByRole('button', { name: '+ Bölge Ekle' });
    for (let i = 0; i < 7; i++) await userEvent.click(add);
    expect(screen.getAllByTestId('canvas-zone')).toHaveLength(9);
    expect((add as HTMLButtonElement).disabled).toBe(true);
    // Bölge 9 is on top; sent back once it is drawn under Bölge 8.
    expect(screen.getByText('Katman 9')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Arkaya Gönder' }));
    expect(screen.getByText('Katman 8')).toBeTruthy();
    expect(screen.getAllByTestId('canvas-zone').slice(-2).map((z) => z.querySelector('.canvas-zone-name')?.textContent)).toEqual(['Bölge 9', 'Bölge 8']);
    await userEvent.click(screen.getByRole('button', { name: 'Bölge 3' }));
    await userEvent.click(screen.getByRole('button', { name: 'Bölgeyi Kaldır' }));
    await userEvent.click(screen.getByRole('button', { name: 'Kaydet' }));
    await screen.findByText('Yerleşimlerim');
    const zones = bodyOf(writes[0]).zones;
    expect(zones.map((z) => z.name)).toEqual(['Ana Bölge', 'Yan Bölge', 'Bölge 4', 'Bölge 5', 'Bölge 6', 'Bölge 7', 'Bölge 8', 'Bölge 9']);
    expect(zones.slice(-2).map((z) => z.z)).toEqual([8, 7]);
  });

  it("a layout in use is not deleted: the server's 409 message names where it is used", async () => {
    renderPage();
    apiServer.use(http.delete('/api/layouts/:id', () => HttpResponse.json(
      { message: 'Bu yerleşim kullanımda: Giriş ekranı, Hafta içi zamanlaması', code: 'CONFLICT' }, { status: 409 })));
    await userEvent.click(await screen.findByRole('button', { name: 'Sil: Lobi Yerleşimi' }));
    await userEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Sil' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent)
      .toContain('Yerleşim silinirken hata oluştu: Bu yerleşim kullanımda: Giriş ekranı, Hafta içi zamanlaması'));
    expect(screen.getByTestId('layout-card')).toBeTruthy();
  });

  it('deletes after the confirmation', async () => {
    renderPage();
    const calls: RecordedCall[] = [];
    apiServer.use(http.delete('/api/layouts/:id', recorded(calls, () => HttpResponse.json(okAnswer()))));
    await userEvent.click(await screen.findByRole('button', { name: 'Sil: Lobi Yerleşimi' }));
    await userEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Sil' }));
    await waitFor(() => expect(calls.map((c) => `${c.method} ${c.url}`)).toEqual([`DELETE /api/layouts/${fixtureId(6)}`]));
  });
});
