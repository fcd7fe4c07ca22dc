import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { http } from 'msw';
import type { TSchedule } from '@pano/contract';
import { apiServer, recorded } from '../../testing/api-server';
import type { RecordedCall } from '../../testing/api-server';
import { ScheduleFormModal } from './schedule-form-modal';
import { groups, id, layouts as someLayouts, playlists, schedule, screens, tickers } from './schedule-test-data';

afterEach(() => {
  cleanup();
});

function open(
  editing: TSchedule | null = null, answer: () => Response = () => Response.json(schedule(), { status: 201 }), layouts: typeof someLayouts = [],
) {
  const calls: RecordedCall[] = [];
  // The modal gets its lists as props: it only writes, a create or an update, each answered by `answer`.
  apiServer.use(
    http.post('/api/schedules', recorded(calls, answer)),
    http.put('/api/schedules/:id', recorded(calls, answer)),
  );
  const onClose = vi.fn();
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={qc}>
      <ScheduleFormModal editing={editing} playlists={playlists} layouts={layouts} tickers={tickers} screens={screens} groups={groups} onClose={onClose} />
    </QueryClientProvider>,
  );
  return { calls, onClose, dialog: screen.getByRole('dialog') };
}

const writes = (calls: RecordedCall[]) => calls.filter((c) => c.method !== 'GET');

