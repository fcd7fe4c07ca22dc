import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import { http, HttpResponse } from 'msw';
import type { TMedia } from '@pano/contract';
import { createQueryClient } from '../../lib/query-client';
import { tokenStorage } from '../../lib/token-storage';
import { DialogHost } from '../../components/ui/dialog-host';
import { apiServer } from '../../testing/api-server';
import { tusApi } from '../../testing/tus-api';
import { MediaPage } from './media-page';
import { useUploads } from './uploads/upload-store';
import { aFile, resetUploads } from './uploads/uploads.fixtures';
import { signedInAs } from '../../testing/session';

signedInAs();

/*
 * docs/PRODUCT.md#media: several files at once through tus (tus-js-client against the fake
 * API's /api/uploads, testing/tus-api.ts): a row each, named from the file, with pause, resume,
 * cancel, the server's refusals on the row, and the uploads an earlier visit left unfinished.
 */

const at = '2025-01-01T00:00:00Z';

function serve() {
  const media: TMedia[] = [];
  apiServer.use(
    http.get('/api/media', () => HttpResponse.json(media)),
    http.get('/api/playlists', () => HttpResponse.json([])),
  );
  return { media, tus: tusApi(media) };
}

function renderPage() {
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <MediaPage />
      <DialogHost />
    </QueryClientProvider>,
  );
}


/** Files dropped on the page's drop area, as the browser hands them over. */
function drop(files: File[]) {
  const zone = screen.getByTestId('drop-zone');
  const dataTransfer = { files, types: ['Files'], dropEffect: 'none' };
  fireEvent.dragEnter(zone, { dataTransfer });
  fireEvent.dragOver(zone, { dataTransfer });
  fireEvent.drop(zone, { dataTransfer });
}

const row = (fileName: string) => screen.getAllByTestId('upload-row').find((r) => r.textContent?.includes(fileName))!;
const rowNames = () => screen.queryAllByTestId('upload-row').map((r) => (within(r).queryByRole('textbox') as HTMLInputElement | null)?.value);

beforeEach(() => {
  tokenStorage.set('token-1');
});
afterEach(async () => {
  await resetUploads();
  cleanup();
  localStorage.clear();
});

