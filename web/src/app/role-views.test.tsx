import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen, type ByRoleMatcher } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, RouterProvider, createMemoryRouter } from 'react-router-dom';
import { http, HttpResponse, type HttpHandler } from 'msw';
import type { ReactElement } from 'react';
import { CAP_SETTINGS_DEFAULT, type TAccountRole, type TAlert, type TAlertTemplate, type TDevice, type TSchedule } from '@pano/contract';
import { ActivityPage } from '../features/activity/activity-page';
import { Sidebar } from '../components/layout/sidebar';
import { AlertsPage } from '../features/alerts/alerts-page';
import { AssignmentPage } from '../features/assignment/assignment-page';
import { LayoutsPage } from '../features/layouts/layouts-page';
import { MediaPage } from '../features/media/media-page';
import { PackagesPage } from '../features/packages/packages-page';
import { PlaylistsPage } from '../features/playlists/playlists-page';
import { PurchasePage } from '../features/purchase/purchase-page';
import { SchedulePage } from '../features/schedule/schedule-page';
import { ScreensPage } from '../features/screens/screens-page';
import { SettingsPage } from '../features/settings/settings-page';
import { TickersPage } from '../features/tickers/tickers-page';
import { createQueryClient } from '../lib/query-client';
import { useSession } from '../stores/session-store';
import { SCREENS_PAGE_LISTS, apiServer, emptyLists, recorded, type RecordedCall } from '../testing/api-server';
import { aLayout, aMedia, aPackage, aPlaylist, aScreen, aUser, fixtureId } from '../testing/fixtures';

/* docs/architecture/accounts.md#roles: the dashboard hides what a member's role cannot do. */

afterEach(() => {
  cleanup();
  useSession.setState({ status: 'anonymous', user: null });
});

const signIn = (role: TAccountRole, limited = false) =>
  useSession.setState({ status: 'authenticated', user: aUser({ account: { _id: fixtureId(99), name: 'Ayşe', role, limited } }) });