// A modal of many fields on a shared machine: room above vitest's 5 s default.
describe('ScheduleFormModal', { timeout: 15_000 }, () => {
  it("checks the fields with the contract's Turkish messages and sends nothing", async () => {
    const { calls, dialog } = open();
    // Weekdays are picked at first; the weekend quick pick and two clicks leave none.
    await userEvent.click(within(dialog).getByRole('button', { name: 'Hafta sonu' }));
    for (const day of ['Cumartesi', 'Pazar']) await userEvent.click(within(dialog).getByLabelText(day));
    fireEvent.change(within(dialog).getByLabelText('Öncelik (1-10)'), { target: { value: '11' } });
    fireEvent.change(within(dialog).getByLabelText('Bitiş tarihi (isteğe bağlı)'), { target: { value: '01.01.2026' } });
    fireEvent.change(within(dialog).getByLabelText('Başlangıç tarihi (isteğe bağlı)'), { target: { value: '01.02.2026' } });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Oluştur' }));
    const messages = within(dialog).getAllByRole('alert').map((el) => el.textContent);
    expect(messages).toEqual([
      'Lütfen zamanlama adını girin',
      'Lütfen bir playlist ya da bir yerleşim seçiniz',
      'Lütfen en az bir ekran veya ekran grubu seçin',
      'Lütfen en az bir gün seçin',
      'Bitiş tarihi başlangıç tarihinden önce olamaz',
      'Öncelik 1 ile 10 arasında olmalıdır',
    ]);
    expect(document.activeElement).toBe(within(dialog).getByLabelText('Zamanlama Adı'));
    expect(writes(calls)).toEqual([]);
  });

  it("times are typed 24-hour as 'SS:DD', not in the browser's own (12-hour English) time picker", async () => {
    const { dialog } = open();
    for (const label of ['Başlangıç saati', 'Bitiş saati']) {
      const input = within(dialog).getByLabelText(label) as HTMLInputElement;
      expect([input.type, input.placeholder, input.inputMode]).toEqual(['text', 'SS:DD', 'numeric']);
    }
    expect((within(dialog).getByLabelText('Başlangıç saati') as HTMLInputElement).value).toBe('09:00');
  });

  it("dates are typed day-first as 'GG.AA.YYYY', not in the browser's own (month-first English) date picker", async () => {
    const { dialog } = open(schedule({ startDate: '2026-11-27', exceptDates: ['2026-12-25'] }));
    for (const label of ['Başlangıç tarihi (isteğe bağlı)', 'Bitiş tarihi (isteğe bağlı)', 'Eklenecek istisna tarihi']) {
      const input = within(dialog).getByLabelText(label) as HTMLInputElement;
      expect([input.type, input.placeholder, input.inputMode]).toEqual(['text', 'GG.AA.YYYY', 'numeric']);
    }
    expect((within(dialog).getByLabelText('Başlangıç tarihi (isteğe bağlı)') as HTMLInputElement).value).toBe('27.11.2026');
    expect(within(dialog).getByRole('button', { name: 'İstisnayı kaldır: 25.12.2026' })).toBeTruthy();
  });

  it("takes days and times typed as digits alone (a phone's numeric keypad has no '.' or ':')", async () => {
    const { calls, dialog } = open();
    fireEvent.change(within(dialog).getByLabelText('Zamanlama Adı'), { target: { value: 'Kahvaltı' } });
    fireEvent.change(within(dialog).getByLabelText('Playlist'), { target: { value: playlists[0]!._id } });
    fireEvent.click(within(dialog).getByLabelText(screens[0]!.name));
    const field = (label: string) => within(dialog).getByLabelText(label) as HTMLInputElement;
    await userEvent.clear(field('Başlangıç saati'));
    await userEvent.type(field('Başlangıç saati'), '0730');
    await userEvent.clear(field('Bitiş saati'));
    await userEvent.type(field('Bitiş saati'), '10:15');
    await userEvent.type(field('Başlangıç tarihi (isteğe bağlı)'), '01122026');
    await userEvent.type(field('Bitiş tarihi (isteğe bağlı)'), '31.12.2026');
    expect([field('Başlangıç saati').value, field('Bitiş saati').value]).toEqual(['07:30', '10:15']);
    expect([field('Başlangıç tarihi (isteğe bağlı)').value, field('Bitiş tarihi (isteğe bağlı)').value]).toEqual(['01.12.2026', '31.12.2026']);
    await userEvent.type(field('Eklenecek istisna tarihi'), '25122026{Enter}');
    expect(within(dialog).getByRole('button', { name: 'İstisnayı kaldır: 25.12.2026' })).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Oluştur' }));
    await waitFor(() => expect(writes(calls)).toHaveLength(1));
    expect(writes(calls)[0]!.body).toMatchObject({ startTime: '07:30', endTime: '10:15', startDate: '2026-12-01', endDate: '2026-12-31', exceptDates: ['2026-12-25'] });
  });

  it('refuses an ISO or impossible day with a Turkish message under the field and sends nothing', async () => {
    const { calls, dialog } = open(schedule());
    fireEvent.change(within(dialog).getByLabelText('Başlangıç tarihi (isteğe bağlı)'), { target: { value: '2026-11-27' } });
    fireEvent.change(within(dialog).getByLabelText('Bitiş tarihi (isteğe bağlı)'), { target: { value: '31.02.2026' } });
    fireEvent.change(within(dialog).getByLabelText('Eklenecek istisna tarihi'), { target: { value: '12/25/2026' } });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Tarih Ekle' }));
    expect(within(dialog).getByText('İstisna tarihi yok.')).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Kaydet' }));
    expect(within(dialog).getAllByRole('alert').map((el) => el.textContent)).toEqual([
      'Tarihi GG.AA.YYYY biçiminde girin',
      'Böyle bir tarih yok',
      'Tarihi GG.AA.YYYY biçiminde girin',
    ]);
    expect(document.activeElement).toBe(within(dialog).getByLabelText('Başlangıç tarihi (isteğe bağlı)'));
    expect(writes(calls)).toEqual([]);
  });

  it('an exception typed but not added that is no date stops the save, under the exceptions, with focus on it', async () => {
    const { calls, dialog } = open(schedule());
    const typed = within(dialog).getByLabelText('Eklenecek istisna tarihi');
    fireEvent.change(typed, { target: { value: '32.01.2026' } });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Kaydet' }));
    expect(within(dialog).getAllByRole('alert').map((el) => el.textContent)).toEqual(['Böyle bir tarih yok']);
    expect(document.activeElement).toBe(typed);
    expect(writes(calls)).toEqual([]);
    await userEvent.type(typed, '{Backspace}');
    expect(within(dialog).queryAllByRole('alert')).toEqual([]);
  });

  it('sends the whole entry: targets, quick-picked days, times, dates, exceptions, priority', async () => {
    const { calls, dialog, onClose } = open();
    fireEvent.change(within(dialog).getByLabelText('Zamanlama Adı'), { target: { value: '  Hafta sonu kahvaltı ' } });
    await userEvent.selectOptions(within(dialog).getByLabelText('Playlist'), 'Öğle Menüsü');
    await userEvent.selectOptions(within(dialog).getByLabelText('Reji playlisti (isteğe bağlı)'), 'Duyurular');
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Giriş' }));
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Kafeterya' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Hafta sonu' }));
    fireEvent.change(within(dialog).getByLabelText('Başlangıç saati'), { target: { value: '22:00' } });
    fireEvent.change(within(dialog).getByLabelText('Bitiş saati'), { target: { value: '02:00' } });
    fireEvent.change(within(dialog).getByLabelText('Başlangıç tarihi (isteğe bağlı)'), { target: { value: '1.12.2026' } });
    for (const date of ['31.12.2026', '24.12.2026']) {
      fireEvent.change(within(dialog).getByLabelText('Eklenecek istisna tarihi'), { target: { value: date } });
      await userEvent.click(within(dialog).getByRole('button', { name: 'Tarih Ekle' }));
    }
    await userEvent.click(within(dialog).getByRole('button', { name: 'İstisnayı kaldır: 31.12.2026' }));
    fireEvent.change(within(dialog).getByLabelText('Öncelik (1-10)'), { target: { value: '8' } });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Oluştur' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(writes(calls)).toEqual([{
      method: 'POST', url: '/api/schedules', body: {
        name: 'Hafta sonu kahvaltı', playlist: id(1), directionPlaylist: id(11), screens: [id(32)], groups: [id(21)], days: [6, 7],
        startTime: '22:00', endTime: '02:00', startDate: '2026-12-01', endDate: null, exceptDates: ['2026-12-24'], priority: 8, enabled: true,
      },
    }]);
  });

  it('edits with PUT of the whole entry, and shows the server error', async () => {
    const entry = schedule({ exceptDates: ['2026-12-25'], directionPlaylist: { _id: id(11), name: 'Duyurular' } });
    const { calls, dialog, onClose } = open(entry, () => Response.json({ message: 'Playlist bulunamadı', code: 'NOT_FOUND' }, { status: 404 }));
    expect((within(dialog).getByLabelText('Zamanlama Adı') as HTMLInputElement).value).toBe('Öğle');
    expect((within(dialog).getByRole('checkbox', { name: 'Kafeterya' }) as HTMLInputElement).checked).toBe(true);
    expect((within(dialog).getByLabelText('Cumartesi') as HTMLInputElement).checked).toBe(false);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Her gün' }));
    await userEvent.click(within(dialog).getByLabelText('Etkin'));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Kaydet' }));
    expect((await within(dialog).findByRole('alert')).querySelector('.banner-text')?.textContent).toBe('Zamanlama kaydedilirken hata oluştu: Playlist bulunamadı');
    expect(onClose).not.toHaveBeenCalled();
    expect(writes(calls)).toEqual([{
      method: 'PUT', url: `/api/schedules/${entry._id}`, body: {
        name: 'Öğle', playlist: id(1), directionPlaylist: id(11), screens: [], groups: [id(21)], days: [1, 2, 3, 4, 5, 6, 7],
        startTime: '12:00', endTime: '13:30', startDate: null, endDate: null, exceptDates: ['2026-12-25'], priority: 5, enabled: false,
      },
    }]);
  });

  it("offers layouts beside playlists ('Yerleşimler'); a layout turns the ticker off and is sent instead of a playlist", async () => {
    const { calls, dialog, onClose } = open(null, undefined, someLayouts);
    const content = within(dialog).getByLabelText('Playlist veya yerleşim') as HTMLSelectElement;
    const groupsOf = [...content.querySelectorAll('optgroup')].map((g) => [g.label, [...g.querySelectorAll('option')].map((o) => o.textContent)]);
    expect(groupsOf).toEqual([['Playlistler', ['Öğle Menüsü', 'Lobi', 'Akşam Ziyaret']], ['Yerleşimler', ['Menü Panosu']]]);
    fireEvent.change(within(dialog).getByLabelText('Zamanlama Adı'), { target: { value: 'Öğle panosu' } });
    await userEvent.selectOptions(within(dialog).getByLabelText('Reji playlisti (isteğe bağlı)'), 'Duyurular');
    await userEvent.selectOptions(content, 'Menü Panosu');
    const ticker = within(dialog).getByLabelText('Reji playlisti (isteğe bağlı)') as HTMLSelectElement;
    expect(ticker.disabled).toBe(true);
    expect(within(dialog).getByText('Yerleşimin bölgeleri kendi rejilerini gösterir.')).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Giriş' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Oluştur' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(writes(calls)).toEqual([{
      method: 'POST', url: '/api/schedules', body: {
        name: 'Öğle panosu', playlist: null, layout: id(51), directionPlaylist: null, screens: [id(32)], groups: [], days: [1, 2, 3, 4, 5],
        startTime: '09:00', endTime: '18:00', startDate: null, endDate: null, exceptDates: [], priority: 5, enabled: true,
      },
    }]);
  });

  it('edits an entry showing a layout with the layout picked, and can switch it back to a playlist', async () => {
    const entry = schedule({ playlist: null, layout: { _id: id(51), name: 'Menü Panosu' } });
    const { calls, dialog, onClose } = open(entry, () => Response.json(schedule()), someLayouts);
    const content = within(dialog).getByLabelText('Playlist veya yerleşim') as HTMLSelectElement;
    expect(content.selectedOptions[0]?.textContent).toBe('Menü Panosu');
    await userEvent.selectOptions(content, 'Lobi');
    expect((within(dialog).getByLabelText('Reji playlisti (isteğe bağlı)') as HTMLSelectElement).disabled).toBe(false);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Kaydet' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(writes(calls)[0]!.body).toMatchObject({ playlist: id(2), directionPlaylist: null });
    expect(writes(calls)[0]!.body).not.toHaveProperty('layout');
  });
});
