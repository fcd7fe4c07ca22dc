import { useEffect } from 'react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { io, type Socket } from 'socket.io-client';
import type { ClientToServerEvents, ServerToClientEvents } from '@pano/contract';
import { SOCKET_PATH } from '@pano/contract/constants';
import { tokenStorage } from './token-storage';

export type DashboardSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

type Shared = { socket: DashboardSocket; token: string; users: number };
let shared: Shared | null = null;

/**
 * The dashboard's one socket (auth `{ token }` without screenId joins the user's room), shared
 * by whoever listens: the sidebar's warning count and the screens page's live state use the
 * same connection instead of one each. Closed when the last user releases it; a new token (a
 * new login) gets a new socket. Null without a token. Listeners are the user's to remove.
 */
export function acquireDashboardSocket(): { socket: DashboardSocket; release: () => void } | null {
  const token = tokenStorage.get();
  if (!token) return null;
  if (!shared || shared.token !== token) {
    // The token is read at every (re)connect: after a password change or an account switch the
    // stored one is new, and the old one would be refused at the next reconnect.
    let sent = token;
    const auth = (send: (data: { token: string }) => void) => { sent = tokenStorage.get() ?? token; send({ token: sent }); };
    const socket: DashboardSocket = io({ path: SOCKET_PATH, transports: ['websocket'], auth });
    // A password change cuts every socket of the person, this one too (a copied token has one as
    // well): cut while this browser already holds a newer token, it connects again with it.
    socket.on('disconnect', (reason) => {
      if (reason === 'io server disconnect' && tokenStorage.get() && tokenStorage.get() !== sent) socket.connect();
    });
    shared = { socket, token, users: 0 };
  }
  const held = shared;
  held.users++;
  let released = false;
  return {
    socket: held.socket,
    release: () => {
      if (released) return;
      released = true;
      held.users--;
      if (held.users > 0) return;
      held.socket.close();
      if (shared === held) shared = null;
    },
  };
}

/**
 * This browser's token was just replaced (docs/PRODUCT.md#password-change): a shared socket the
 * server already cut connects again with the new one (the cut may come before or after the answer).
 */
export function reconnectDashboardSocket(): void {
  if (shared && !shared.socket.connected && !shared.socket.active) shared.socket.connect();
}

/**
 * Calls `onReconnect` on every connect after the first this user saw: events sent while the
 * socket was down are lost, so what they would have changed must be asked for again. A user
 * that joins an already connected socket counts its next connect as a reconnect. One that
 * `joinedLate` (its data was read before it listened) asks at its first connect too, or at
 * once on a socket already connected.
 */
export function onReconnect(socket: DashboardSocket, onReconnect: () => void, joinedLate = false): () => void {
  if (joinedLate && socket.connected) onReconnect();
  let connectedOnce = socket.connected || joinedLate;
  const handler = () => {
    if (connectedOnce) onReconnect();
    connectedOnce = true;
  };
  socket.on('connect', handler);
  return () => void socket.off('connect', handler);
}

/**
 * What a page listens to: its events' handlers, what to ask again after a reconnect, and its own
 * timers to stop. `joinedLate`: it starts listening after the first load (lib/use-after-first-load.ts),
 * seconds after its data was read, so what it missed meanwhile is asked again once it hears.
 */
export type DashboardListener = {
  on: { [E in keyof ServerToClientEvents]?: ServerToClientEvents[E] };
  reconnected: () => void;
  stop?: () => void;
  joinedLate?: boolean;
};

/**
 * Listens on the shared dashboard socket while the component is mounted: `listen` (a function
 * defined once, outside the component) makes the handlers for this query client; they are
 * removed, `stop` is called and the socket released on unmount.
 */
export function useDashboardEvents(listen: (qc: QueryClient) => DashboardListener): void {
  const qc = useQueryClient();
  useEffect(() => {
    const held = acquireDashboardSocket();
    if (!held) return;
    const { socket } = held;
    const { on, reconnected, stop, joinedLate } = listen(qc);
    const handlers = Object.entries(on) as [keyof ServerToClientEvents, (...args: never[]) => void][];
    for (const [event, handler] of handlers) socket.on(event, handler as never);
    const stopReconnect = onReconnect(socket, reconnected, joinedLate);
    return () => {
      stop?.();
      for (const [event, handler] of handlers) socket.off(event, handler as never);
      stopReconnect();
      held.release();
    };
  }, [qc, listen]);
}
