import { useEffect } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { io, type Socket } from 'socket.io-client';
import type { ClientToServerEvents, ServerToClientEvents, TScreenPresence } from '@pano/contract';
import { api } from '../../lib/api-client';
import { tokenStorage } from '../../lib/token-storage';
import { applyStatus, presenceFromList, type PresenceMap } from './presence';

const presenceKey = ['screens', 'presence'] as const;
/** docs/ARCHITECTURE.md#sockets (same value as the contract's SOCKET_PATH). */
const SOCKET_PATH = '/socket.io';

async function fetchPresence(signal?: AbortSignal): Promise<PresenceMap> {
  const list = await api.get<TScreenPresence[]>('/api/devices/presence', signal);
  return presenceFromList(Array.isArray(list) ? list : []);
}

/**
 * Live online/offline state of the user's screens: the initial state from
 * GET /api/devices/presence, then `screen:status` events on a dashboard socket
 * (auth `{ token }` without screenId joins the user's room). After a reconnect the
 * state is fetched again, since events sent while disconnected are lost.
 */
export function useScreenPresence(): PresenceMap {
  const qc = useQueryClient();
  const query = useQuery({ queryKey: presenceKey, queryFn: ({ signal }) => fetchPresence(signal), retry: false });

  useEffect(() => {
    const token = tokenStorage.get();
    if (!token) return;
    const socket: Socket<ServerToClientEvents, ClientToServerEvents> = io({
      path: SOCKET_PATH,
      transports: ['websocket'],
      auth: { token },
    });
    let connectedOnce = false;
    socket.on('connect', () => {
      if (connectedOnce) void qc.invalidateQueries({ queryKey: presenceKey });
      connectedOnce = true;
    });
    socket.on('screen:status', (event) => {
      qc.setQueryData<PresenceMap>(presenceKey, (old) => applyStatus(old ?? {}, event));
    });
    return () => {
      socket.close();
    };
  }, [qc]);

  return query.data ?? {};
}
