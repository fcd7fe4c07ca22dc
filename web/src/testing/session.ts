import { afterEach, beforeEach } from 'vitest';
import type { TAccountRole } from '@pano/contract';
import { useSession } from '../stores/session-store';
import { aUser, fixtureId } from './fixtures';

/**
 * For a test file whose pages act as a signed-in member: each test starts signed in with `role`
 * in the account (an owner unless told; `limited` to screen groups when told), and ends signed out, as the next file expects
 * (files share modules: web/vitest.config.ts `isolate: false`).
 */
export function signedInAs(role: TAccountRole = 'owner', { limited = false } = {}): void {
  beforeEach(() => useSession.setState({ status: 'authenticated', user: aUser({ account: { _id: fixtureId(99), name: 'Ayşe', role, limited } }) }));
  afterEach(() => useSession.setState({ status: 'anonymous', user: null }));
}
