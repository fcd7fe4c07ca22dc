import { afterEach, describe, expect, it } from 'vitest';
import type { ReactElement } from 'react';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router-dom';
import { http, HttpResponse } from 'msw';
import type { JsonBodyType } from 'msw';
import type { TTickerPlaylist } from '@pano/contract';
import { DialogHost } from '../components/ui/dialog-host';
import { useDialogStore } from '../components/ui/dialog-store';
import { AdminPackagesPage } from '../features/admin-packages/admin-packages-page';
import { TickersPage } from '../features/tickers/tickers-page';
import { MediaPage } from '../features/media/media-page';
import { PlaylistsPage } from '../features/playlists/playlists-page';
import { ScreensPage } from '../features/screens/screens-page';
import { SCREENS_PAGE_LISTS, apiServer, emptyLists } from '../testing/api-server';
import { aMedia, aPackage, aPlaylist, aScreen } from '../testing/fixtures';
import { signedInAs } from '../testing/session';

signedInAs();

afterEach(() => {
  cleanup();
  useDialogStore.setState({ current: null, queue: [] }); // a dialog left open by a test
});

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const at = '2025-01-01T00:00:00Z';
const ref = (n: number, name: string) => ({ _id: id(n), name });

const media = aMedia({ _id: id(1), name: 'Logo' });
const playlist = aPlaylist({ _id: id(2), name: 'Lobi', mediaItems: [{ media, duration: 5 }] });
const ticker: TTickerPlaylist = { _id: id(3), name: 'Duyurular', speed: 3, directions: [{ text: 'Merhaba' }], createdAt: at, updatedAt: at };
const screenRow = aScreen({ _id: id(4), name: 'Giriş' });
const pkg = aPackage({ _id: id(5), name: 'Pro' });

const lists: Record<string, JsonBodyType> = {
  '/api/media': [media],
  '/api/playlists': [playlist],
  '/api/direction-playlists': [ticker],
  '/api/screens': [screenRow],
  '/api/packages/admin': [pkg],
};

/** The page against a fake API: lists as above (others empty), `usage` for the one usage call, deletes recorded. */
function open(page: ReactElement, usage: () => Response) {
  const deletes: string[] = [];
  apiServer.use(
    http.delete('/api/*', ({ request }) => {
      deletes.push(new URL(request.url).pathname);
      return HttpResponse.json({ message: 'silindi' });
    }),
    http.get('/api/*/usage', () => usage()),
    ...Object.entries(lists).map(([path, list]) => http.get(path, () => HttpResponse.json(list))),
    ...emptyLists(...SCREENS_PAGE_LISTS),
  );
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(<MemoryRouter><QueryClientProvider client={qc}>{page}<DialogHost /></QueryClientProvider></MemoryRouter>);
  return deletes;
}

async function askToDelete(name: string) {
  await userEvent.click(await screen.findByRole('button', { name: `Sil: ${name}` }));
  return screen.findByRole('alertdialog');
}

describe('delete confirmations name what the delete would affect', () => {
  it.each<[string, () => ReactElement, string, unknown, string, string]>([
    ['media', () => <MediaPage />, 'Logo', { playlists: [ref(11, 'Lobi'), ref(12, 'Kafeterya')], screens: [ref(13, 'Giriş')] },
      'Bu medya 2 playlistte kullanılıyor: Lobi, Kafeterya. Şu anda 1 ekranda gösteriliyor: Giriş. Silinirse bu playlistlerden çıkarılır.',
      'Bu medyayı silmek istediğinizden emin misiniz?'],
    ['a playlist', () => <PlaylistsPage />, 'Lobi', { screens: [ref(13, 'Giriş'), ref(14, 'Kasa')], schedules: [ref(15, 'Öğle')] },
      'Bu playlist 2 ekrana atanmış: Giriş, Kasa. Silinirse bu ekranlarda gösterilecek içerik kalmaz. '
        + 'Bu playlist 1 zamanlamada kullanılıyor: Öğle. Silinirse bu zamanlamalar da silinir.',
      'Bu playlisti silmek istediğinizden emin misiniz?'],
    ['a ticker playlist', () => <TickersPage />, 'Duyurular', { screens: [ref(14, 'Kasa')], schedules: [] },
      'Bu reji playlisti 1 ekrana atanmış: Kasa. Silinirse bu ekranlarda kayan yazı gösterilmez.',
      'Bu reji playlistini silmek istediğinizden emin misiniz?'],
    ['a screen', () => <ScreensPage />, 'Giriş', { devices: 2, groups: [ref(16, 'Kat 1')], schedules: [] },
      'Bu ekrana eşleştirilmiş 2 cihaz var. Silinirse bu cihazlar ekran seçimine döner. '
        + 'Bu ekran 1 ekran grubunda: Kat 1. Silinirse bu gruplardan çıkarılır.',
      'Bu ekranı silmek istediğinizden emin misiniz?'],
    ['a package (the spec question stays)', () => <AdminPackagesPage />, 'Pro', { customers: 1204, activeCustomers: 3 },
      'Bu paketi 1.204 müşteri satın aldı. 3 müşterinin paketi hâlâ sürüyor; süren paketler bitiş tarihlerine kadar çalışmaya devam eder. Satış kayıtları korunur.',
      'Bu paketi silmek istediğinizden emin misiniz?'],
  ])('%s', async (_what, page, name, usage, detail, question) => {
    const deletes = open(page(), () => Response.json(usage));
    const dialog = await askToDelete(name);
    expect(within(dialog).getByTestId('dialog-detail').textContent).toBe(detail);
    expect(within(dialog).getByText(question)).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Sil' }));
    await waitFor(() => expect(deletes).toHaveLength(1));
  });

  it('asks only the plain question when nothing uses the item', async () => {
    open(<MediaPage />, () => Response.json({ playlists: [], screens: [] }));
    const dialog = await askToDelete('Logo');
    expect(within(dialog).queryByTestId('dialog-detail')).toBeNull();
    expect(dialog.textContent).toContain('Bu medyayı silmek istediğinizden emin misiniz?');
  });

  it('still asks (plain question) when the usage cannot be read, and deletes nothing on İptal', async () => {
    const deletes = open(<PlaylistsPage />, () => Response.json({ message: 'Sunucu hatası' }, { status: 500 }));
    const dialog = await askToDelete('Lobi');
    expect(within(dialog).queryByTestId('dialog-detail')).toBeNull();
    expect(dialog.textContent).toContain('Bu playlisti silmek istediğinizden emin misiniz?');
    await userEvent.click(within(dialog).getByRole('button', { name: 'İptal' }));
    expect(deletes).toEqual([]);
  });
});
