import type { SocketData } from '../sockets/socket-types.js';
import { allScreensRoom, screenWatchRoom } from '../sockets/socket-types.js';

/** What moving a socket needs, whether it is held here (Socket) or on another instance (RemoteSocket). */
type Movable = { readonly rooms: ReadonlySet<string>; readonly data: Partial<SocketData>; join(rooms: string[]): unknown; leave(room: string): unknown; disconnect(close?: boolean): unknown };

/**
 * Puts a member's socket in the rooms of their scope now (`screens`: the screens of their groups,
 * or null for every screen; docs/architecture/accounts.md#screen-group-limits): a dashboard joins
 * the new screens' rooms before leaving the others, so a screen in both misses no event; a
 * preview of a screen now out of scope is cut, as its handshake would refuse it.
 */
export function moveToScope(socket: Movable, accountId: string, screens: string[] | null): void {
  const wanted = new Set(screens ? screens.map(screenWatchRoom) : [allScreensRoom(accountId)]);
  const isScreenRoom = (r: string) => r === allScreensRoom(accountId) || r.startsWith(screenWatchRoom(''));
  if (socket.data.role === 'dashboard') {
    socket.join([...wanted]);
    for (const r of [...socket.rooms]) if (isScreenRoom(r) && !wanted.has(r)) socket.leave(r);
  } else if (socket.data.role === 'preview' && screens && !screens.includes(socket.data.screenId ?? '')) {
    socket.disconnect(true);
  }
}
