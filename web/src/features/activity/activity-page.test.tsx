import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
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

  it("tells a refused person why (a member limited to screen groups)", async () => {
    apiServer.use(http.get('/api/audit', () => HttpResponse.json({ message: 'Etkinlik geçmişini yalnızca tüm ekranlara erişen yöneticiler görebilir', code: 'FORBIDDEN' }, { status: 403 })));
    const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(<QueryClientProvider client={qc}><MemoryRouter initialEntries={['/activity']}><ActivityPage /></MemoryRouter></QueryClientProvider>);
    expect(await screen.findByText('Etkinlik geçmişini yalnızca tüm ekranlara erişen yöneticiler görebilir')).toBeTruthy();
  });
});
