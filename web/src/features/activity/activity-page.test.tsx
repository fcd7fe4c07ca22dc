import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { http, HttpResponse } from 'msw';
import type { TAuditEvent, TAuditPage } from '@pano/contract';
import { apiServer, recorded, type RecordedCall } from '../../testing/api-server';
import { fixtureId } from '../../testing/fixtures';
import { signedInAs } from '../../testing/session';
import { ActivityPage } from './activity-page';

afterEach(cleanup);
signedInAs('admin');

const event = (over: Partial<TAuditEvent> = {}): TAuditEvent => ({
  _id: fixtureId(1), at: '2026-11-28T09:30:00.000Z',
  actor: { type: 'user', id: fixtureId(7), name: 'Ayşe Yılmaz' },
  action: 'playlist.update', target: { type: 'playlist', id: fixtureId(8), name: 'Sabah' },
  changes: { name: ['Sabah', 'Öğle'], items: [['Afiş (10 sn)'], ['Afiş (7 sn)']] },
  ip: '10.0.0.1', userAgent: 'Firefox', requestId: 'r1', ...over,
});

let where = '';
function Location() {
  where = useLocation().search;
  return null;
}

function open(path = '/activity', answer: (url: URL) => TAuditPage = () => ({ events: [event()], page: 1, pageSize: 50, total: 1 })) {
  const calls: RecordedCall[] = [];
  apiServer.use(http.get('/api/audit', recorded(calls, ({ request }) => HttpResponse.json(answer(new URL(request.url))))));
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={qc}>
      <MemoryRouter initialEntries={[path]}>
        <Routes><Route path="/activity" element={<><ActivityPage /><Location /></>} /></Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return calls;
}

