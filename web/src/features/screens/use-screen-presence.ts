import { useQuery, type QueryClient } from '@tanstack/react-query';
import { ZScreenPresenceAnswer } from '@pano/contract';
import { api } from '../../lib/api-client';
import { useDashboardEvents, type DashboardListener } from '../../lib/dashboard-socket';
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
  const query = useQuery({ queryKey: presenceKey, queryFn: ({ signal }) => fetchPresence(signal), retry: false });

  useDashboardEvents(listenToPresence);
  return query.data ?? {};
}

/**
 * A player came, went or reported: the cards' device lists show which device is online, and a
 * report of a new config version means what the screen plays ('Şu an') may have changed (a
 * schedule, a group or a playlist edited elsewhere). Coalesced, since one change to many
 * screens brings a report from each of them.
 */
function listenToPresence(qc: QueryClient): DashboardListener {
  let devicesTimer: ReturnType<typeof setTimeout> | undefined;
  const refreshDevicesSoon = () => {
    devicesTimer ??= setTimeout(() => {
      devicesTimer = undefined;
      void qc.invalidateQueries({ queryKey: deviceKeys.all });
      void qc.invalidateQueries({ queryKey: screensNowKey, exact: true });
    }, 1000);
  };
  return {
    on: {
      'screen:status': (event) => {
        qc.setQueryData<PresenceMap>(presenceKey, (old) => applyStatus(old ?? {}, event));
        refreshDevicesSoon();
      },
    },
    reconnected: () => {
      void qc.invalidateQueries({ queryKey: presenceKey });
      void qc.invalidateQueries({ queryKey: deviceKeys.all });
      void qc.invalidateQueries({ queryKey: screensNowKey, exact: true });
    },
    stop: () => clearTimeout(devicesTimer),
  };
}
