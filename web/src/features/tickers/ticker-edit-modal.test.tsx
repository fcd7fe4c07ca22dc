import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { http, HttpResponse } from 'msw';
import type { TTickerPlaylist } from '@pano/contract';
import { apiServer } from '../../testing/api-server';
import { TickerEditModal } from './ticker-edit-modal';

afterEach(() => {
  cleanup();
});

const at = '2026-11-01T00:00:00.000Z';
const playlist: TTickerPlaylist = {
  _id: '00000000-0000-4000-8000-000000000011', name: 'Duyurular', speed: 2, directions: [{ text: 'Hoş geldiniz' }], createdAt: at, updatedAt: at,
};

/** The modal over a fake of the server (the outside world): every PUT is recorded and answered later, when `answer` is called. */
function open() {
  const puts: unknown[] = [];
  let answer = () => {};
  apiServer.use(
    http.put('/api/direction-playlists/:id', async ({ request }) => {
      puts.push(await request.json());
      return new Promise<Response>((resolve) => {
        answer = () => resolve(HttpResponse.json({ ...playlist, ...(puts.at(-1) as object) }));
      });
    }),
  );
  const onClose = vi.fn();
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(<QueryClientProvider client={qc}><TickerEditModal playlist={playlist} onClose={onClose} /></QueryClientProvider>);
  return { puts, onClose, answer: () => answer(), dialog: screen.getByRole('dialog', { name: 'Reji Playlistini Düzenle' }) };
}

describe('TickerEditModal', { timeout: 15_000 }, () => {
  it('saves once when Kaydet is pressed twice before the first save is under way', async () => {
    const { puts, onClose, answer, dialog } = open();
    const save = within(dialog).getByRole('button', { name: 'Kaydet' });
    act(() => {
      save.click();
      save.click();
    });
    await waitFor(() => expect(puts).toHaveLength(1));
    act(() => save.click());
    answer();
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(puts).toEqual([{ name: 'Duyurular', speed: 2, directions: [{ text: 'Hoş geldiniz' }] }]);
  });

});
