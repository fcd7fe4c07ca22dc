import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router-dom';
import { http, HttpResponse } from 'msw';
import type { ReactElement } from 'react';
import type { TAccountRole } from '@pano/contract';
import { AssignmentPage } from '../features/assignment/assignment-page';
import { MediaPage } from '../features/media/media-page';
import { PlaylistsPage } from '../features/playlists/playlists-page';
import { createQueryClient } from '../lib/query-client';
import { useSession } from '../stores/session-store';
import { apiServer, emptyLists } from '../testing/api-server';
import { aMedia, aPlaylist, aScreen, aUser, fixtureId } from '../testing/fixtures';

/* docs/architecture/accounts.md#roles: the dashboard hides what a member's role cannot do. */

afterEach(() => {
  cleanup();
  useSession.setState({ status: 'anonymous', user: null });
});

function renderAs(role: TAccountRole, page: ReactElement) {
  useSession.setState({ status: 'authenticated', user: aUser({ account: { _id: fixtureId(99), name: 'Ayşe', role } }) });
  apiServer.use(
    http.get('/api/media', () => HttpResponse.json([aMedia({ name: 'Logo' })])),
    http.get('/api/playlists', () => HttpResponse.json([aPlaylist({ name: 'Lobi' })])),
    http.get('/api/screens', () => HttpResponse.json([aScreen()])),
    ...emptyLists('/api/direction-playlists', '/api/screen-groups', '/api/layouts'),
  );
  render(<QueryClientProvider client={createQueryClient()}><MemoryRouter>{page}</MemoryRouter></QueryClientProvider>);
}

describe('what each role is offered', () => {
  it('a viewer sees the media and playlists, with nothing to add, change or delete', async () => {
    renderAs('viewer', <MediaPage />);
    await screen.findByText('Logo');
    expect(screen.queryByRole('button', { name: 'Uygulama Ekle' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Sil/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /Yükle/ })).toBeNull();
    cleanup();
    renderAs('viewer', <PlaylistsPage />);
    await screen.findByText('Lobi');
    expect(screen.queryByRole('button', { name: /Düzenle|Sil|Oluştur/ })).toBeNull();
  });

  it("an editor edits playlists but finds no 'Ata' button; a publisher does", async () => {
    renderAs('editor', <PlaylistsPage />);
    await screen.findByText('Lobi');
    expect(screen.getByRole('button', { name: 'Düzenle: Lobi' })).toBeTruthy();
    cleanup();
    renderAs('editor', <AssignmentPage />);
    await screen.findByText("Atama yapmak için 'Yayıncı' yetkisi gerekir.");
    expect(screen.queryByRole('button', { name: 'Ata' })).toBeNull();
    cleanup();
    renderAs('publisher', <AssignmentPage />);
    expect(await screen.findByRole('button', { name: 'Ata' })).toBeTruthy();
  });
});
