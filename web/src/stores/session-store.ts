import { create } from 'zustand';
import type { TUser } from '@pano/contract';
import { ApiError, api, refusalCounts } from '../lib/api-client';
import { lazySchema } from '../lib/lazy-schema';
import { tokenStorage } from '../lib/token-storage';

export type SessionStatus = 'loading' | 'authenticated' | 'anonymous';

type SessionState = {
  status: SessionStatus;
  user: TUser | null;
  /** docs/PRODUCT.md#session: verify a stored token once at start; the app renders only after this. */
  verify: () => Promise<void>;
  login: (token: string, user: TUser) => void;
  logout: () => void;
};

/** Loaded as the check starts, beside the request: no zod in the entry chunk (docs/PERFORMANCE.md#contract-chunks). */
const verifyAnswer = lazySchema(async () => (await import('./verify-schema')).ZVerifyResponse);

/** The check under way: the app starts it before React renders, and the gate's call joins it. */
let checking: Promise<void> | null = null;

export const useSession = create<SessionState>((set) => ({
  status: 'loading',
  user: null,
  verify: () => {
    checking ??= check().finally(() => {
      checking = null;
    });
    return checking;
  },
  login: (token, user) => {
    tokenStorage.set(token);
    set({ status: 'authenticated', user });
  },
  logout: () => {
    tokenStorage.clear();
    set({ status: 'anonymous', user: null });
  },
}));

async function check(): Promise<void> {
  const set = useSession.setState;
  const sent = tokenStorage.get();
  if (!sent) {
    set({ status: 'anonymous', user: null });
    return;
  }
  try {
    const { user } = await api.get('/api/auth/verify', verifyAnswer);
    // An answer about a token this browser has replaced meanwhile (an account switch) is not its session.
    // The same person as held keeps the same object: a check again after the first load (the
    // sidebar's team listener) then re-renders nothing, where a new object re-rendered every page
    // part that reads the user, synchronously, in one long task. Both are the parsed answer's JSON,
    // its keys in the schema's order, so their texts are equal when they are.
    if (tokenStorage.get() === sent) {
      const held = useSession.getState().user;
      set({ status: 'authenticated', user: JSON.stringify(held) === JSON.stringify(user) ? held : user });
    }
  } catch (err) {
    const refused = err instanceof ApiError && (err.status === 401 || err.status === 403);
    // Nor is a refusal of a token replaced since, or being replaced now (a password change, whose
    // server already refuses the old token before its answer brings the new one).
    if (refused && tokenStorage.get() !== null && !refusalCounts(sent)) return;
    // Only the server's refusal ends the session. A check cut off by leaving the page (or a
    // network that is down for a moment) says nothing about the token: clearing it then
    // signed people out of the page they were going to.
    if (refused) tokenStorage.clear();
    set({ status: 'anonymous', user: null });
  }
}

export const isAdmin = (user: TUser | null) => user?.role === 'admin';

/** Where a user lands after login (docs/PRODUCT.md#session). */
export const homePathFor = (user: TUser | null) => (isAdmin(user) ? '/admin/packages' : '/packages');

/** First name, or the email when there is none (docs/PRODUCT.md#layout). */
export const displayName = (user: TUser | null) => user?.firstName?.trim() || user?.email || '';
