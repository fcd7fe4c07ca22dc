import { useEffect } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { ServerToClientEvents } from '@pano/contract';
import { ZScreenPresenceAnswer } from '@pano/contract';
import { api } from '../../lib/api-client';
import { acquireDashboardSocket, onReconnect } from '../../lib/dashboard-socket';
import { applyStatus, presenceFromList, type PresenceMap } from './presence';
import { deviceKeys } from '../../api/devices/devices-query';
import { screensNowKey } from './api/use-screens-now';

const presenceKey = ['screens', 'presence'] as const;

async function fetchPresence(signal?: AbortSignal): Promise<PresenceMap> {
  return presenceFromList(await api.get('/api/devices/presence', ZScreenPresenceAnswer, signal));
}

/**
 * Live online/offline state of the user's screens: the initial state from
 * GET /api/devices/presence, then `screen:status` events on the dashboard socket
 * (lib/dashboard-socket.ts). After a reconnect the
 * state is fetched again, since events sent while disconnected are lost.
 */
export function useScreenPresence(): PresenceMap {
  const qc = useQueryClient();
  const query = useQuery({ queryKey: presenceKey, queryFn: ({ signal }) => fetchPresence(signal), retry: false });

  useEffect(() => {
    const held = acquireDashboardSocket();
    if (!held) return;
    const { socket } = held;
    // A player came, went or reported: the cards' device lists show which device is online, and
    // a report of a new config version means what the screen plays ('Şu an') may have changed
    // (a schedule, a group or a playlist edited elsewhere). Coalesced, since one change to many
    // screens brings a report from each of them.
    let devicesTimer: ReturnType<typeof setTimeout> | undefined;
    const refreshDevicesSoon = () => {
      devicesTimer ??= setTimeout(() => {
        devicesTimer = undefined;
        void qc.invalidateQueries({ queryKey: deviceKeys.all });
        void qc.invalidateQueries({ queryKey: screensNowKey, exact: true });
      }, 1000);
    };
    const stopReconnect = onReconnect(socket, () => {
      void qc.invalidateQueries({ queryKey: presenceKey });
      void qc.invalidateQueries({ queryKey: deviceKeys.all });
      void qc.invalidateQueries({ queryKey: screensNowKey, exact: true });
    });
    const onStatus: ServerToClientEvents['screen:status'] = (event) => {
      qc.setQueryData<PresenceMap>(presenceKey, (old) => applyStatus(old ?? {}, event));
      refreshDevicesSoon();
    };
    socket.on('screen:status', onStatus);
    return () => {
      clearTimeout(devicesTimer);
      stopReconnect();
      socket.off('screen:status', onStatus);
      held.release();
    };
  }, [qc]);

  return query.data ?? {};
}
