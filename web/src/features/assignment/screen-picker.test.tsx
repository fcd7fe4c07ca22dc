import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router-dom';
import { http, HttpResponse } from 'msw';
import type { TPlaylist, TScreen, TScreenGroup } from '@pano/contract';
import { createQueryClient } from '../../lib/query-client';
import { apiServer, emptyLists } from '../../testing/api-server';
import { AssignmentPage } from './assignment-page';
import { signedInAs } from '../../testing/session';

signedInAs();

afterEach(() => {
  cleanup();
});

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const at = '2025-01-01T00:00:00Z';
const screenRow = (n: number, name: string): TScreen => ({
  _id: id(n), name, status: 'active', currentPlaylist: null, currentDirectionPlaylist: null, lastSeenAt: null,
  timezone: 'Europe/Istanbul', latitude: null, longitude: null, groups: [], createdAt: at,
});
const [lobi, kafe, kasa] = [screenRow(1, 'Lobi TV'), screenRow(2, 'Kafe TV'), screenRow(3, 'Kasa TV')];
const playlist: TPlaylist = { _id: id(10), name: 'Öğle Menüsü', mediaItems: [], createdAt: at, updatedAt: at };
const kat1: TScreenGroup = { _id: id(20), name: 'Kat 1', screens: [{ _id: lobi._id, name: 'Lobi TV' }, { _id: kafe._id, name: 'Kafe TV' }] };
const kafeterya: TScreenGroup = { _id: id(21), name: 'Kafeterya', screens: [{ _id: kafe._id, name: 'Kafe TV' }] };
const empty: TScreenGroup = { _id: id(22), name: 'Boş', screens: [] };

function openPage() {
  const puts: string[] = [];
  apiServer.use(
    http.put('/api/screens/:id', ({ request }) => {
      puts.push(new URL(request.url).pathname);
      return HttpResponse.json(lobi);
    }),
    http.get('/api/screens', () => HttpResponse.json([lobi, kafe, kasa])),
    http.get('/api/playlists', () => HttpResponse.json([playlist])),
    http.get('/api/screen-groups', () => HttpResponse.json([kafeterya, empty, kat1])),
    ...emptyLists('/api/direction-playlists', '/api/layouts'),
  );
  render(<QueryClientProvider client={createQueryClient()}><MemoryRouter><AssignmentPage /></MemoryRouter></QueryClientProvider>);
  return puts;
}

const box = (name: string) => screen.getByRole('checkbox', { name: new RegExp(name) }) as HTMLInputElement;
const ticked = () => ['Lobi TV', 'Kafe TV', 'Kasa TV'].filter((n) => box(n).checked);

describe('/assignment: a whole group as the targets', { timeout: 15_000 }, () => {
  it("ticks a group's screens with one button, and unticks them when all already are", async () => {
    openPage();
    const kat = await screen.findByRole('button', { name: 'Kat 1 (2)' });
    // A group without screens offers nothing to pick.
    expect(screen.queryByRole('button', { name: /^Boş/ })).toBeNull();
    expect(kat.getAttribute('aria-pressed')).toBe('false');
    await userEvent.click(kat);
    expect(ticked()).toEqual(['Lobi TV', 'Kafe TV']);
    expect(kat.getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByRole('button', { name: 'Kafeterya (1)' }).getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByText('2 ekran seçildi')).toBeTruthy();
    // Adding a screen by hand and then the group again keeps the hand-picked one.
    await userEvent.click(box('Kasa TV'));
    await userEvent.click(kat);
    expect(ticked()).toEqual(['Kasa TV']);
    await userEvent.click(screen.getByRole('button', { name: 'Kafeterya (1)' }));
    expect(ticked()).toEqual(['Kafe TV', 'Kasa TV']);
  });

  it("assigns to the group's screens: one PUT each", async () => {
    const puts = openPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Kat 1 (2)' }));
    await userEvent.selectOptions(screen.getByLabelText('Playlist', { exact: true }), 'Öğle Menüsü');
    await userEvent.click(screen.getByRole('button', { name: 'Ata' }));
    await screen.findByText('Atama başarıyla tamamlandı');
    await waitFor(() => expect(puts.sort()).toEqual([`/api/screens/${lobi._id}`, `/api/screens/${kafe._id}`].sort()));
  });
});