describe('/media uploads several files through tus', () => {
  it('dropped files get a row each, named from the file, and become media in the list', async () => {
    const { tus } = serve();
    renderPage();
    await screen.findByText('Henüz medya bulunmuyor');
    tus.hold();
    drop([aFile('Kampanya Afişi.png', 3000), aFile('menü.final.png', 2000)]);
    await waitFor(() => expect(rowNames()).toEqual(['Kampanya Afişi', 'menü.final']));
    expect(screen.getByRole('progressbar', { name: 'Kampanya Afişi.png yükleme ilerlemesi' })).toBeTruthy();
    await waitFor(() => expect(tus.calls.filter((c) => c.method === 'PATCH')).toHaveLength(2));
    // The token goes with each request, in the header only.
    expect(tus.calls.every((c) => c.auth === 'Bearer token-1')).toBe(true);
    expect(tus.calls.filter((c) => c.method === 'POST').map((c) => c.name)).toEqual(['Kampanya Afişi', 'menü.final']);
    tus.release();
    await waitFor(() => expect(screen.getAllByTestId('media-card')).toHaveLength(2));
    await waitFor(() => expect(screen.queryAllByTestId('upload-row')).toHaveLength(0));
    expect(screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual(expect.arrayContaining(['Kampanya Afişi', 'menü.final']));
    // Finished, nothing is kept for resuming.
    expect(Object.keys(localStorage).filter((k) => k.startsWith('tus::'))).toEqual([]);
  });

  it('a name changed while waiting goes with the upload; one changed while uploading is a rename once stored', async () => {
    const { tus } = serve();
    const renames: { id: string; body: unknown }[] = [];
    apiServer.use(http.put('/api/media/:id', async ({ params, request }) => {
      const body = await request.json();
      renames.push({ id: String(params.id), body });
      return HttpResponse.json({ _id: params.id, name: (body as { name: string }).name, filePath: '/uploads/x.png', mediaType: 'Resim', type: 'image',
        mimeType: 'image/png', size: 1, width: 1, height: 1, duration: null, createdAt: at, status: 'ready', progress: 100, error: null,
        durationSeconds: null, posterUrl: null, sha256: null });
    }));
    renderPage();
    await screen.findByText('Henüz medya bulunmuyor');
    tus.hold();
    // Four files: three upload at once, the fourth waits its turn.
    drop([aFile('a.png', 100), aFile('b.png', 100), aFile('c.png', 100), aFile('d.png', 100)]);
    await waitFor(() => expect(tus.calls.filter((c) => c.method === 'PATCH')).toHaveLength(3));
    expect(within(row('d.png')).getByText('Sırada')).toBeTruthy();
    await userEvent.clear(screen.getByLabelText('d.png için medya adı'));
    await userEvent.type(screen.getByLabelText('d.png için medya adı'), 'Dördüncü');
    await userEvent.clear(screen.getByLabelText('a.png için medya adı'));
    await userEvent.type(screen.getByLabelText('a.png için medya adı'), 'Birinci');
    tus.release();
    await waitFor(() => expect(screen.getAllByTestId('media-card')).toHaveLength(4));
    expect(tus.calls.filter((c) => c.method === 'POST').map((c) => c.name)).toEqual(['a', 'b', 'c', 'Dördüncü']);
    expect(renames.map((r) => r.body)).toEqual([{ name: 'Birinci' }]);
  });

  it('pause stops sending; resume asks the server where it is and sends only the rest', async () => {
    const { tus } = serve();
    renderPage();
    await screen.findByText('Henüz medya bulunmuyor');
    tus.hold();
    drop([aFile('video.mp4', 5000, 'video/mp4'), aFile('b.png', 10)]);
    await waitFor(() => expect(tus.calls.filter((c) => c.method === 'PATCH')).toHaveLength(2));
    await userEvent.click(screen.getByRole('button', { name: 'Duraklat: video' }));
    expect(within(row('video.mp4')).getByText('Duraklatıldı')).toBeTruthy();
    expect(within(row('video.mp4')).getByRole('button', { name: 'Sürdür: video' })).toBeTruthy();
    // The server had taken 1,200 bytes when the connection was closed.
    tus.state.partial['video.mp4'] = 1200;
    tus.release();
    await waitFor(() => expect(screen.getAllByTestId('media-card')).toHaveLength(1)); // b.png went on
    await waitFor(() => expect(tus.uploads.get(tus.idOf('video.mp4')!)?.offset).toBe(1200));
    await userEvent.click(screen.getByRole('button', { name: 'Sürdür: video' }));
    await waitFor(() => expect(screen.getAllByTestId('media-card')).toHaveLength(2));
    expect(tus.historyOf('video.mp4')).toEqual([['POST', undefined, undefined], ['PATCH', 0, 5000], ['HEAD', undefined, undefined], ['PATCH', 1200, 3800]]);
  });

  it('a resumed upload waits its turn: never more than three send at once', async () => {
    const { tus } = serve();
    let most = 0;
    const unsubscribe = useUploads.subscribe((s) => {
      most = Math.max(most, s.rows.filter((r) => r.status === 'uploading').length);
    });
    try {
      renderPage();
      await screen.findByText('Henüz medya bulunmuyor');
      tus.hold();
      drop([aFile('a.png', 100), aFile('b.png', 100), aFile('c.png', 100), aFile('d.png', 100)]);
      await waitFor(() => expect(tus.calls.filter((c) => c.method === 'PATCH')).toHaveLength(3));
      // Paused, 'a' gives its place to 'd'.
      await userEvent.click(screen.getByRole('button', { name: 'Duraklat: a' }));
      await waitFor(() => expect(tus.historyOf('d.png').map(([m]) => m)).toEqual(['POST', 'PATCH']));
      await userEvent.click(screen.getByRole('button', { name: 'Sürdür: a' }));
      expect(within(row('a.png')).getByText('Sırada')).toBeTruthy();
      expect(tus.historyOf('a.png').map(([m]) => m)).toEqual(['POST', 'PATCH']);
      // The server had taken 40 bytes of 'a' when its connection was closed.
      tus.state.partial['a.png'] = 40;
      tus.release();
      await waitFor(() => expect(screen.getAllByTestId('media-card')).toHaveLength(4));
      expect(tus.historyOf('a.png')).toEqual([['POST', undefined, undefined], ['PATCH', 0, 100], ['HEAD', undefined, undefined], ['PATCH', 40, 60]]);
      expect(most).toBe(3);
    } finally {
      unsubscribe();
    }
  });

  it('cancel ends the upload on the server (tus DELETE) and its row goes', async () => {
    const { tus } = serve();
    renderPage();
    await screen.findByText('Henüz medya bulunmuyor');
    tus.hold();
    drop([aFile('a.png', 100), aFile('b.png', 100)]);
    await waitFor(() => expect(tus.calls.filter((c) => c.method === 'PATCH')).toHaveLength(2));
    await userEvent.click(screen.getByRole('button', { name: 'İptal: a' }));
    await waitFor(() => expect(tus.historyOf('a.png').map(([m]) => m)).toEqual(['POST', 'PATCH', 'DELETE']));
    expect(tus.uploads.has(tus.idOf('a.png')!)).toBe(false);
    expect(rowNames()).toEqual(['b']);
    tus.release();
    await waitFor(() => expect(screen.getAllByTestId('media-card')).toHaveLength(1));
  });

  it("a refusal shows the server's Turkish reason on the file's row and is not tried again; a cut network is", async () => {
    const { tus } = serve();
    renderPage();
    await screen.findByText('Henüz medya bulunmuyor');
    const full = 'Medya depolama sınırınıza ulaştınız (1 GB). Yer açmak için medya silin veya paketinizi yükseltin.';
    tus.state.refuseCreate = { status: 409, body: { message: full, code: 'LIMIT_REACHED' } };
    drop([aFile('a.png', 100), aFile('b.png', 100)]);
    await waitFor(() => expect(within(row('a.png')).getByRole('alert').textContent).toBe(full));
    await waitFor(() => expect(within(row('b.png')).getByRole('alert').textContent).toBe(full));
    expect(tus.calls.filter((c) => c.method === 'POST')).toHaveLength(2);
    expect(within(row('a.png')).queryByRole('button', { name: /Sürdür/ })).toBeNull();

    // Not media: 415 on the last PATCH, said on the row.
    tus.state.refuseCreate = null;
    tus.state.refusePatch = { status: 415, body: { message: 'Desteklenmeyen dosya türü', code: 'UNSUPPORTED_MEDIA_TYPE' } };
    drop([aFile('not.txt', 10, 'text/plain'), aFile('c.png', 10)]);
    await waitFor(() => expect(within(row('not.txt')).getByRole('alert').textContent).toBe('Desteklenmeyen dosya türü'));
    await waitFor(() => expect(screen.getAllByTestId('media-card')).toHaveLength(1));
    // Refused for good: nothing is left to list as unfinished after a reload.
    await waitFor(() => expect(Object.keys(localStorage).filter((k) => k.startsWith('tus::'))).toEqual([]));

    // A PATCH with no answer (the network) is tried again from the server's offset.
    tus.state.cut.add('d.png');
    drop([aFile('d.png', 300), aFile('e.png', 10)]);
    await waitFor(() => expect(screen.getAllByTestId('media-card')).toHaveLength(3));
    expect(tus.historyOf('d.png')).toEqual([['POST', undefined, undefined], ['PATCH', 0, 300], ['HEAD', undefined, undefined], ['PATCH', 0, 300]]);
    // 'Kaldır' takes the failed rows away.
    await userEvent.click(screen.getByRole('button', { name: 'Kaldır: a' }));
    expect(screen.queryByText('a.png', { exact: false })).toBeNull();
  });

  it("the form's upload that ends without its media says 'Yüklenemedi', not that the server was unreachable", async () => {
    serve();
    // Every byte taken, but the last answer names no media (no Media-Id).
    apiServer.use(http.patch('/api/uploads/:id', async ({ request }) => {
      const offset = Number(request.headers.get('Upload-Offset')) + (await request.arrayBuffer()).byteLength;
      return new HttpResponse(null, { status: 204, headers: { 'Tus-Resumable': '1.0.0', 'Upload-Offset': String(offset) } });
    }));
    renderPage();
    await screen.findByText('Henüz medya bulunmuyor');
    await userEvent.type(screen.getByLabelText('Medya Adı'), 'Afiş');
    await userEvent.upload(document.getElementById('media-file') as HTMLInputElement, aFile('afis.png', 100));
    await userEvent.click(screen.getByRole('button', { name: 'Yükle' }));
    expect((await screen.findByRole('alertdialog')).textContent).toContain('Yükleme hatası: Yüklenemedi');
    await userEvent.click(screen.getByRole('button', { name: 'Tamam' }));
  });

  it('uploads an earlier visit left unfinished are listed; the same file chosen again goes on from the offset', async () => {
    const { tus } = serve();
    const view = renderPage();
    await screen.findByText('Henüz medya bulunmuyor');
    tus.state.partial['tanitim.mp4'] = 700;
    tus.hold();
    drop([aFile('tanitim.mp4', 2000, 'video/mp4'), aFile('x.png', 10)]);
    await waitFor(() => expect(tus.calls.filter((c) => c.method === 'PATCH')).toHaveLength(2));
    // tus-js-client remembered the upload's address under the file's fingerprint: no token in it.
    const remembered = Object.entries(localStorage).filter(([k]) => k.startsWith('tus::'));
    expect(remembered.length).toBeGreaterThan(0);
    expect(JSON.stringify(remembered)).not.toContain('token-1');

    // The page is closed mid-way: its request cut off, its rows gone, as on a reload.
    await userEvent.click(screen.getByRole('button', { name: 'Duraklat: tanitim' }));
    tus.release();
    await waitFor(() => expect(tus.uploads.get(tus.idOf('tanitim.mp4')!)?.offset).toBe(700));
    view.unmount();
    useUploads.setState({ rows: [], formRowId: null, unfinished: [] });

    renderPage();
    const notice = await screen.findByText('Yarıda kalan yüklemeler');
    expect(notice.closest('.unfinished')?.textContent).toContain('tanitim.mp4 (tanitim, 2 KB)');
    await userEvent.upload(document.getElementById('media-file') as HTMLInputElement, [aFile('tanitim.mp4', 2000, 'video/mp4'), aFile('y.png', 10)]);
    await waitFor(() => expect(screen.getAllByTestId('media-card').length).toBeGreaterThanOrEqual(2));
    expect(screen.queryByText('Yarıda kalan yüklemeler')).toBeNull();
    expect(tus.historyOf('tanitim.mp4')).toEqual([
      ['POST', undefined, undefined], ['PATCH', 0, 2000], ['HEAD', undefined, undefined], ['PATCH', 700, 1300],
    ]);
  });
});
