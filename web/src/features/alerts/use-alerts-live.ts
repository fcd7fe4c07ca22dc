import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { TAlert, TAlertAckedEvent, TAlertDetail, TScreenStatusEvent } from '@pano/contract';
import { acquireDashboardSocket, onReconnect } from '../../lib/dashboard-socket';
import { alertKeys } from './api/use-alerts';
import { ackInDetail, ackInList, statusInDetail } from './alert-live';

/**
 * After acknowledgements the server is asked again (its time and latency replace the arrival
 * time), once for a burst: fifty screens confirming within a second make a few reads, not fifty.
 */
export const ACK_READ_DELAY_MS = 300;

const isDetailKey = (key: readonly unknown[]) => key.length === 2 && key[0] === alertKeys.all[0];

/**
 * /alerts live (docs/PRODUCT.md#alerts): `alert:acked` and `screen:status` on the dashboard
 * socket patch the cached list and details at once, so '48 / 50 ekran onayladı' moves without
 * reload and without polling; after a reconnect everything is read again (events sent while
 * the socket was down are lost).
 */
export function useAlertsLive(): void {
  const qc = useQueryClient();
  useEffect(() => {
    const held = acquireDashboardSocket();
    if (!held) return;
    const { socket } = held;
    const toRead = new Set<string>();
    let readTimer: ReturnType<typeof setTimeout> | undefined;
    const readSoon = (alertId: string) => {
      toRead.add(alertId);
      readTimer ??= setTimeout(() => {
        readTimer = undefined;
        for (const id of toRead) void qc.invalidateQueries({ queryKey: alertKeys.detail(id), exact: true });
        toRead.clear();
        void qc.invalidateQueries({ queryKey: alertKeys.all, exact: true });
      }, ACK_READ_DELAY_MS);
    };
    const onAcked = ({ alertId, screenId }: TAlertAckedEvent) => {
      const detail = qc.getQueryData<TAlertDetail>(alertKeys.detail(alertId));
      const known = detail?.acks.screens.some((s) => s._id === screenId && s.acknowledgedAt !== null) ?? false;
      if (detail) qc.setQueryData(alertKeys.detail(alertId), ackInDetail(detail, screenId, new Date().toISOString()));
      if (!known) qc.setQueryData<TAlert[]>(alertKeys.all, (list) => list && ackInList(list, alertId));
      readSoon(alertId);
    };
    const onStatus = (e: TScreenStatusEvent) => {
      qc.setQueriesData<TAlertDetail>({ queryKey: alertKeys.all, predicate: (q) => isDetailKey(q.queryKey) },
        (d) => d && statusInDetail(d, e));
    };
    socket.on('alert:acked', onAcked);
    socket.on('screen:status', onStatus);
    const stopReconnect = onReconnect(socket, () => void qc.invalidateQueries({ queryKey: alertKeys.all }));
    return () => {
      clearTimeout(readTimer);
      socket.off('alert:acked', onAcked);
      socket.off('screen:status', onStatus);
      stopReconnect();
      held.release();
    };
  }, [qc]);
}
