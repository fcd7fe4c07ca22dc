import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { QueryClientProvider } from '@tanstack/react-query';
import { http, HttpResponse } from 'msw';
import type { TAccountSummary } from '@pano/contract';
import { createQueryClient } from '../../lib/query-client';
import { tokenStorage } from '../../lib/token-storage';
import { useSession } from '../../stores/session-store';
import { apiServer, recorded, type RecordedCall } from '../../testing/api-server';
import { aUser, fixtureId } from '../../testing/fixtures';
import SidebarAccount from './sidebar-account';

afterEach(() => {
  cleanup();
  tokenStorage.clear();
  useSession.setState({ status: 'anonymous', user: null });
});

const own = { _id: fixtureId(99), name: 'Ayşe', role: 'owner' as const, limited: false };
const client = { _id: fixtureId(7), name: 'Müşteri B', role: 'publisher' as const, limited: false };

function open(accounts: TAccountSummary[]) {
  const calls: RecordedCall[] = [];
  useSession.setState({ status: 'authenticated', user: aUser() });
  apiServer.use(
    http.get('/api/accounts', () => HttpResponse.json(accounts)),
    http.post('/api/auth/switch-account', recorded(calls, () => HttpResponse.json({ token: 'b-oturumu', user: aUser({ account: client }) }))),
  );
  const qc = createQueryClient();
  render(
    <QueryClientProvider client={qc}>
      <MemoryRouter initialEntries={['/media']}>
        <SidebarAccount />
        <Routes>
          <Route path="/media" element={<p>medya</p>} />
          <Route path="/packages" element={<p>paketler</p>} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { calls, qc };
}

describe('account switcher', () => {
  it('is shown for two or more accounts; switching signs in the other account and starts at home', async () => {
    const { calls } = open([own, client]);
    const select = await screen.findByLabelText('Hesap değiştir');
    expect((select as HTMLSelectElement).value).toBe(own._id);
    await userEvent.selectOptions(select, client._id);
    expect(await screen.findByText('paketler')).toBeTruthy();
    expect(calls.map((c) => [c.url, c.body])).toEqual([['/api/auth/switch-account', { accountId: client._id }]]);
    expect(tokenStorage.get()).toBe('b-oturumu');
    expect(useSession.getState().user?.account).toEqual(client);
  });

  it('is not shown for one account', async () => {
    const { qc } = open([own]);
    // The answer has come and changed nothing: no select.
    await waitFor(() => expect(qc.getQueryState(['accounts'])?.status).toBe('success'));
    expect(screen.queryByLabelText('Hesap değiştir')).toBeNull();
  });
});
