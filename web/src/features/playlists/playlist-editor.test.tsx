import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TMedia, TPlaylist } from '@pano/contract';
import { QueryClientProvider } from '@tanstack/react-query';
import { http, HttpResponse } from 'msw';
import { createQueryClient } from '../../lib/query-client';
import { DialogHost } from '../../components/ui/dialog-host';
import { apiServer, fetchCallOf } from '../../testing/api-server';
import { PlaylistEditor } from './playlist-editor';
import { readyFile } from '../../testing/fixtures';

afterEach(() => {
  cleanup();
});

const media = (n: number): TMedia => ({
  _id: `00000000-0000-4000-8000-00000000000${n}`, name: `M${n}`, filePath: `/uploads/${n}.png`, mediaType: 'Resim', type: 'image',
  mimeType: 'image/png', size: 1, width: 1, height: 1, duration: null, createdAt: '2025-01-01T00:00:00Z', ...readyFile,
});
const playlist: TPlaylist = {
  _id: '00000000-0000-4000-8000-0000000000ff', name: 'Lobi', createdAt: '', updatedAt: '',
  mediaItems: [{ media: media(1), duration: 5 }, { media: media(2), duration: 7 }],
};

function setup(status = 200) {
  // The saved playlist (ZPlaylist) on success, the server's error body otherwise; each request
  // recorded as fetch's (url, init).
  const fetchMock = vi.fn<(url: string, init: RequestInit) => void>();
  apiServer.use(http.put('/api/playlists/:id', async ({ request }) => {
    fetchMock(...await fetchCallOf(request));
    return status < 300 ? HttpResponse.json(playlist, { status }) : HttpResponse.json({ message: 'x' }, { status });
  }));
  const onDone = vi.fn();
  render(<QueryClientProvider client={createQueryClient()}><PlaylistEditor playlist={playlist} media={[media(1), media(2)]} onDone={onDone} /><DialogHost /></QueryClientProvider>);
  return { fetchMock, onDone };
}

describe('PlaylistEditor', () => {
  it('saves the edited durations with the media ids (PUT)', async () => {
    const { fetchMock, onDone } = setup();
    const d2 = screen.getByLabelText('M2 için süre (saniye)');
    await userEvent.clear(d2);
    await userEvent.type(d2, '12');
    await userEvent.click(screen.getByRole('button', { name: 'Kaydet' }));
    await waitFor(() => expect(onDone).toHaveBeenCalledWith(true));
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe(`/api/playlists/${playlist._id}`);
    const body = JSON.parse(String(init.body)) as { mediaItems: { media: string; duration: number }[] };
    expect(body).toEqual({ mediaItems: [{ media: media(1)._id, duration: 5 }, { media: media(2)._id, duration: 12 }] });
  });

  it("alerts 'Playlist güncellenirken hata oluştu' when saving fails and stays in edit mode", async () => {
    const { onDone } = setup(500);
    await userEvent.click(screen.getByRole('button', { name: 'Kaydet' }));
    expect((await screen.findByRole('alertdialog')).textContent).toContain('Playlist güncellenirken hata oluştu');
    expect(onDone).not.toHaveBeenCalled();
  });

  it('saves once when Kaydet is pressed twice in one task', async () => {
    const { fetchMock, onDone } = setup();
    const save = screen.getByRole('button', { name: 'Kaydet' });
    act(() => {
      save.click();
      save.click();
    });
    await waitFor(() => expect(onDone).toHaveBeenCalledWith(true));
    const puts = (fetchMock.mock.calls as unknown as [string, RequestInit][]).filter(([, init]) => init.method === 'PUT');
    expect(puts).toHaveLength(1);
  });

  it('cancel leaves without saving', async () => {
    const { fetchMock, onDone } = setup();
    await userEvent.click(screen.getByRole('button', { name: 'İptal' }));
    expect(onDone).toHaveBeenCalledWith(false);
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

/** docs/PRODUCT.md#media-processing: a video added in the editor starts with its length; one still processing is not offered. */
describe('PlaylistEditor durations that fit', () => {
  it("adds a video with its length rounded up and a picture with 5 s, and offers no media still processing", async () => {
    const clip: TMedia = { ...media(3), name: 'Klip', filePath: '/uploads/3.mp4', mediaType: 'Video', type: 'video', mimeType: 'video/mp4', duration: 9.04, durationSeconds: 9.04 };
    const busy: TMedia = { ...clip, _id: '00000000-0000-4000-8000-000000000004', name: 'Dönüşen', status: 'processing', progress: 10 };
    render(<QueryClientProvider client={createQueryClient()}>
      <PlaylistEditor playlist={playlist} media={[media(1), media(2), clip, busy]} onDone={vi.fn()} /><DialogHost />
    </QueryClientProvider>);
    const add = screen.getByLabelText('Medya Ekle');
    expect(screen.queryByRole('option', { name: 'Dönüşen' })).toBeNull();
    await userEvent.selectOptions(add, clip._id);
    expect(screen.getByLabelText('Klip için süre (saniye)')).toHaveProperty('value', '10');
    await userEvent.selectOptions(add, media(1)._id);
    expect(screen.getAllByLabelText('M1 için süre (saniye)').map((box) => (box as HTMLInputElement).value)).toEqual(['5', '5']);
  });
});
