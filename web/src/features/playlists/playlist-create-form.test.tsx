import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TMedia } from '@pano/contract';
import { QueryClientProvider } from '@tanstack/react-query';
import { http, HttpResponse } from 'msw';
import { createQueryClient } from '../../lib/query-client';
import { DialogHost } from '../../components/ui/dialog-host';
import { apiServer } from '../../testing/api-server';
import { aPlaylist, readyFile } from '../../testing/fixtures';
import { PlaylistCreateForm } from './playlist-create-form';

afterEach(() => {
  cleanup();
});

const media: TMedia = {
  _id: '00000000-0000-4000-8000-0000000000aa', name: 'Afiş', filePath: '/uploads/a.png', mediaType: 'Resim', type: 'image',
  mimeType: 'image/png', size: 10, width: 1, height: 1, duration: null, createdAt: '2025-01-01T00:00:00Z', ...readyFile,
};

/** The fake API creates the playlist; `fetchMock` records each request as fetch's (url, init). */
function setup() {
  const fetchMock = vi.fn<(url: string, init: RequestInit) => void>();
  apiServer.use(http.post('/api/playlists', async ({ request }) => {
    fetchMock(new URL(request.url).pathname, { method: request.method, body: await request.text() });
    return HttpResponse.json(aPlaylist(), { status: 201 });
  }));
  render(<QueryClientProvider client={createQueryClient()}><PlaylistCreateForm media={[media]} /><DialogHost /></QueryClientProvider>);
  return fetchMock;
}

async function expectAlert(text: string) {
  const dialog = await screen.findByRole('alertdialog');
  expect(dialog.textContent).toContain(text);
  await userEvent.click(screen.getByRole('button', { name: 'Tamam' }));
  expect(screen.queryByRole('alertdialog')).toBeNull();
}

describe('PlaylistCreateForm validation', () => {
  it("shows 'Lütfen en az bir medya seçiniz' in a modal closed by 'Tamam', and sends nothing", async () => {
    const fetchMock = setup();
    await userEvent.type(screen.getByLabelText('Playlist Adı'), 'Lobi');
    await userEvent.click(screen.getByRole('button', { name: 'Playlist Oluştur' }));
    await expectAlert('Lütfen en az bir medya seçiniz');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("asks for a name when media is selected but the name is blank", async () => {
    const fetchMock = setup();
    await userEvent.click(screen.getByRole('checkbox', { name: /Afiş/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Playlist Oluştur' }));
    await expectAlert('Lütfen playlist adını giriniz');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('sends the parsed duration (non-numeric → 5, below 1 → 1)', async () => {
    const fetchMock = setup();
    await userEvent.type(screen.getByLabelText('Playlist Adı'), 'Lobi');
    await userEvent.click(screen.getByRole('checkbox', { name: /Afiş/ }));
    const duration = screen.getByLabelText('Afiş için süre (saniye)');
    await userEvent.clear(duration);
    await userEvent.type(duration, '0');
    await userEvent.click(screen.getByRole('button', { name: 'Playlist Oluştur' }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalledOnce());
    const [, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(JSON.parse(String(init.body))).toEqual({ name: 'Lobi', mediaItems: [{ media: media._id, duration: 1 }] });
  });
  it("puts a compact unit 'sn' after each duration box (the long label is hidden on phones)", async () => {
    setup();
    await userEvent.click(screen.getByRole('checkbox', { name: /Afiş/ }));
    const box = screen.getByLabelText('Afiş için süre (saniye)');
    const unit = box.nextElementSibling;
    expect(unit?.textContent).toBe('sn');
    expect(unit?.className).toBe('duration-unit');
  });
});

/** docs/PRODUCT.md#media-processing: a video starts with its own length, rounded up; pictures with 5 s. */
describe('PlaylistCreateForm durations that fit', () => {
  it("fills a video's length in, rounded up and editable, and keeps 5 s for a picture", async () => {
    const clip: TMedia = {
      ...media, _id: '00000000-0000-4000-8000-0000000000bb', name: 'Tanıtım', filePath: '/uploads/v.mp4', mediaType: 'Video', type: 'video',
      mimeType: 'video/mp4', duration: 121.2, durationSeconds: 121.2, posterUrl: '/uploads/p.webp',
    };
    const busy: TMedia = { ...clip, _id: '00000000-0000-4000-8000-0000000000bc', name: 'Dönüşen', status: 'processing', progress: 40 };
    const fetchMock = vi.fn<(body: string) => void>();
    apiServer.use(http.post('/api/playlists', async ({ request }) => {
      fetchMock(await request.text());
      return HttpResponse.json(aPlaylist(), { status: 201 });
    }));
    render(<QueryClientProvider client={createQueryClient()}><PlaylistCreateForm media={[media, clip, busy]} /><DialogHost /></QueryClientProvider>);
    await userEvent.type(screen.getByLabelText('Playlist Adı'), 'Lobi');
    await userEvent.click(screen.getByRole('checkbox', { name: /Tanıtım/ }));
    await userEvent.click(screen.getByRole('checkbox', { name: /Afiş/ }));
    expect(screen.getByLabelText('Tanıtım için süre (saniye)')).toHaveProperty('value', '122');
    expect(screen.getByLabelText('Afiş için süre (saniye)')).toHaveProperty('value', '5');
    // A video still converting cannot be chosen yet.
    expect(screen.getByRole('checkbox', { name: /Dönüşen/ })).toHaveProperty('disabled', true);

    const length = screen.getByLabelText('Tanıtım için süre (saniye)');
    await userEvent.clear(length);
    await userEvent.type(length, '60');
    await userEvent.click(screen.getByRole('button', { name: 'Playlist Oluştur' }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalledOnce());
    expect(JSON.parse(fetchMock.mock.calls[0]![0])).toEqual({
      name: 'Lobi', mediaItems: [{ media: clip._id, duration: 60 }, { media: media._id, duration: 5 }],
    });
  });
});
