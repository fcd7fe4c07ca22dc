import { afterEach, describe, expect, it } from 'vitest';
import { EventEmitter } from 'node:events';
import { acquireDashboardSocket, onReconnect, type DashboardSocket } from './dashboard-socket';
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

describe('onReconnect', () => {
  // The socket's connection events, as socket.io-client raises them.
  const socketAt = (connected: boolean) => Object.assign(new EventEmitter(), { connected }) as unknown as DashboardSocket;

  it('asks again at every connect after the first it saw; a connected socket`s next connect is one', () => {
    const fresh = socketAt(false);
    const asked: string[] = [];
    onReconnect(fresh, () => asked.push('fresh'));
    const joined = socketAt(true);
    onReconnect(joined, () => asked.push('joined'));
    (fresh as unknown as EventEmitter).emit('connect');
    expect(asked).toEqual([]);
    (fresh as unknown as EventEmitter).emit('connect');
    (joined as unknown as EventEmitter).emit('connect');
    expect(asked).toEqual(['fresh', 'joined']);
  });

  it('one that joined late (its data read before it listened) asks at its first connect, or at once when connected', () => {
    const connecting = socketAt(false);
    const asked: string[] = [];
    const stop = onReconnect(connecting, () => asked.push('connecting'), true);
    onReconnect(socketAt(true), () => asked.push('connected'), true);
    expect(asked).toEqual(['connected']);
    (connecting as unknown as EventEmitter).emit('connect');
    expect(asked).toEqual(['connected', 'connecting']);
    stop();
    (connecting as unknown as EventEmitter).emit('connect');
    expect(asked).toEqual(['connected', 'connecting']);
  });
});
