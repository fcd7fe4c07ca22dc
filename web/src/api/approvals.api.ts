import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { ZApproval, ZApprovalList, ZApprovalPending, ZApprovalPreview, ZNotificationList, ZNotificationsChangedEvent, type TApprovalStatus } from '@pano/contract';
import { api } from '../lib/api-client';
import { useDashboardEvents, type DashboardListener } from '../lib/dashboard-socket';
import { showAlert } from '../components/ui/dialog-store';
import { trApprovals } from '../i18n/tr-approvals';

/*
 * The approval flow in the dashboard (docs/architecture/approval.md): the requests publishers
 * decide, the requester's notifications, and the answer of an edit that became a request.
 */

export const approvalKeys = {
  all: ['approvals'] as const,
  list: (status: TApprovalStatus) => ['approvals', status] as const,
};
export const notificationKeys = { all: ['notifications'] as const };

/**
 * An edit's answer: the saved row, or null when it became a request (202 `{ approval }`); then
 * the editor is told their change waits for a publisher.
 */
export function savedOrPending<T>(schema: { parse: (v: unknown) => T }): { parse: (v: unknown) => T | null } {
  return {
    parse: (value) => {
      if (ZApprovalPending.safeParse(value).success) {
        void showAlert(trApprovals.pendingNotice, trApprovals.pendingTitle);
        return null;
      }
      return schema.parse(value);
    },
  };
}

/** GET /api/approvals?status= (publishers and above), asked again on `approvals:changed`. */
export function useApprovals(status: TApprovalStatus) {
  useDashboardEvents(listenApprovals);
  return useQuery({
    queryKey: approvalKeys.list(status),
    queryFn: ({ signal }) => api.get(`/api/approvals?status=${status}`, ZApprovalList, signal),
    refetchOnMount: 'always',
  });
}

/**
 * GET /api/approvals/{id}/preview: the request's result as a screen would show it, asked when
 * opened. Not under `approvalKeys.all`: a decision (ours or announced by `approvals:changed`)
 * asks the lists again, and a decided request's preview would only answer 409.
 */
export function useApprovalPreview(id: string) {
  return useQuery({
    queryKey: ['approval-preview', id],
    queryFn: ({ signal }) => api.get(`/api/approvals/${id}/preview`, ZApprovalPreview, signal),
  });
}

/**
 * The socket's handler (a request of the account was made or decided), exported for the tests
 * that stand in for the socket. The sidebar's count and an open 'Onay Bekleyenler' each listen:
 * a read already under way serves the second (`cancelRefetch: false`), so one event is one read.
 */
export function receiveApprovalsChanged(qc: QueryClient): void {
  void qc.invalidateQueries({ queryKey: approvalKeys.all }, { cancelRefetch: false });
}

const listenApprovals = (qc: QueryClient): DashboardListener => ({
  on: { 'approvals:changed': () => receiveApprovalsChanged(qc) },
  reconnected: () => receiveApprovalsChanged(qc),
});

export function useDecideApproval() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, reason }: { id: string; reason?: string }) => (reason === undefined
      ? api.post(`/api/approvals/${id}/approve`, ZApproval)
      : api.post(`/api/approvals/${id}/reject`, ZApproval, { reason })),
    onSettled: () => qc.invalidateQueries({ queryKey: approvalKeys.all }),
  });
}

/** GET /api/notifications: the person's own, kept live by `notifications:changed`. */
export function useNotifications() {
  useDashboardEvents(listenNotifications);
  return useQuery({ queryKey: notificationKeys.all, queryFn: ({ signal }) => api.get('/api/notifications', ZNotificationList, signal) });
}

/**
 * The socket's handler, exported for the tests that stand in for the socket (it is the boundary).
 * The sidebar's count and an open 'Bildirimler' each listen: as for approvals, one event is one read.
 */
export function receiveNotificationsChanged(qc: QueryClient, payload: unknown): void {
  if (ZNotificationsChangedEvent.safeParse(payload).success) askNotificationsAgain(qc);
}
const askNotificationsAgain = (qc: QueryClient) => void qc.invalidateQueries({ queryKey: notificationKeys.all }, { cancelRefetch: false });

const listenNotifications = (qc: QueryClient): DashboardListener => ({
  on: { 'notifications:changed': (payload) => receiveNotificationsChanged(qc, payload) },
  reconnected: () => askNotificationsAgain(qc),
});

/** Marks one notification read, or every one without an id. */
export function useMarkRead() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id?: string) => api.post(id ? `/api/notifications/${id}/read` : '/api/notifications/read', ZNotificationsChangedEvent),
    onSettled: () => qc.invalidateQueries({ queryKey: notificationKeys.all }),
  });
}