describe('ActivityPage', { timeout: 15_000 }, () => {
  it('shows who changed what and when, with each field before and after', async () => {
    open();
    const [row] = await screen.findAllByTestId('activity-row');
    expect(row!.textContent).toContain('Ayşe Yılmaz');
    expect(row!.textContent).toContain('Playlisti düzenledi');
    expect(row!.textContent).toContain('Sabah');
    expect(row!.textContent).toContain('Öğeler');
    expect(row!.textContent).toContain('Öğle');
    expect(screen.getByText('Sayfa 1 / 1 (1 kayıt)')).toBeTruthy();
  });

  it('keeps the filters in the address and asks the server with them', async () => {
    const calls = open('/activity?from=2026-11-01&action=screen.');
    await screen.findAllByTestId('activity-row');
    expect(new URL(calls[0]!.url, 'http://pano.test').search).toBe('?from=2026-11-01&action=screen.');
    expect((screen.getByLabelText('Başlangıç') as HTMLInputElement).value).toBe('01.11.2026');

    await userEvent.selectOptions(screen.getByLabelText('Ne değişti'), 'Playlist');
    await waitFor(() => expect(where).toBe('?from=2026-11-01&action=playlist.'));
    await waitFor(() => expect(new URL(calls.at(-1)!.url, 'http://pano.test').searchParams.get('action')).toBe('playlist.'));

    // A person's name filters by them; the filter shows and can be removed.
    await userEvent.click(screen.getByRole('button', { name: 'Ayşe Yılmaz' }));
    await waitFor(() => expect(new URLSearchParams(where).get('actor')).toBe(fixtureId(7)));
    await userEvent.click(screen.getByRole('button', { name: 'Kişi süzgecini kaldır' }));
    await waitFor(() => expect(new URLSearchParams(where).get('actor')).toBeNull());
  });

  it('pages through 50 at a time', async () => {
    const calls = open('/activity', (url) => ({ events: [event()], page: Number(url.searchParams.get('page') ?? 1), pageSize: 50, total: 120 }));
    await screen.findByText('Sayfa 1 / 3 (120 kayıt)');
    await userEvent.click(screen.getByRole('button', { name: 'Sonraki' }));
    await screen.findByText('Sayfa 2 / 3 (120 kayıt)');
    expect(new URL(calls.at(-1)!.url, 'http://pano.test').searchParams.get('page')).toBe('2');
  });

  it("names every action the server writes: the team's two-factor rule reads 'Hayır → Evet'", async () => {
    open('/activity', () => ({
      events: [
        event({ _id: fixtureId(2), action: 'account.settings', target: { type: 'account', id: fixtureId(9), name: 'Ayşe Ajans' }, changes: { twoFactorRequired: [false, true] } }),
        event({ _id: fixtureId(3), action: 'account.delete', target: { type: 'account', id: fixtureId(9), name: 'Ayşe Ajans' }, changes: {} }),
      ],
      page: 1, pageSize: 50, total: 2,
    }));
    const [settings, deleted] = await screen.findAllByTestId('activity-row');
    expect(within(settings!).getByText('Hesap ayarlarını değiştirdi')).toBeTruthy();
    expect(within(settings!).getByText('İki adımlı doğrulama zorunlu')).toBeTruthy();
    expect(within(settings!).getByRole('deletion').textContent).toBe('Hayır');
    expect(within(settings!).getByRole('insertion').textContent).toBe('Evet');
    expect(within(deleted!).getByText('Hesabı sildi')).toBeTruthy();
  });

  it("the person filter's chip shows the name, kept in the address, and never the id; the server is asked the id alone", async () => {
    const calls = open(`/activity?actor=${fixtureId(7)}&who=Ay%C5%9Fe+Y%C4%B1lmaz`, () => ({ events: [], page: 1, pageSize: 50, total: 0 }));
    expect(await screen.findByRole('button', { name: 'Kişi süzgecini kaldır' })).toHaveProperty('textContent', 'Kişi: Ayşe Yılmaz ✕');
    await screen.findByText('Bu süzgeçlere uyan kayıt yok');
    expect([...new URL(calls[0]!.url, 'http://pano.test').searchParams.keys()]).toEqual(['actor']);
    cleanup();
    open(`/activity?actor=${fixtureId(7)}`, () => ({ events: [], page: 1, pageSize: 50, total: 0 }));
    await screen.findByText('Bu süzgeçlere uyan kayıt yok');
    const chip = screen.getByRole('button', { name: 'Kişi süzgecini kaldır' });
    expect(chip.textContent).toBe('Kişi: seçilen kişi ✕');
    expect(chip.textContent).not.toContain(fixtureId(7));
  });

  it("pages keep the filters, and 'CSV İndir' asks every page of them", async () => {
    const calls = open('/activity?action=screen.', (url) => ({ events: [event()], page: Number(url.searchParams.get('page') ?? 1), pageSize: 50, total: 120 }));
    await screen.findByText('Sayfa 1 / 3 (120 kayıt)');
    await userEvent.click(screen.getByRole('button', { name: 'Sonraki' }));
    await screen.findByText('Sayfa 2 / 3 (120 kayıt)');
    expect(where).toBe('?action=screen.&page=2');
    apiServer.use(http.get('/api/audit', recorded(calls, () => new HttpResponse('a,b\n', { headers: { 'Content-Type': 'text/csv' } }))));
    await userEvent.click(screen.getByRole('button', { name: 'CSV İndir' }));
    await waitFor(() => expect(new URL(calls.at(-1)!.url, 'http://pano.test').search).toBe('?action=screen.&format=csv'));
  });

  it("tells a refused person why (a member limited to screen groups)", async () => {
    apiServer.use(http.get('/api/audit', () => HttpResponse.json({ message: 'Etkinlik geçmişini yalnızca tüm ekranlara erişen yöneticiler görebilir', code: 'FORBIDDEN' }, { status: 403 })));
    const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(<QueryClientProvider client={qc}><MemoryRouter initialEntries={['/activity']}><ActivityPage /></MemoryRouter></QueryClientProvider>);
    expect(await screen.findByText('Etkinlik geçmişini yalnızca tüm ekranlara erişen yöneticiler görebilir')).toBeTruthy();
  });
});
