import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import { http, HttpResponse } from 'msw';
import type { TMedia, TPlaylist } from '@pano/contract';
import { createQueryClient } from '../../lib/query-client';
import { usePlaylists } from '../../api/playlists.api';
import { DialogHost } from '../../components/ui/dialog-host';
import { useDialogStore } from '../../components/ui/dialog-store';
import { apiServer } from '../../testing/api-server';
import { tusApi } from '../../testing/tus-api';
import { cancelUpload, useUploads } from './uploads/upload-store';
import { MediaPage } from './media-page';
import { readyFile } from '../../testing/fixtures';
import { signedInAs } from '../../testing/session';

signedInAs();

const at = '2025-01-01T00:00:00Z';
const logo: TMedia = {
  _id: '00000000-0000-4000-8000-000000000001', name: 'Logo', filePath: '/uploads/logo.png', mediaType: 'Resim', type: 'image',
  mimeType: 'image/png', size: 10, width: 1, height: 1, duration: null, createdAt: at, ...readyFile,
};

/**
 * A tiny server: its media and one playlist; a media delete takes the media out of the playlist,
 * as ours does. Uploads go through the fake API's tus endpoint (testing/tus-api.ts).
 */
function fakeServer() {
  const state = { media: [logo], playlist: { _id: '00000000-0000-4000-8000-0000000000f1', name: 'Lobi', mediaItems: [{ media: logo, duration: 5 }], createdAt: at, updatedAt: at } as TPlaylist };
  apiServer.use(
    http.get('/api/media', () => HttpResponse.json(state.media)),
    http.get('/api/playlists', () => HttpResponse.json([state.playlist])),
    http.get('/api/media/:id/usage', () => HttpResponse.json({ playlists: [], screens: [] })),
    http.delete('/api/media/:id', ({ params }) => {
      state.media = state.media.filter((m) => m._id !== params.id);
      state.playlist = { ...state.playlist, mediaItems: state.playlist.mediaItems.filter((i) => i.media._id !== params.id) };
      return HttpResponse.json({ message: 'silindi' });
    }),
  );
  return state;
}

/** Another page's view of the playlists, sharing the app's one query cache (the playlists page, say). */
function PlaylistItems() {
  const playlists = usePlaylists();
  return <p data-testid="playlist-items">{(playlists.data ?? []).map((p) => `${p.name}: ${p.mediaItems.length}`).join(', ')}</p>;
}

function renderPage() {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <MediaPage />
      <PlaylistItems />
      <DialogHost />
    </QueryClientProvider>,
  );
}

afterEach(async () => {
  for (const r of useUploads.getState().rows) await cancelUpload(r.id);
  cleanup();
  useDialogStore.setState({ current: null, queue: [] });
});

describe('MediaPage writes', () => {
  it('after a delete, the media list and every playlist that held the media are fetched again', async () => {
    fakeServer();
    renderPage();
    await waitFor(() => expect(screen.getByTestId('playlist-items').textContent).toBe('Lobi: 1'));
    await userEvent.click(await screen.findByRole('button', { name: 'Sil: Logo' }));
    await userEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Sil' }));
    await waitFor(() => expect(screen.queryByTestId('media-card')).toBeNull());
    await waitFor(() => expect(screen.getByTestId('playlist-items').textContent).toBe('Lobi: 0'));
  });

  it('an upload (sent with tus) shows its progress, then the new media is in the list and the form is empty again', async () => {
    const server = fakeServer();
    const tus = tusApi(server.media);
    renderPage();
    await screen.findByTestId('media-card');
    await userEvent.type(screen.getByLabelText('Medya Adı'), 'Afiş');
    await userEvent.upload(document.getElementById('media-file') as HTMLInputElement, new File([new Uint8Array(100)], 'afis.png', { type: 'image/png' }));
    // The server takes 40 of the 100 bytes, then the rest waits.
    tus.state.partial['afis.png'] = 40;
    tus.hold(40);
    await userEvent.click(screen.getByRole('button', { name: 'Yükle' }));
    expect(screen.getByRole('button', { name: /Yükleniyor\.\.\./ })).toBeTruthy();
    await waitFor(() => expect(tus.historyOf('afis.png').map(([m, offset]) => `${m} ${offset}`)).toEqual(['POST undefined', 'PATCH 0', 'PATCH 40']));
    // All sent from the browser's side: the server is storing it.
    await waitFor(() => expect(screen.getByRole('progressbar', { name: 'Yükleme ilerlemesi' }).getAttribute('aria-valuenow')).toBe('100'));
    expect(screen.getByText('Tamamlanıyor…')).toBeTruthy();
    expect(tus.calls.find((c) => c.method === 'POST')?.name).toBe('Afiş');
    tus.release();
    await waitFor(() => expect(screen.getAllByTestId('media-card')).toHaveLength(2));
    await waitFor(() => expect(screen.queryByRole('progressbar')).toBeNull());
    expect((screen.getByLabelText('Medya Adı') as HTMLInputElement).value).toBe('');
  });

  it("a refused upload alerts 'Yükleme hatası: ' with the server's reason; a proxy's bare 502 is tried again", async () => {
    const server = fakeServer();
    const tus = tusApi(server.media);
    renderPage();
    await screen.findByTestId('media-card');
    const upload = async () => {
      await userEvent.type(screen.getByLabelText('Medya Adı'), 'Afiş');
      await userEvent.upload(document.getElementById('media-file') as HTMLInputElement, new File(['x'], 'afis.png', { type: 'image/png' }));
      await userEvent.click(screen.getByRole('button', { name: 'Yükle' }));
    };
    tus.state.refuseCreate = { status: 413, body: { message: 'Depolama limitinize ulaştınız', code: 'FILE_TOO_LARGE' } };
    await upload();
    expect((await screen.findByRole('alertdialog')).textContent).toContain('Yükleme hatası: Depolama limitinize ulaştınız');
    await userEvent.click(screen.getByRole('button', { name: 'Tamam' }));
    // The form keeps what was chosen, to try again.
    expect((screen.getByLabelText('Medya Adı') as HTMLInputElement).value).toBe('Afiş');
    await userEvent.clear(screen.getByLabelText('Medya Adı'));
    tus.state.refuseCreate = null;
    let bad = true;
    apiServer.use(http.patch('/api/uploads/:id', () => {
      if (!bad) return undefined;
      bad = false;
      return new HttpResponse('<html>Bad Gateway</html>', { status: 502 });
    }));
    await upload();
    await waitFor(() => expect(screen.getAllByTestId('media-card')).toHaveLength(2));
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });
});
