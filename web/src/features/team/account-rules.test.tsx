import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { http, HttpResponse } from 'msw';
import { useSession } from '../../stores/session-store';
import { apiServer, recorded, type RecordedCall } from '../../testing/api-server';
import { aUser, fixtureId } from '../../testing/fixtures';
import { ApprovalRequirement } from './account-rules';

afterEach(() => {
  cleanup();
  useSession.setState({ status: 'anonymous', user: null });
});

const writes = (calls: RecordedCall[]) => calls.filter((c) => c.method !== 'GET').map((c) => [c.method, c.url, c.body]);

function renderPage(page: React.ReactNode) {
  useSession.setState({ status: 'authenticated', user: aUser({ account: { _id: fixtureId(99), name: 'Ajans', role: 'admin', limited: false } }) });
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(<QueryClientProvider client={qc}>{page}</QueryClientProvider>);
}

describe("the team card's 'Onay akışı'", () => {
  it('turns the setting on with one checkbox', async () => {
    const calls: RecordedCall[] = [];
    apiServer.use(
      http.get('/api/team/settings', () => HttpResponse.json({ twoFactorRequired: false, approvalRequired: false })),
      http.put('/api/team/settings', recorded(calls, () => HttpResponse.json({ twoFactorRequired: false, approvalRequired: true }))),
    );
    renderPage(<ApprovalRequirement />);
    const box = await screen.findByLabelText(/Onay akışı/);
    expect((box as HTMLInputElement).checked).toBe(false);
    await userEvent.setup().click(box);
    await waitFor(() => expect(writes(calls)).toEqual([['PUT', '/api/team/settings', { approvalRequired: true }]]));
  });
});

