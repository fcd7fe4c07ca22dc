import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { http, HttpResponse } from 'msw';
import type { TAccountRole, TApproval, TNotificationList } from '@pano/contract';
import { useSession } from '../../stores/session-store';
import { useDialogStore } from '../../components/ui/dialog-store';
import { apiServer, recorded, type RecordedCall } from '../../testing/api-server';
import { aUser, fixtureId } from '../../testing/fixtures';
import { receiveApprovalsChanged, receiveNotificationsChanged, savedOrPending } from '../../api/approvals.api';
import SidebarApprovals from '../../components/layout/sidebar-approvals';
import type { NavNotes } from '../../components/layout/sidebar-nav';
import { trApprovals } from '../../i18n/tr-approvals';
import { ApprovalsPage } from './approvals-page';
import { NotificationsPage } from './notifications-page';
import { SidebarNav } from '../../components/layout/sidebar-nav';
import { MemoryRouter } from 'react-router-dom';

afterEach(() => {
  cleanup();
  useSession.setState({ status: 'anonymous', user: null });
  useDialogStore.setState({ current: null, queue: [] });
});

const ACCOUNT = fixtureId(99);
const request = (over: Partial<TApproval> = {}): TApproval => ({
  _id: fixtureId(1), status: 'pending', action: 'playlist.update',
  target: { type: 'playlist', id: fixtureId(2), name: 'Lobi' },
  requester: { id: fixtureId(3), name: 'Mehmet Kaya' },
  before: { name: 'Lobi', items: ['Afiş (5 sn)'] },
  after: { name: 'Lobi', items: ['Menü (9 sn)', 'Afiş (5 sn)'] },
  reason: null, decidedBy: null, decidedAt: null, createdAt: '2026-11-28T09:00:00.000Z',
  ...over,
});

function renderPage(page: React.ReactNode, role: TAccountRole = 'publisher') {
  useSession.setState({ status: 'authenticated', user: aUser({ account: { _id: ACCOUNT, name: 'Ajans', role, limited: false } }) });
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(<QueryClientProvider client={qc}>{page}</QueryClientProvider>);
}

function serveApprovals(calls: RecordedCall[], list: () => TApproval[]) {
  apiServer.use(
    http.get('/api/approvals', recorded(calls, () => HttpResponse.json({ approvals: list(), pending: list().length }))),
    http.post('/api/approvals/:id/approve', recorded(calls, () => HttpResponse.json(request({ status: 'approved' })))),
    http.post('/api/approvals/:id/reject', recorded(calls, () => HttpResponse.json(request({ status: 'rejected', reason: 'Henüz değil' })))),
  );
}

const writes = (calls: RecordedCall[]) => calls.filter((c) => c.method !== 'GET').map((c) => [c.method, c.url, c.body]);

