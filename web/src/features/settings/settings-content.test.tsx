import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router-dom';
import { http, HttpResponse } from 'msw';
import { CAP_SETTINGS_DEFAULT } from '@pano/contract';
import { createQueryClient } from '../../lib/query-client';
import { useSession } from '../../stores/session-store';
import { apiServer, emptyLists } from '../../testing/api-server';
import { aScreen, aUser, fixtureId } from '../../testing/fixtures';
import { tr } from '../../i18n/tr';
import { SettingsContent } from './settings-content';

/*
 * /settings draws its cards once, with their answers (docs/PERFORMANCE.md#dashboard-first-load-p13):
 * no card shows a spinner that one more render then replaces.
 */

afterEach(() => {
  cleanup();
  useSession.setState({ status: 'anonymous', user: null });
});

/** Every read of an account admin's /settings, /api/webhooks held until `release` is called. */
function serve() {
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  let asked = false;
  apiServer.use(
    http.get('/api/purchase/my-package/:id', () => HttpResponse.json({ message: 'Aktif paket yok' }, { status: 404 })),
    http.get('/api/settings', () => HttpResponse.json({ showDirectionBar: true, backgroundColor: '#000000', barHeight: 60, textColor: '#FFFFFF', fontSize: 24 })),
    http.get('/api/devices', () => HttpResponse.json([])),
    http.get('/api/screens', () => HttpResponse.json([aScreen()])),
    http.get('/api/cap-settings', () => HttpResponse.json(CAP_SETTINGS_DEFAULT)),
    http.get('/api/auth/2fa', () => HttpResponse.json({ enabled: false, required: false, recoveryCodesLeft: 0 })),
    ...emptyLists('/api/api-keys', '/api/cap-feeds', '/api/auth/sessions', '/api/screen-groups'),
    http.get('/api/webhooks', async () => {
      asked = true;
      await held;
      return HttpResponse.json([]);
    }),
  );
  return { release, asked: () => asked };
}

/** The page, waiting `cardsWaitMs` for the cards' reads (long by default: the held read is for the test to release). */
function open(cardsWaitMs = 60_000, limited = false) {
  useSession.setState({ status: 'authenticated', user: aUser({ account: { _id: fixtureId(99), name: 'Ayşe', role: 'admin', limited } }) });
  const queryClient = createQueryClient();
  render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter><SettingsContent header={<h1>Ayarlar</h1>} cardsWaitMs={cardsWaitMs} /></MemoryRouter>
    </QueryClientProvider>,
  );
  return queryClient;
}

/** Lets the query cache tell its observers (it does so in a timeout) and React draw what follows. */
const settle = () => act(() => new Promise<void>((resolve) => setTimeout(resolve, 0)));

describe('/settings', () => {
  it('draws no card until every card has its answer, then every card at once, none with a spinner', async () => {
    const reads = serve();
    const queryClient = open();
    // Every read but the held one has its answer in the cache (the webhooks' is still out).
    await waitFor(() => {
      expect(reads.asked()).toBe(true);
      const states = queryClient.getQueryCache().getAll().filter((q) => q.queryKey[0] !== 'webhooks' && !q.isDisabled());
      expect(states.length).toBeGreaterThanOrEqual(10);
      for (const q of states) expect(q.state.status, String(q.queryKey)).not.toBe('pending');
    });
    await settle();
    expect(screen.queryByRole('region', { name: 'Cihazlar' })).toBeNull();
    expect(screen.queryByRole('region', { name: "Webhook'lar" })).toBeNull();

    reads.release();
    const hooks = await screen.findByRole('region', { name: "Webhook'lar" });
    for (const name of ['Cihazlar', 'API Anahtarları', "Webhook'lar", 'Acil Durum Beslemeleri (CAP)']) {
      const card = screen.getByRole('region', { name });
      expect(within(card).queryByRole('status'), name).toBeNull();
    }
    expect(hooks).toBeTruthy();
  });

  it('a card whose read is slow does not hold the page: after the wait the others are drawn and it shows its spinner', async () => {
    const reads = serve();
    open(100);
    const hooks = await screen.findByRole('region', { name: "Webhook'lar" });
    expect(reads.asked()).toBe(true);
    expect(within(hooks).getByRole('status')).toBeTruthy();
    expect(within(screen.getByRole('region', { name: 'Cihazlar' })).queryByRole('status')).toBeNull();
    reads.release();
    await waitFor(() => expect(within(hooks).queryByRole('status')).toBeNull());
  });

  it("does not ask an admin limited to screen groups for the CAP colours, which the server refuses them", async () => {
    const reads = serve();
    let colours = 0;
    apiServer.use(http.get('/api/cap-settings', () => {
      colours++;
      return HttpResponse.json({ message: 'Yetkiniz yok' }, { status: 403 });
    }));
    open(60_000, true);
    reads.release();
    await screen.findByRole('region', { name: 'Acil Durum Beslemeleri (CAP)' });
    expect(colours).toBe(0);
  });

  it('does not ask a platform administrator for a package, which they never have, and says so', async () => {
    serve().release();
    let asked = 0;
    apiServer.use(http.get('/api/purchase/my-package/:id', () => {
      asked++;
      return HttpResponse.json({ message: 'Aktif paket yok' }, { status: 404 });
    }));
    useSession.setState({ status: 'authenticated', user: aUser({ role: 'admin' }) });
    render(
      <QueryClientProvider client={createQueryClient()}>
        <MemoryRouter><SettingsContent header={<h1>Ayarlar</h1>} /></MemoryRouter>
      </QueryClientProvider>,
    );
    expect(await screen.findByText(tr.settings.adminNoPackage)).toBeTruthy();
    expect(screen.queryByRole('link', { name: tr.settings.seePackages })).toBeNull();
    expect(asked).toBe(0);
  });
});
