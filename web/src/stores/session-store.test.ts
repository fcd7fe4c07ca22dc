import { afterEach, describe, expect, it, vi } from 'vitest';
import { http, HttpResponse } from 'msw';
import { tokenStorage } from '../lib/token-storage';
import { apiServer } from '../testing/api-server';
import { useSession } from './session-store';

/** The server is the outside world here: GET /api/auth/verify answers as it would. */
const answer = (fn: () => Response) => apiServer.use(http.get('/api/auth/verify', fn));

afterEach(() => {
  vi.unstubAllGlobals();
  tokenStorage.clear();
  useSession.setState({ status: 'loading', user: null });
});

describe('the session check at start', () => {
  it('drops the token when the server refuses it', async () => {
    tokenStorage.set('revoked');
    answer(() => HttpResponse.json({ message: 'Oturum geçersiz', code: 'UNAUTHORIZED' }, { status: 401 }));
    await useSession.getState().verify();
    expect(useSession.getState().status).toBe('anonymous');
    expect(tokenStorage.get()).toBeNull();
  });

  it('keeps the token when the check is cut off before any answer (leaving the page, a network blip)', async () => {
    tokenStorage.set('good');
    // An abort is the browser's doing, not an answer: fetch itself rejects (msw can only answer).
    vi.stubGlobal('fetch', vi.fn(async () => { throw new DOMException('The user aborted a request.', 'AbortError'); }));
    await useSession.getState().verify();
    expect(useSession.getState().status).toBe('anonymous');
    expect(tokenStorage.get()).toBe('good');
  });

  it('signs in with a token the server accepts', async () => {
    tokenStorage.set('good');
    const user = { _id: '5f0c5a1e-0000-4000-8000-000000000001', email: 'a@b.co', firstName: 'Ayşe', lastName: null, role: 'customer', account: null };
    answer(() => HttpResponse.json({ user }));
    await useSession.getState().verify();
    expect(useSession.getState()).toMatchObject({ status: 'authenticated', user });
    expect(tokenStorage.get()).toBe('good');
  });

  it('asks the server once when the check is started twice (main.tsx, then the gate)', async () => {
    tokenStorage.set('good');
    const user = { _id: '5f0c5a1e-0000-4000-8000-000000000001', email: 'a@b.co', firstName: 'Ayşe', lastName: null, role: 'customer', account: null };
    const fetch = vi.fn(() => HttpResponse.json({ user }));
    answer(fetch);
    await Promise.all([useSession.getState().verify(), useSession.getState().verify()]);
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(useSession.getState().status).toBe('authenticated');
    // Once it has ended, a later check asks again.
    await useSession.getState().verify();
    expect(fetch).toHaveBeenCalledTimes(2);
  });
});