describe("'Onay Bekleyenler'", { timeout: 15_000 }, () => {
  it('shows each request field by field, only what changes, and approves it', async () => {
    const calls: RecordedCall[] = [];
    serveApprovals(calls, () => [request()]);
    renderPage(<ApprovalsPage />);
    const card = await screen.findByTestId('approval');
    expect(within(card).getByRole('heading').textContent).toBe('Playlist: Lobi');
    expect(card.textContent).toContain('Mehmet Kaya');
    const rows = within(card).getAllByRole('row').slice(1);
    expect(rows.map((r) => r.textContent)).toEqual(['ÖğelerAfiş (5 sn)Menü (9 sn)Afiş (5 sn)']);
    await userEvent.setup().click(within(card).getByRole('button', { name: 'Onayla' }));
    await waitFor(() => expect(writes(calls)).toEqual([['POST', `/api/approvals/${fixtureId(1)}/approve`, undefined]]));
  });

  it("'Ekranda önizle' plays the requested result with the screen's player, asked only when opened", async () => {
    const calls: RecordedCall[] = [];
    serveApprovals(calls, () => [request()]);
    const media = { _id: fixtureId(5), name: 'Menü', mediaType: 'Resim', type: 'image', filePath: '/uploads/menu.png', url: '/uploads/menu.png', mimeType: 'image/png' };
    apiServer.use(http.get('/api/approvals/:id/preview', recorded(calls, () => HttpResponse.json({
      layout: {
        _id: fixtureId(2), name: 'Lobi', orientation: 'landscape', background: '#000000',
        zones: [{ name: 'Lobi', x: 0, y: 0, width: 100, height: 100, z: 0, fit: 'contain', playlist: { _id: fixtureId(2), name: 'Lobi', mediaItems: [{ media, duration: 9 }] }, directionPlaylist: null }],
      },
      displaySettings: { showDirectionBar: true, backgroundColor: '#000000', barHeight: 80, textColor: '#ffffff', fontSize: 32 },
    }))));
    renderPage(<ApprovalsPage />);
    const card = await screen.findByTestId('approval');
    expect(calls.some((c) => c.url.endsWith('/preview'))).toBe(false);
    const open = within(card).getByRole('button', { name: 'Ekranda önizle' });
    await userEvent.setup().click(open);
    const preview = await within(card).findByTestId('approval-preview');
    const image = await within(preview).findByTestId('player-image');
    expect(image.getAttribute('alt')).toBe('Menü');
    expect(image.getAttribute('src')).toMatch(/\/uploads\/menu\.png$/);
    expect(preview.textContent).toContain('Onaylanırsa ekranda böyle görünür.');
    expect(calls.filter((c) => c.url === `/api/approvals/${fixtureId(1)}/preview`)).toHaveLength(1);
    await userEvent.setup().click(within(card).getByRole('button', { name: 'Önizlemeyi kapat' }));
    expect(within(card).queryByTestId('approval-preview')).toBeNull();

    // A decision asks the lists again, not the preview: a decided request's preview is a 409.
    await userEvent.setup().click(within(card).getByRole('button', { name: 'Ekranda önizle' }));
    await within(await within(card).findByTestId('approval-preview')).findByTestId('player-image');
    const asked = calls.filter((c) => c.url.endsWith('/preview')).length;
    await userEvent.setup().click(within(card).getByRole('button', { name: 'Onayla' }));
    await waitFor(() => expect(calls.filter((c) => c.url === '/api/approvals?status=pending')).toHaveLength(2));
    expect(calls.filter((c) => c.url.endsWith('/preview'))).toHaveLength(asked);
  });

  it('rejects only with a reason', async () => {
    const calls: RecordedCall[] = [];
    serveApprovals(calls, () => [request()]);
    renderPage(<ApprovalsPage />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Reddet' }));
    await user.click(screen.getByRole('button', { name: 'Reddet' }));
    expect(await screen.findByText('Reddetme nedenini yazın')).toBeTruthy();
    expect(writes(calls)).toEqual([]);
    await user.type(screen.getByLabelText('Reddetme nedeni'), 'Henüz değil');
    await user.click(screen.getByRole('button', { name: 'Reddet' }));
    await waitFor(() => expect(writes(calls)).toEqual([['POST', `/api/approvals/${fixtureId(1)}/reject`, { reason: 'Henüz değil' }]]));
  });

  it('is for publishers and above: an editor asks nothing', async () => {
    const calls: RecordedCall[] = [];
    serveApprovals(calls, () => [request()]);
    renderPage(<ApprovalsPage />, 'editor');
    expect(await screen.findByText("İstekleri yalnızca 'Yayıncı' ve üstü roller görebilir.")).toBeTruthy();
    expect(calls).toEqual([]);
  });
});

describe('the editor', () => {
  it('is told when a save became a request (202)', () => {
    const parsed = savedOrPending({ parse: () => { throw new Error('not a playlist'); } }).parse({ approval: { _id: fixtureId(1), status: 'pending' } });
    expect(parsed).toBeNull();
    expect(useDialogStore.getState().current).toMatchObject({
      kind: 'alert', title: 'Onaya gönderildi', message: 'Değişikliğiniz onaya gönderildi. Bir yayıncı onaylayınca ekranlarda görünecek.',
    });
  });

  it('reads the outcome with the reason and marks it read', async () => {
    const calls: RecordedCall[] = [];
    let unread = 1;
    const list = (): TNotificationList => ({
      unread,
      notifications: [{
        _id: fixtureId(7), kind: 'approval.rejected', createdAt: '2026-11-28T10:00:00.000Z', readAt: unread ? null : '2026-11-28T10:05:00.000Z',
        approval: { _id: fixtureId(1), status: 'rejected', target: { type: 'playlist', id: fixtureId(2), name: 'Lobi' }, reason: 'Henüz değil', decidedBy: 'Ayşe' },
      }],
    });
    apiServer.use(
      http.get('/api/notifications', recorded(calls, () => HttpResponse.json(list()))),
      http.post('/api/notifications/:id/read', recorded(calls, () => { unread = 0; return HttpResponse.json({ unread }); })),
    );
    renderPage(<NotificationsPage />, 'editor');
    const item = await screen.findByTestId('notification');
    expect(item.textContent).toContain('Playlist "Lobi" için değişikliğiniz reddedildi (Ayşe).');
    expect(item.textContent).toContain('Neden: Henüz değil');
    await userEvent.setup().click(within(item).getByRole('button', { name: 'Okundu' }));
    await waitFor(() => expect(writes(calls)).toEqual([['POST', `/api/notifications/${fixtureId(7)}/read`, undefined]]));
    await waitFor(() => expect(within(screen.getByTestId('notification')).queryByRole('button', { name: 'Okundu' })).toBeNull());
  });
});

describe('the sidebar', () => {
  it("counts the pending requests again when the account's dashboards hear approvals:changed", async () => {
    const calls: RecordedCall[] = [];
    let waiting = [request()];
    serveApprovals(calls, () => waiting);
    useSession.setState({ status: 'authenticated', user: aUser({ account: { _id: ACCOUNT, name: 'Ajans', role: 'publisher', limited: false } }) });
    const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const notes: NavNotes[] = [];
    render(<QueryClientProvider client={qc}><SidebarApprovals decides onNotes={(n) => { notes.push(n); }} /></QueryClientProvider>);
    await waitFor(() => expect(notes.at(-1)).toEqual({ '/approvals': trApprovals.pendingCount(1) }));

    // An editor asked again (the socket is the boundary: its handler is called as the socket would).
    waiting = [request(), request({ _id: fixtureId(4) })];
    // Heard by both the sidebar and an open 'Onay Bekleyenler' (one handler each): asked once.
    act(() => { receiveApprovalsChanged(qc); receiveApprovalsChanged(qc); });
    await waitFor(() => expect(notes.at(-1)).toEqual({ '/approvals': trApprovals.pendingCount(2) }));
    expect(calls.filter((c) => c.url === '/api/approvals?status=pending')).toHaveLength(2);
  });

  it('counts the unread notifications again on notifications:changed, one read however many listen', async () => {
    const calls: RecordedCall[] = [];
    let unread = 0;
    apiServer.use(http.get('/api/notifications', recorded(calls, () => HttpResponse.json({ unread, notifications: [] }))));
    useSession.setState({ status: 'authenticated', user: aUser({ account: { _id: ACCOUNT, name: 'Ajans', role: 'editor', limited: false } }) });
    const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const notes: NavNotes[] = [];
    render(<QueryClientProvider client={qc}><SidebarApprovals decides={false} onNotes={(n) => { notes.push(n); }} /></QueryClientProvider>);
    await waitFor(() => expect(calls).toHaveLength(1));

    unread = 1;
    // Heard by both the sidebar and an open 'Bildirimler' (one handler each): asked once.
    act(() => { receiveNotificationsChanged(qc, { unread: 1 }); receiveNotificationsChanged(qc, { unread: 1 }); });
    await waitFor(() => expect(notes.at(-1)).toEqual({ '/notifications': trApprovals.unreadCount(1) }));
    expect(calls).toHaveLength(2);
    // Anything but the event's shape asks nothing.
    act(() => receiveNotificationsChanged(qc, 'yanlış'));
    expect(calls).toHaveLength(2);
  });

  const labels = (sendsAlerts: boolean) => {
    render(<MemoryRouter><SidebarNav admin={false} sendsAlerts={sendsAlerts} onNavigate={() => {}} /></MemoryRouter>);
    return screen.getAllByRole('link').map((l) => l.getAttribute('href'));
  };
  it("gives publishers 'Onay Bekleyenler' and everyone 'Bildirimler'", () => {
    expect(labels(true)).toEqual(expect.arrayContaining(['/approvals', '/notifications']));
    cleanup();
    const reader = labels(false);
    expect(reader).toContain('/notifications');
    expect(reader).not.toContain('/approvals');
  });
});