function renderAs(role: TAccountRole, page: ReactElement) {
  signIn(role);
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

const at = '2026-11-01T00:00:00.000Z';
const group = { _id: fixtureId(21), name: 'Kafeterya', screens: [{ _id: fixtureId(4), name: 'Giriş' }] };
const device: TDevice = { _id: fixtureId(71), name: 'Kasa TV', screen: { _id: fixtureId(4), name: 'Giriş' }, createdAt: at, lastSeenAt: null, online: false };
const lunch: TSchedule = {
  _id: fixtureId(41), name: 'Öğle', playlist: { _id: fixtureId(2), name: 'Lobi' }, directionPlaylist: null, screens: [], groups: [],
  days: [1, 2, 3, 4, 5], startTime: '12:00', endTime: '13:30', startDate: null, endDate: null, exceptDates: [], priority: 5,
  enabled: true, createdAt: at, updatedAt: at,
};
const codeBlue: TAlert = {
  _id: fixtureId(51), title: 'Kod Mavi', message: '3. kat', background: '#B91C1C', textColor: '#FFFFFF', media: null, sound: false,
  all: true, screens: [], groups: [], startedAt: at, endsAt: null, endedAt: null, active: true, targetCount: 1, acknowledgedCount: 0,
  createdBy: { kind: 'user', _id: fixtureId(1), name: 'Ayşe' }, endedBy: null,
};
const pro = aPackage({ name: 'Pro' });
const json = (path: string, answer: unknown) => http.get(path, () => HttpResponse.json(answer as object));

/** What /settings' cards ask beside the package and display settings. */
const settingsLists = [
  json('/api/devices', [device]), json('/api/screens', [aScreen()]), json('/api/cap-settings', CAP_SETTINGS_DEFAULT),
  ...emptyLists('/api/api-keys', '/api/webhooks', '/api/cap-feeds', '/api/auth/sessions', '/api/screen-groups'),
  json('/api/auth/2fa', { enabled: false, required: false, recoveryCodesLeft: 0 }),
];

type Control = [ByRoleMatcher, string];
type Row = {
  page: string; needed: TAccountRole; below: TAccountRole;
  /** The route the page is opened at, and its pattern. */
  path: string; pattern: string; element: ReactElement;
  handlers: HttpHandler[];
  /** Texts of the page's answers: once they show, every control that will come is there. */
  ready: string[];
  controls: Control[];
};

/** Each page's least role (server/test/roles.routes.test.ts), and the role just below it. */
const rows: Row[] = [
  {
    page: '/screens', needed: 'publisher', below: 'editor', path: '/screens', pattern: '/screens', element: <ScreensPage />,
    handlers: [json('/api/screens', [aScreen({ groups: [{ _id: group._id, name: group.name }] })]), json('/api/screen-groups', [group]),
      ...emptyLists(...SCREENS_PAGE_LISTS.filter((p) => p !== '/api/screen-groups'))],
    ready: ['Giriş', '1 ekran: Giriş'],
    controls: [['button', 'Ekran Ekle'], ['button', 'Sil: Giriş'], ['combobox', 'Saat dilimi: Giriş'],
      ['button', 'Düzenle: Kafeterya'], ['button', 'Sil: Kafeterya'], ['button', 'Grup Oluştur']],
  },
  {
    page: "/screens' devices", needed: 'admin', below: 'publisher', path: '/screens', pattern: '/screens', element: <ScreensPage />,
    handlers: [json('/api/screens', [aScreen()]), json('/api/devices', [device]),
      ...emptyLists(...SCREENS_PAGE_LISTS.filter((p) => p !== '/api/devices'))],
    ready: ['Kasa TV'],
    controls: [['button', 'Yeniden Adlandır: Kasa TV'], ['button', 'Cihazı Kaldır: Kasa TV']],
  },
  {
    page: '/schedule', needed: 'publisher', below: 'editor', path: '/schedule', pattern: '/schedule', element: <SchedulePage />,
    handlers: [json('/api/schedules', [lunch]), json('/api/screens', [aScreen()]), json('/api/playlists', [aPlaylist()]),
      ...emptyLists('/api/layouts', '/api/direction-playlists', '/api/screen-groups')],
    ready: ['Öğle'],
    controls: [['button', 'Yeni Zamanlama'], ['button', 'Öğle: durum Etkin, değiştir'], ['button', 'Düzenle: Öğle'], ['button', 'Sil: Öğle']],
  },
  {
    page: '/alerts', needed: 'publisher', below: 'editor', path: '/alerts', pattern: '/alerts', element: <AlertsPage />,
    handlers: [json('/api/alerts', [codeBlue]), json('/api/screens', [aScreen()]), ...emptyLists('/api/screen-groups', '/api/media', '/api/alert-templates')],
    ready: ['Kod Mavi'],
    controls: [['region', 'Duyuru Gönder'], ['button', 'Bitir: Kod Mavi'], ['button', 'Yeni Şablon']],
  },
  {
    page: 'the sidebar', needed: 'publisher', below: 'editor', path: '/media', pattern: '/media',
    element: <Sidebar open={false} onNavigate={() => {}} onClose={() => {}} />,
    handlers: [], ready: ['Medya'],
    // The red entry that sends; a reader's ordinary link reads 'Acil Duyuru' too, further down.
    controls: [['link', 'Acil Duyuru']],
  },
  {
    page: '/direction', needed: 'editor', below: 'viewer', path: '/direction', pattern: '/direction', element: <TickersPage />,
    handlers: [json('/api/direction-playlists', [{ _id: fixtureId(11), name: 'Duyurular', speed: 3, directions: [{ text: 'Merhaba' }], createdAt: at, updatedAt: at }])],
    ready: ['Duyurular'],
    controls: [['region', 'Yeni Reji Playlisti'], ['button', 'Düzenle: Duyurular'], ['button', 'Sil: Duyurular']],
  },
  {
    page: '/layouts', needed: 'editor', below: 'viewer', path: '/layouts', pattern: '/layouts', element: <LayoutsPage />,
    handlers: [json('/api/layouts', [aLayout()])], ready: ['Lobi Yerleşimi'],
    controls: [['button', 'Yeni Yerleşim'], ['button', 'Düzenle: Lobi Yerleşimi'], ['button', 'Sil: Lobi Yerleşimi']],
  },
  {
    page: '/settings', needed: 'admin', below: 'publisher', path: '/settings', pattern: '/settings', element: <SettingsPage />,
    handlers: [
      http.get('/api/purchase/my-package/:id', () => HttpResponse.json({ message: 'Aktif paket yok' }, { status: 404 })),
      json('/api/settings', { showDirectionBar: true, backgroundColor: '#000000', barHeight: 60, textColor: '#FFFFFF', fontSize: 24 }),
      ...settingsLists,
    ],
    ready: ['Hesap'],
    controls: [['region', 'Cihazlar'], ['region', 'API Anahtarları'], ['region', 'Webhook\'lar'], ['region', 'Acil Durum Beslemeleri (CAP)'],
      ['region', 'Ekran Uyarıları'], ['region', 'Görüntü Ayarları']],
  },
  {
    page: '/packages', needed: 'owner', below: 'admin', path: '/packages', pattern: '/packages', element: <PackagesPage />,
    handlers: [json('/api/packages', [pro]), json('/api/purchase/current', { current: null })],
    ready: ['Pro'], controls: [['link', 'Paketi Seç: Pro']],
  },
  {
    page: '/purchase', needed: 'owner', below: 'admin', path: `/purchase/${pro._id}`, pattern: '/purchase/:packageId', element: <PurchasePage />,
    handlers: [json('/api/packages/:id', pro), json('/api/purchase/config', { provider: 'dev' }),
      http.get('/api/purchase/plan/:id', () => HttpResponse.json({ message: 'yok' }, { status: 500 }))],
    ready: ['Pro'], controls: [['button', 'Güvenli Ödeme Sayfasına Git']],
  },
];

function open(row: Pick<Row, 'handlers' | 'pattern' | 'element' | 'path'>, role: TAccountRole, limited = false) {
  signIn(role, limited);
  apiServer.use(...row.handlers);
  const router = createMemoryRouter([{ path: row.pattern, element: row.element }], { initialEntries: [row.path] });
  render(<QueryClientProvider client={createQueryClient()}><RouterProvider router={router} /></QueryClientProvider>);
}

const ready = async (row: Pick<Row, 'ready'>) => {
  for (const text of row.ready) await screen.findAllByText(text);
};

describe('each page offers its actions from the least role that may use them', { timeout: 15_000 }, () => {
  it.each(rows)('$page: a member with $needed is offered them', async (row) => {
    open(row, row.needed);
    await ready(row);
    for (const [role, name] of row.controls) expect(await screen.findByRole(role, { name }), name).toBeTruthy();
  });

  it.each(rows)('$page: a member with $below is not', async (row) => {
    open(row, row.below);
    await ready(row);
    for (const [role, name] of row.controls) {
      const found = screen.queryAllByRole(role, { name });
      // The sidebar still links a reader to the alerts, as an ordinary entry.
      expect(found.filter((el) => row.page !== 'the sidebar' || el.className.includes('nav-alarm')), name).toEqual([]);
    }
  });

  it('below the owner, /packages and /purchase say who buys', async () => {
    open(rows.find((r) => r.page === '/packages')!, 'admin');
    expect(await screen.findByText("Paketleri yalnızca hesabın sahibi ('Sahip') satın alabilir.")).toBeTruthy();
    cleanup();
    open(rows.find((r) => r.page === '/purchase')!, 'admin');
    expect(await screen.findByText("Paketleri yalnızca hesabın sahibi ('Sahip') satın alabilir.")).toBeTruthy();
    expect(screen.getByRole('button', { name: 'İptal' })).toBeTruthy();
  });
});

const evacuate: TAlertTemplate = {
  _id: fixtureId(61), name: 'Tahliye', title: 'Tahliye', message: 'Binayı terk edin', background: '#B91C1C', textColor: '#FFFFFF', media: null,
  sound: true, durationMinutes: null, all: true, screens: [], groups: [], createdAt: at, updatedAt: at,
};

type LimitedRow = Omit<Row, 'needed' | 'below'> & {
  /** What a limited admin is still offered: the page is theirs, only 'every screen' is not. */
  kept: Control[];
};

/**
 * A member limited to screen groups (docs/architecture/accounts.md#screen-group-limits): the
 * server refuses them the account's history, a new screen (it would be in no group of theirs)
 * and anything sent to every screen, so an admin so limited is offered none of it.
 */
const limitedRows: LimitedRow[] = [
  {
    page: 'the sidebar', path: '/media', pattern: '/media', element: <Sidebar open={false} onNavigate={() => {}} onClose={() => {}} />,
    handlers: [], ready: ['Ekip'], controls: [['link', 'Etkinlik Geçmişi']], kept: [['link', 'Ekip'], ['link', 'Acil Duyuru']],
  },
  {
    page: '/activity', path: '/activity', pattern: '/activity', element: <ActivityPage />,
    handlers: [json('/api/audit', { events: [], page: 1, pageSize: 50, total: 0 })],
    ready: ['Etkinlik Geçmişi'], controls: [['button', 'CSV İndir'], ['region', 'Süzgeçler']], kept: [],
  },
  {
    page: '/screens', path: '/screens', pattern: '/screens', element: <ScreensPage />,
    handlers: [json('/api/screens', [aScreen()]), ...emptyLists(...SCREENS_PAGE_LISTS)],
    ready: ['Giriş'], controls: [['button', 'Ekran Ekle']], kept: [['button', 'Sil: Giriş'], ['combobox', 'Saat dilimi: Giriş']],
  },
  {
    page: '/alerts', path: '/alerts', pattern: '/alerts', element: <AlertsPage />,
    handlers: [json('/api/alerts', [codeBlue]), json('/api/screens', [aScreen()]), json('/api/alert-templates', [evacuate]),
      ...emptyLists('/api/screen-groups', '/api/media')],
    ready: ['Kod Mavi', 'Tahliye'],
    controls: [['checkbox', 'Tüm ekranlar'], ['button', 'Gönder: Tahliye']],
    kept: [['region', 'Duyuru Gönder'], ['checkbox', 'Giriş'], ['button', 'Düzenle: Tahliye'], ['button', 'Bitir: Kod Mavi']],
  },
  {
    // CAP alerts' colours and chime apply to every screen; the feeds are theirs within their groups.
    page: '/settings', path: '/settings', pattern: '/settings', element: <SettingsPage />,
    handlers: [
      http.get('/api/purchase/my-package/:id', () => HttpResponse.json({ message: 'Aktif paket yok' }, { status: 404 })),
      json('/api/settings', { showDirectionBar: true, backgroundColor: '#000000', barHeight: 60, textColor: '#FFFFFF', fontSize: 24 }),
      ...settingsLists,
    ],
    ready: ['Hesap'], controls: [['button', 'Varsayılanlara dön']],
    kept: [['region', 'Acil Durum Beslemeleri (CAP)'], ['button', 'Besleme Ekle']],
  },
];

describe('a member limited to screen groups is offered nothing aimed at every screen', { timeout: 15_000 }, () => {
  it.each(limitedRows)('$page: an admin who sees every screen is offered it', async (row) => {
    open(row, 'admin');
    await ready(row);
    for (const [role, name] of [...row.controls, ...row.kept]) expect(await screen.findByRole(role, { name }), name).toBeTruthy();
  });

  it.each(limitedRows)('$page: an admin limited to screen groups is not', async (row) => {
    open(row, 'admin', true);
    await ready(row);
    for (const [role, name] of row.kept) expect(await screen.findByRole(role, { name }), name).toBeTruthy();
    for (const [role, name] of row.controls) expect(screen.queryAllByRole(role, { name }), name).toEqual([]);
  });

  it('/activity tells a limited admin why, and asks the server nothing', async () => {
    const calls: RecordedCall[] = [];
    open({ ...limitedRows.find((r) => r.page === '/activity')!, handlers: [http.get('/api/audit', recorded(calls, () => HttpResponse.json({})))] }, 'admin', true);
    expect(await screen.findByText('Etkinlik geçmişini yalnızca tüm ekranlara erişen yöneticiler görebilir')).toBeTruthy();
    expect(calls).toEqual([]);
  });
});
