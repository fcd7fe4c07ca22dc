import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router-dom';
import { http, HttpResponse } from 'msw';
import type { TScreen, TScreenHealth, TScreenHealthResponse } from '@pano/contract';
import { createQueryClient } from '../../lib/query-client';
import { tokenStorage } from '../../lib/token-storage';
import { SCREENS_PAGE_LISTS, apiServer, emptyLists, headersOf } from '../../testing/api-server';
import { useSession } from '../../stores/session-store';
import { receiveHealthEvent, screenHealthKey } from '../../api/screen-health.api';
import { Sidebar } from '../../components/layout/sidebar';
import { ScreensPage } from './screens-page';
import { SCREENSHOT_WAIT_MS } from './screen-shot';

// jsdom has no object URLs: the test stands in for the browser's.
const browserUrl = { createObjectURL: URL.createObjectURL, revokeObjectURL: URL.revokeObjectURL };

afterEach(() => {
  cleanup();
  Object.assign(URL, browserUrl);
  vi.useRealTimers();
  tokenStorage.clear();
  useSession.setState({ status: 'anonymous', user: null });
});

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const screenRow = (n: number, name: string): TScreen => ({
  _id: id(n), name, status: 'active', currentPlaylist: null, currentDirectionPlaylist: null,
  lastSeenAt: null, timezone: 'Europe/Istanbul', latitude: null, longitude: null, groups: [], createdAt: '2025-01-01T00:00:00Z',
});
const lobi = screenRow(1, 'Lobi TV');
const kafe = screenRow(2, 'Kafe TV');
/** A moment on the test machine's own clock, as the dashboard shows times on the viewer's clock. */
const local = (h: number, m: number, s = 0) => {
  const d = new Date();
  d.setHours(h, m, s, 0);
  return d.toISOString();
};

const fine = (screenId: string): TScreenHealth => ({
  screenId, online: true, report: null, reportedAt: null, troubleSince: null, problem: false, screenshot: null,
});
const reported: TScreenHealth = {
  ...fine(lobi._id),
  online: false,
  reportedAt: local(14, 30),
  report: {
    appVersion: '1.4.2',
    uptimeSec: 3 * 3600 + 12 * 60 + 5,
    cacheBytes: Math.round(245.3 * 1024 * 1024),
    lastError: { message: 'Video çözülemedi: kampanya.mp4', at: local(14, 2) },
    itemsFailed: 3,
    failing: false,
    playing: { mediaId: id(40), name: 'Kış Kampanyası', startedAt: local(14, 29) },
    events: [
      { kind: 'stalled', at: local(14, 1), mediaId: id(41), detail: 'kampanya.mp4 5 sn takıldı' },
      { kind: 'reloaded', at: local(9, 15), mediaId: null, detail: '' },
    ],
    corruptFiles: [{ mediaId: id(42), name: 'menu.mp4', attempts: 3, at: local(14, 3) }],
  },
};

type Call = { method: string; url: string; headers: Record<string, string> };

/** The server, stood in for by the fake API: the screens, their health, and the screenshot calls, each recorded. */
function serve(health: TScreenHealthResponse, screens: TScreen[], opts: { screenshot?: () => Response } = {}) {
  const calls: Call[] = [];
  let shots = 0;
  apiServer.use(
    http.all('/api/*', ({ request }) => {
      const url = new URL(request.url);
      calls.push({ method: request.method, url: `${url.pathname}${url.search}`, headers: headersOf(request) });
    }),
    http.get('/api/screens', () => HttpResponse.json(screens)),
    http.get('/api/screens/health', () => HttpResponse.json(health)),
    http.post('/api/screens/:id/screenshot', () => opts.screenshot?.() ?? HttpResponse.json({ requestId: id(90) }, { status: 202 })),
    http.get('/api/screens/:id/screenshot', () => {
      shots++;
      // JPEG's magic bytes, then which image this is (jsdom's Blob cannot be a fetch Response's body).
      return new HttpResponse(new Uint8Array([0xff, 0xd8, 0xff, shots]), { headers: { 'Content-Type': 'image/jpeg' } });
    }),
    ...emptyLists(...SCREENS_PAGE_LISTS),
  );
  return calls;
}

