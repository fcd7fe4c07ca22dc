import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { http, HttpResponse } from 'msw';
import type { TMedia } from '@pano/contract';
import { createQueryClient } from '../../lib/query-client';
import { mediaKeys } from '../../api/media.api';
import { apiServer } from '../../testing/api-server';
import { aMedia } from '../../testing/fixtures';
import { MediaPage } from './media-page';
import { progressInList } from './media-live';

afterEach(() => {
  cleanup();
});

const video = (over: Partial<TMedia>) => aMedia({
  _id: '00000000-0000-4000-8000-0000000000b1', name: 'Tanıtım', filePath: '/uploads/v.mov', mediaType: 'Video', type: 'video',
  mimeType: 'video/quicktime', ...over,
});

function renderPage(list: TMedia[]) {
  apiServer.use(http.get('/api/media', () => HttpResponse.json(list)));
  const qc = createQueryClient();
  render(<QueryClientProvider client={qc}><MediaPage /></QueryClientProvider>);
  return qc;
}

/** docs/PRODUCT.md#media-processing: the card while a file converts, once it is ready, and when it failed. */
describe('media card processing', () => {
  it("shows 'İşleniyor %42' and moves with media:progress, then the poster once ready", async () => {
    const busy = video({ status: 'processing', progress: 42, posterUrl: '/uploads/p.webp' });
    const qc = renderPage([busy]);
    const card = await screen.findByTestId('media-card');
    expect(within(card).getByRole('status').textContent).toContain('İşleniyor %42');
    expect(within(card).getByRole('progressbar', { name: 'İşleme ilerlemesi' })).toHaveProperty('value', 42);

    // What the socket's event does to the cached list.
    act(() => {
      qc.setQueryData<TMedia[]>(mediaKeys.all, (l) => l && progressInList(l, { mediaId: busy._id, status: 'processing', progress: 77, error: null }));
    });
    await waitFor(() => expect(within(card).getByRole('status').textContent).toContain('İşleniyor %77'));

    act(() => {
      qc.setQueryData<TMedia[]>(mediaKeys.all, [{ ...busy, status: 'ready', progress: 100, filePath: '/uploads/v.mp4', mimeType: 'video/mp4' }]);
    });
    await waitFor(() => expect(within(card).queryByRole('status')).toBeNull());
    const player = card.querySelector('video')!;
    expect(player.getAttribute('poster')).toBe('/uploads/p.webp');
    expect(player.getAttribute('src')).toBe('/uploads/v.mp4');
  });

  it('says why a file failed, and shows no player for it', async () => {
    renderPage([video({ status: 'failed', progress: 0, filePath: '', error: 'Video dönüştürülemedi: dosya bozuk.' })]);
    const card = await screen.findByTestId('media-card');
    expect(within(card).getByRole('alert').textContent).toBe('İşlenemediVideo dönüştürülemedi: dosya bozuk.');
    expect(card.querySelector('video')).toBeNull();
  });

  it('patches only the named item', () => {
    const a = video({ status: 'processing', progress: 1 });
    const b = aMedia();
    const [pa, pb] = progressInList([a, b], { mediaId: a._id, status: 'failed', progress: 0, error: 'Neden' });
    expect(pa).toMatchObject({ status: 'failed', progress: 0, error: 'Neden' });
    expect(pb).toBe(b);
  });
});
