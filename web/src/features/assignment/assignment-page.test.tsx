import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import { http, HttpResponse } from 'msw';
import { createQueryClient } from '../../lib/query-client';
import { DialogHost } from '../../components/ui/dialog-host';
import { apiServer, emptyLists, recorded, type RecordedCall } from '../../testing/api-server';
import type { TLayout } from '@pano/contract';
import { aLayout, aPlaylist, aScreen, fixtureId } from '../../testing/fixtures';
import { AssignmentPage } from './assignment-page';
import { signedInAs } from '../../testing/session';

signedInAs();

afterEach(() => {
  cleanup();
});

const layout = aLayout();

function renderPage(layouts: TLayout[] | 404) {
  const puts: RecordedCall[] = [];
  apiServer.use(
    http.get('/api/playlists', () => HttpResponse.json([aPlaylist()])),
    http.get('/api/screens', () => HttpResponse.json([
      aScreen(), aScreen({ _id: fixtureId(7), name: 'Kafe', currentLayout: { _id: layout._id, name: layout.name } }),
    ])),
    ...emptyLists('/api/direction-playlists', '/api/screen-groups'),
    http.get('/api/layouts', () => (layouts === 404
      ? HttpResponse.json({ message: 'Bulunamadı', code: 'NOT_FOUND' }, { status: 404 })
      : HttpResponse.json(layouts))),
    http.put('/api/screens/:id', recorded(puts, () => HttpResponse.json(aScreen()))),
  );
  render(<QueryClientProvider client={createQueryClient()}><AssignmentPage /><DialogHost /></QueryClientProvider>);
  return puts;
}

describe('AssignmentPage with layouts', () => {
  it('offers layouts beside playlists and assigns one with currentLayout', async () => {
    const puts = renderPage([layout]);
    const select = await screen.findByLabelText('Playlist');
    await screen.findByRole('option', { name: 'Lobi Yerleşimi' });
    expect(screen.getByRole('group', { name: 'Yerleşimler' })).toBeTruthy();
    expect(screen.getByText('Şu an: Lobi Yerleşimi')).toBeTruthy();
    await userEvent.selectOptions(select, 'Lobi Yerleşimi');
    await userEvent.click(screen.getByRole('checkbox', { name: /Giriş/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Ata' }));
    await waitFor(() => expect(puts.map((p) => [p.url, p.body])).toEqual([[`/api/screens/${fixtureId(4)}`, { currentLayout: layout._id }]]));
  });

  it('is the plain playlist select when there are no layouts, or no layouts endpoint', async () => {
    renderPage(404);
    await screen.findByRole('option', { name: 'Lobi' });
    expect(screen.queryByRole('group', { name: 'Yerleşimler' })).toBeNull();
  });
});
