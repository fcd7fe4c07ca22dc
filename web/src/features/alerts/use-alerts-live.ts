import type { QueryClient } from '@tanstack/react-query';
import type { TAlert, TAlertDetail } from '@pano/contract';
import { useDashboardEvents, type DashboardListener } from '../../lib/dashboard-socket';
import { alertKeys } from './api/use-alerts';
import { ackInDetail, ackInList, statusInDetail } from './alert-live';

/** Acknowledgements arriving within this are shown together: one render for a burst. */
export const ACK_BATCH_MS = 100;
/**
 * The server is asked again after acknowledgements (its time and latency replace the arrival
 * time): first this long after the first of a burst, then at most once a second while they
 * keep coming, so thousands of screens confirming make a few reads, not thousands.
 */
export const ACK_READ_DELAY_MS = 300;
export const ACK_READ_EVERY_MS = 1000;

const isDetailKey = (key: readonly unknown[]) => key.length === 2 && key[0] === alertKeys.all[0];

/**
 * /alerts live (docs/PRODUCT.md#alerts): `alert:acked` and `screen:status` on the dashboard
 * socket patch the cached list and details, so '48 / 50 ekran onayladı' moves without reload
 * and without polling; `alert:changed` (an alert sent, ended or run out, from here or from
 * anywhere else: a fire panel's API key) reads the list and that alert again. After a reconnect
 * everything is read again (events sent while the socket was down are lost).
 */
export const useAlertsLive = (): void => useDashboardEvents(listenToAlerts);

function listenToAlerts(qc: QueryClient): DashboardListener {
  const toRead = new Set<string>();
  let readTimer: ReturnType<typeof setTimeout> | undefined;
  let lastReadAt = -Infinity;
  const readSoon = (alertId: string) => {
    toRead.add(alertId);
    if (readTimer) return;
    readTimer = setTimeout(() => {
      readTimer = undefined;
      lastReadAt = Date.now();
      for (const id of toRead) void qc.invalidateQueries({ queryKey: alertKeys.detail(id), exact: true });
      toRead.clear();
      void qc.invalidateQueries({ queryKey: alertKeys.all, exact: true });
    }, Math.max(ACK_READ_DELAY_MS, lastReadAt + ACK_READ_EVERY_MS - Date.now()));
  };

  const pending = new Map<string, Set<string>>();
  let batchTimer: ReturnType<typeof setTimeout> | undefined;
  const applyAcks = () => {
    batchTimer = undefined;
    const receivedAt = new Date().toISOString();
    for (const [alertId, screenIds] of pending) {
      const detail = qc.getQueryData<TAlertDetail>(alertKeys.detail(alertId));
      const fresh = detail ? [...screenIds].filter((id) => detail.acks.screens.some((s) => s._id === id && s.acknowledgedAt === null)) : [...screenIds];
      if (detail) qc.setQueryData(alertKeys.detail(alertId), ackInDetail(detail, fresh, receivedAt));
      qc.setQueryData<TAlert[]>(alertKeys.all, (list) => list && ackInList(list, alertId, fresh.length));
      readSoon(alertId);
    }
    pending.clear();
  };

  return {
    on: {
      'alert:acked': ({ alertId, screenId }) => {
        const ids = pending.get(alertId) ?? new Set<string>();
        pending.set(alertId, ids.add(screenId));
        batchTimer ??= setTimeout(applyAcks, ACK_BATCH_MS);
      },
      'alert:changed': ({ alertId }) => {
        void qc.invalidateQueries({ queryKey: alertKeys.all, exact: true });
        void qc.invalidateQueries({ queryKey: alertKeys.detail(alertId), exact: true });
      },
      'screen:status': (e) => {
        qc.setQueriesData<TAlertDetail>({ queryKey: alertKeys.all, predicate: (q) => isDetailKey(q.queryKey) },
          (d) => d && statusInDetail(d, e));
      },
    },
    reconnected: () => void qc.invalidateQueries({ queryKey: alertKeys.all }),
    stop: () => {
      clearTimeout(readTimer);
      clearTimeout(batchTimer);
    },
  };
}
