import { afterEach, describe, expect, it, vi } from 'vitest';
import { http, HttpResponse } from 'msw';
import type { TUser } from '@pano/contract';
import { whileTokenIsReplaced } from '../lib/api-client';
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

  it('keeps the user object when a later check brings the same person, and takes a changed one', async () => {
    tokenStorage.set('good');
    const user = { _id: '5f0c5a1e-0000-4000-8000-000000000001', email: 'a@b.co', firstName: 'Ayşe', lastName: null, role: 'customer', account: null };
    let firstName = 'Ayşe';
    answer(() => HttpResponse.json({ user: { ...user, firstName } }));
    await useSession.getState().verify();
    const held = useSession.getState().user;
    const renders = vi.fn();
    const stop = useSession.subscribe((s, before) => s.user !== before.user && renders());
    await useSession.getState().verify();
    expect(useSession.getState().user).toBe(held);
    expect(renders).not.toHaveBeenCalled();
    firstName = 'Ayşe Nur';
    await useSession.getState().verify();
    expect(useSession.getState().user).toMatchObject({ firstName: 'Ayşe Nur' });
    expect(renders).toHaveBeenCalledTimes(1);
    stop();
  });
});

describe('a check while the token is replaced (docs/PRODUCT.md#password-change)', () => {
  const user: TUser = { _id: '5f0c5a1e-0000-4000-8000-000000000001', email: 'a@b.co', firstName: 'Ayşe', lastName: null, role: 'customer', account: null };

  it('a refusal of the token a password change is replacing signs nobody out', async () => {
    tokenStorage.set('old');
    useSession.setState({ status: 'authenticated', user });
    // The server has committed the change: it refuses the old token before its answer arrives.
    answer(() => HttpResponse.json({ message: 'Oturum geçersiz', code: 'UNAUTHORIZED' }, { status: 401 }));
    await whileTokenIsReplaced(async () => {
      await useSession.getState().verify();
      tokenStorage.set('new');
    });
    expect(useSession.getState()).toMatchObject({ status: 'authenticated', user });
    expect(tokenStorage.get()).toBe('new');
  });

  it('an answer about a token replaced meanwhile (an account switch) changes nothing', async () => {
    tokenStorage.set('first');
    const other: TUser = { ...user, _id: '5f0c5a1e-0000-4000-8000-000000000002', email: 'b@b.co' };
    useSession.setState({ status: 'authenticated', user });
    answer(() => {
      // The other account's sign-in lands while the check is on its way.
      useSession.getState().login('second', other);
      return HttpResponse.json({ user });
    });
    await useSession.getState().verify();
    expect(useSession.getState()).toMatchObject({ status: 'authenticated', user: other });
    answer(() => HttpResponse.json({ message: 'Oturum geçersiz', code: 'UNAUTHORIZED' }, { status: 401 }));
    tokenStorage.set('third');
    const refused = useSession.getState().verify();
    tokenStorage.set('fourth');
    await refused;
    expect(tokenStorage.get()).toBe('fourth');
    expect(useSession.getState().status).toBe('authenticated');
  });
});