function openScreens(qc: QueryClient, withSidebar = false) {
  useSession.setState({
    status: 'authenticated',
    user: { _id: id(99), email: 'ayse@ornek.com', firstName: 'Ayşe', lastName: null, role: 'customer', account: null },
  });
  render(
    <QueryClientProvider client={qc}>
      <MemoryRouter initialEntries={['/screens']}>
        {withSidebar && <Sidebar open={false} onNavigate={() => {}} onClose={() => {}} />}
        <ScreensPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const card = (name: string) => screen.getAllByTestId('screen-card').find((c) => within(c).queryByRole('heading', { name }))!;

describe("'Durum' on the screen card", { timeout: 15_000 }, () => {
  it('shows the last report, folded, and follows screen:health events', async () => {
    serve({ warnMinutes: 5, screens: [reported, fine(kafe._id)] }, [lobi, kafe]);
    const qc = createQueryClient();
    openScreens(qc);

    const health = await waitFor(() => {
      const el = within(card('Lobi TV')).getByTestId('screen-health');
      expect(within(el).getByTestId('screen-health-summary').textContent).toBe('Sürüm 1.4.2 · 3 sa 12 dk açık');
      return el;
    });
    // Folded: the card stays short until 'Durum' is opened.
    expect(health.hasAttribute('open')).toBe(false);
    fireEvent.click(within(health).getByText('Durum'));
    expect(health.hasAttribute('open')).toBe(true);
    expect(within(health).getByTestId('health-uptime').textContent).toBe('3 sa 12 dk');
    expect(within(health).getByTestId('health-cache').textContent).toBe('245,3 MB');
    expect(within(health).getByTestId('health-failed').textContent).toBe('3');
    // A file the player refused for a wrong SHA-256, named on the card even folded.
    expect(within(health).getByTestId('health-corrupt').textContent).toBe('menu.mp4 (3 deneme)');
    expect(within(health).getByText('Bozuk indirilen dosya: 1')).toBeTruthy();
    expect(within(health).getByTestId('health-playing').textContent).toBe('Kış Kampanyası');
    expect(within(health).getByTestId('health-error').textContent).toBe('14:02 · Video çözülemedi: kampanya.mp4');
    const events = within(health).getByTestId('health-events').querySelectorAll('li');
    expect([...events].map((e) => e.textContent)).toEqual([
      '14:01Takılan video atlandıkampanya.mp4 5 sn takıldı',
      '09:15Oynatıcı yeniden yüklendi',
    ]);
    // A screen that never reported says so.
    expect(within(card('Kafe TV')).getByTestId('screen-health-summary').textContent).toBe('Henüz durum raporu yok');

    // screen:health (the socket is the boundary: its handler is called as the socket would).
    act(() => receiveHealthEvent(qc, {
      ...reported,
      report: { ...reported.report!, itemsFailed: 4, failing: true, playing: null, lastError: { message: 'Görsel yüklenemedi', at: local(14, 40) }, corruptFiles: [] },
    }));
    await waitFor(() => expect(within(health).getByTestId('health-failed').textContent).toBe('4'));
    expect(within(health).queryByTestId('health-corrupt')).toBeNull();
    expect(within(health).getByTestId('health-playing').textContent).toBe('Yok');
    expect(within(health).getByTestId('health-error').textContent).toBe('14:40 · Görsel yüklenemedi');
    expect(within(health).getByText('Hata veriyor')).toBeTruthy();
    // An event of another shape is dropped: the cache (what the page renders from) is as it was.
    const before = qc.getQueryData(screenHealthKey);
    act(() => receiveHealthEvent(qc, { screenId: lobi._id, online: 'evet' }));
    expect(qc.getQueryData(screenHealthKey)).toBe(before);
    expect(within(health).getByTestId('health-failed').textContent).toBe('4');
  });
});

describe("'N ekran sorunlu'", { timeout: 15_000 }, () => {
  it("is not asked for in an admin's sidebar: an admin has no screens", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['Date', 'setTimeout', 'clearTimeout'] });
    const calls = serve({ warnMinutes: 5, screens: [] }, []);
    await import('../../components/layout/sidebar-health');
    useSession.setState({ status: 'authenticated', user: { _id: id(98), email: 'admin@ornek.com', firstName: 'Ali', lastName: null, role: 'admin', account: null } });
    render(
      <QueryClientProvider client={createQueryClient()}>
        <MemoryRouter initialEntries={['/admin/packages']}><Sidebar open={false} onNavigate={() => {}} onClose={() => {}} /></MemoryRouter>
      </QueryClientProvider>,
    );
    // Well past the second after the first load at which a customer's sidebar asks.
    await act(() => vi.advanceTimersByTimeAsync(5_000));
    expect(screen.getByTestId('sidebar-user').textContent).toBe('Ali');
    expect(calls.map((c) => c.url)).not.toContain('/api/screens/health');
  });

  it('appears in the sidebar, on /screens and on the card once the warning time passes, with no event', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['Date', 'setTimeout', 'clearTimeout'] });
    vi.setSystemTime(new Date('2026-11-23T11:00:00Z'));
    // Lobi went offline 4 minutes ago, Kafe has been failing for 2; the warning time is 5 minutes.
    const offline = { ...fine(lobi._id), online: false, troubleSince: '2026-11-23T10:56:00Z' };
    const failing = { ...fine(kafe._id), troubleSince: '2026-11-23T10:58:00Z' };
    serve({ warnMinutes: 5, screens: [offline, failing] }, [lobi, kafe]);
    // The sidebar mounts its health count a second after the page has loaded, from a lazy chunk:
    // loaded here first, so mounting it takes the fake clock's second and no real time.
    await import('../../components/layout/sidebar-health');
    openScreens(createQueryClient(), true);
    await waitFor(() => expect(screen.getAllByTestId('screen-health')).toHaveLength(2));

    const note = () => screen.queryByTestId('nav-note')?.textContent ?? null;
    expect(note()).toBeNull();
    expect(screen.queryByTestId('screens-problem-banner')).toBeNull();
    expect(screen.queryByTestId('screen-problem')).toBeNull();

    await act(() => vi.advanceTimersByTimeAsync(59_000));
    expect(note()).toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(2_000));
    expect(note()).toBe('1 ekran sorunlu');
    expect(screen.getByRole('link', { name: /Ekranlar/ }).textContent).toBe('Ekranlar1 ekran sorunlu');
    expect(screen.getByTestId('screens-problem-banner').textContent).toContain('1 ekran sorunlu');
    expect(within(card('Lobi TV')).getByTestId('screen-problem').textContent).toBe('Sorunlu');
    expect(within(card('Kafe TV')).queryByTestId('screen-problem')).toBeNull();

    await act(() => vi.advanceTimersByTimeAsync(2 * 60_000));
    expect(note()).toBe('2 ekran sorunlu');
    expect(screen.getByTestId('screens-problem-banner').textContent).toContain('2 ekran sorunlu');
    expect(screen.getAllByTestId('screen-problem')).toHaveLength(2);
  });
});

