import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { apiServer } from '../testing/api-server';
import { tokenStorage } from '../lib/token-storage';
import { useSession } from '../stores/session-store';
import { SessionGate } from './session-gate';

const user = { _id: '5f0c5a1e-0000-4000-8000-000000000001', email: 'a@b.co', firstName: null, lastName: null, role: 'customer', account: null };

afterEach(() => {
  tokenStorage.clear();
  useSession.setState({ status: 'loading', user: null });
});

describe('the session gate', () => {
  it('does not ask the server again when main.tsx\'s check has already ended', async () => {
    tokenStorage.set('good');
    const fetch = vi.fn(() => HttpResponse.json({ user }));
    apiServer.use(http.get('/api/auth/verify', fetch));
    await useSession.getState().verify();
    render(<SessionGate><p>uygulama</p></SessionGate>);
    expect(await screen.findByText('uygulama')).toBeTruthy();
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('starts the check itself when nothing started it, and opens once it ends', async () => {
    tokenStorage.set('good');
    const fetch = vi.fn(() => HttpResponse.json({ user }));
    apiServer.use(http.get('/api/auth/verify', fetch));
    render(<SessionGate><p>uygulama</p></SessionGate>);
    expect(await screen.findByText('uygulama')).toBeTruthy();
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(useSession.getState().status).toBe('authenticated');
  });
});
