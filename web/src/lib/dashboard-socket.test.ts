import { afterEach, describe, expect, it } from 'vitest';
import { acquireDashboardSocket } from './dashboard-socket';
import { tokenStorage } from './token-storage';

/* The dashboard's shared socket (docs/PRODUCT.md#password-change: a new token replaces the old one). */

afterEach(() => tokenStorage.clear());

describe('acquireDashboardSocket', () => {
  it('hands the socket the stored token at every (re)connect, so one changed meanwhile is the one sent', () => {
    tokenStorage.set('eski-anahtar');
    const held = acquireDashboardSocket()!;
    try {
      const sent: unknown[] = [];
      const auth = held.socket.auth as (send: (data: object) => void) => void;
      auth((data) => sent.push(data));
      tokenStorage.set('yeni-anahtar'); // a password change (or account switch) stored a new one
      auth((data) => sent.push(data));
      expect(sent).toEqual([{ token: 'eski-anahtar' }, { token: 'yeni-anahtar' }]);
    } finally {
      held.release();
    }
  });
});
