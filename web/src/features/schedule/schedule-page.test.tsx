import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { http, HttpResponse } from 'msw';
import type { JsonBodyType } from 'msw';
import { DialogHost } from '../../components/ui/dialog-host';
import { useDialogStore } from '../../components/ui/dialog-store';
import { apiServer, recorded } from '../../testing/api-server';
import type { RecordedCall } from '../../testing/api-server';
import { SchedulePage } from './schedule-page';
import { groups, id, layouts, playlists, schedule, screens, tickers } from './schedule-test-data';
import { signedInAs } from '../../testing/session';

signedInAs();

afterEach(() => {
  cleanup();
  useDialogStore.setState({ current: null, queue: [] });
});

const lunch = schedule();
const evening = schedule({
  _id: id(42), name: 'Akşam ziyaret saatleri', playlist: { _id: id(3), name: 'Akşam Ziyaret' }, directionPlaylist: { _id: id(11), name: 'Duyurular' },
  screens: [{ _id: id(32), name: 'Giriş' }], groups: [], days: [1, 2, 3, 4, 5, 6, 7], startTime: '18:00', endTime: '18:00',
  startDate: '2026-12-01', endDate: '2026-12-31', exceptDates: ['2026-12-24'], priority: 7, enabled: false,
});

function open(list = [lunch, evening]) {
  const calls: RecordedCall[] = [];
  const lists: Record<string, JsonBodyType> = {
    '/api/schedules': list, '/api/playlists': playlists, '/api/layouts': layouts, '/api/direction-playlists': tickers, '/api/screens': screens, '/api/screen-groups': groups,
  };
  apiServer.use(
    ...Object.entries(lists).map(([path, answer]) => http.get(path, recorded(calls, () => HttpResponse.json(answer)))),
    http.put('/api/schedules/:id', recorded(calls, () => HttpResponse.json(lunch))),
    http.delete('/api/schedules/:id', recorded(calls, () => HttpResponse.json({ message: 'Zamanlama silindi' }))),
  );
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(<QueryClientProvider client={qc}><SchedulePage /><DialogHost /></QueryClientProvider>);
  return calls;
}

const card = async (name: string) => (await screen.findAllByTestId('schedule-card')).find((c) => c.textContent?.includes(name))!;

describe('SchedulePage list', { timeout: 15_000 }, () => {
  it('shows each entry: playlist, ticker, targets, Turkish days, window, dates, priority, state', async () => {
    open();
    const first = await card('Öğle');
    expect(first.textContent).toContain('Öğle Menüsü');
    expect(within(first).getByText('Grup')).toBeTruthy();
    expect(first.textContent).toContain('Kafeterya');
    expect(first.textContent).toContain('Hafta içi · 12:00–13:30');
    expect(within(first).getByRole('button', { name: 'Öğle: durum Etkin, değiştir' }).getAttribute('aria-pressed')).toBe('true');

    const second = await card('Akşam ziyaret saatleri');
    expect(second.textContent).toContain('Reji: Duyurular');
    expect(second.textContent).toContain('Giriş');
    expect(second.textContent).toContain('Her gün · Tüm gün');
    expect(second.textContent).toContain('01.12.2026 – 31.12.2026');
    expect(second.textContent).toContain('1 istisna tarihi');
    expect(within(second).getByText('7')).toBeTruthy();
    expect(within(second).getByRole('button', { name: /durum Kapalı/ }).getAttribute('aria-pressed')).toBe('false');
  });

  it("shows an entry's layout where a playlist would be", async () => {
    open([schedule({ _id: id(45), name: 'Pano', playlist: null, layout: { _id: id(51), name: 'Menü Panosu' } })]);
    expect((await card('Pano')).textContent).toContain('Yerleşim: Menü Panosu');
  });

  it('names odd day sets by their short names', async () => {
    open([schedule({ days: [1, 3, 6] })]);
    expect((await card('Öğle')).textContent).toContain('Pzt, Çar, Cmt · 12:00–13:30');
  });

  it('shows the empty state', async () => {
    open([]);
    expect(await screen.findByText('Henüz zamanlama bulunmuyor')).toBeTruthy();
  });

  it('turns an entry off with a PUT of the whole entry', async () => {
    const calls = open();
    await userEvent.click(within(await card('Öğle')).getByRole('button', { name: /durum Etkin/ }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    expect(calls.find((c) => c.method === 'PUT')).toEqual({
      method: 'PUT', url: `/api/schedules/${lunch._id}`, body: {
        name: 'Öğle', playlist: id(1), directionPlaylist: null, screens: [], groups: [id(21)], days: [1, 2, 3, 4, 5],
        startTime: '12:00', endTime: '13:30', startDate: null, endDate: null, exceptDates: [], priority: 5, enabled: false,
      },
    });
  });

  it('deletes only after the confirmation', async () => {
    const calls = open();
    await userEvent.click(await screen.findByRole('button', { name: 'Sil: Öğle' }));
    let dialog = await screen.findByRole('alertdialog');
    expect(dialog.textContent).toContain('Bu zamanlamayı silmek istediğinizden emin misiniz?');
    await userEvent.click(within(dialog).getByRole('button', { name: 'İptal' }));
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    await userEvent.click(screen.getByRole('button', { name: 'Sil: Öğle' }));
    dialog = await screen.findByRole('alertdialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Sil' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.url)).toEqual([`/api/schedules/${lunch._id}`]));
  });

  it('opens the form filled in for an edit', async () => {
    open();
    await userEvent.click(await screen.findByRole('button', { name: 'Düzenle: Akşam ziyaret saatleri' }));
    const dialog = screen.getByRole('dialog', { name: 'Zamanlamayı Düzenle' });
    expect((within(dialog).getByLabelText('Zamanlama Adı') as HTMLInputElement).value).toBe('Akşam ziyaret saatleri');
    expect((within(dialog).getByLabelText('Playlist veya yerleşim') as HTMLSelectElement).value).toBe(id(3));
  });
});