describe("'Ekran Görüntüsü Al'", { timeout: 15_000 }, () => {
  it('asks, says İsteniyor…, and shows the image with its time as soon as screen:health names a newer one', async () => {
    const created: string[] = [];
    const revoked: string[] = [];
    Object.assign(URL, {
      createObjectURL: (b: Blob) => { created.push(`blob:test/${created.length + 1}-${b.type}`); return created.at(-1)!; },
      revokeObjectURL: (u: string) => void revoked.push(u),
    });
    const thumb = { takenAt: local(14, 20), kind: 'thumbnail' as const };
    const calls = serve({ warnMinutes: 5, screens: [{ ...reported, online: true, screenshot: thumb }] }, [lobi]);
    const qc = createQueryClient();
    openScreens(qc);
    tokenStorage.set('test-token');

    // The thumbnail of every 10 minutes shows at once, marked as automatic.
    const figure = await screen.findByTestId('screen-shot');
    await waitFor(() => expect(within(figure).getByRole('img', { name: 'Ekran görüntüsü: Lobi TV' }).getAttribute('src')).toBe(created[0]));
    expect(within(figure).getByTestId('screen-shot-time').textContent).toBe('Çekildi: 14:20 · otomatik');

    const button = within(card('Lobi TV')).getByRole('button', { name: 'Ekran Görüntüsü Al: Lobi TV' });
    fireEvent.click(button);
    await waitFor(() => expect(calls.filter((c) => c.method === 'POST').map((c) => c.url)).toEqual([`/api/screens/${lobi._id}/screenshot`]));
    expect(button.textContent).toBe('İsteniyor…');
    expect((button as HTMLButtonElement).disabled).toBe(true);

    // Another thumbnail is not the answer: still waiting, though the image follows it.
    act(() => receiveHealthEvent(qc, { ...reported, online: true, screenshot: { takenAt: local(14, 30), kind: 'thumbnail' } }));
    await waitFor(() => expect(created).toHaveLength(2));
    expect(button.textContent).toBe('İsteniyor…');

    act(() => receiveHealthEvent(qc, { ...reported, online: true, screenshot: { takenAt: local(14, 32, 7), kind: 'screenshot' } }));
    await waitFor(() => expect(within(figure).getByRole('img').getAttribute('src')).toBe(created[2]));
    expect(within(figure).getByTestId('screen-shot-time').textContent).toBe('Çekildi: 14:32');
    expect(button.textContent).toBe('Ekran Görüntüsü Al');
    // Fetched with the token (an <img> could not send it); the replaced images' URLs are let go.
    const gets = calls.filter((c) => c.method === 'GET' && c.url === `/api/screens/${lobi._id}/screenshot`);
    expect(gets).toHaveLength(3);
    expect(gets.at(-1)!.headers.Authorization).toBe('Bearer test-token');
    expect(revoked).toEqual([created[0], created[1]]);
    cleanup();
    expect(revoked).toEqual(created);
  });

  it("shows the server's message when the screen is offline, and gives up on an unanswered request", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['Date', 'setTimeout', 'clearTimeout'] });
    let answer = () => Response.json({ message: 'Ekran çevrimdışı, ekran görüntüsü alınamıyor', code: 'SCREEN_OFFLINE' }, { status: 409 });
    serve({ warnMinutes: 5, screens: [reported] }, [lobi], { screenshot: () => answer() });
    openScreens(createQueryClient());
    const button = await screen.findByRole('button', { name: 'Ekran Görüntüsü Al: Lobi TV' });

    fireEvent.click(button);
    expect((await screen.findByTestId('screenshot-error')).textContent)
      .toBe('Ekran görüntüsü istenemedi: Ekran çevrimdışı, ekran görüntüsü alınamıyor');
    expect(button.textContent).toBe('Ekran Görüntüsü Al');

    // Accepted, but the player never sends the image.
    answer = () => Response.json({ requestId: id(91) }, { status: 202 });
    fireEvent.click(button);
    await waitFor(() => expect(button.textContent).toBe('İsteniyor…'));
    expect(screen.queryByTestId('screenshot-error')).toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(SCREENSHOT_WAIT_MS + 100));
    expect(screen.getByTestId('screenshot-error').textContent).toBe('Ekran yanıt vermedi. Lütfen tekrar deneyin.');
    expect(button.textContent).toBe('Ekran Görüntüsü Al');
  });
});
