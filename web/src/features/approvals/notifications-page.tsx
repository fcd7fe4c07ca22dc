import './approvals.css';
import type { TNotification } from '@pano/contract';
import { trApprovals } from '../../i18n/tr-approvals';
import { errorMessage } from '../../lib/api-error';
import { formatDateTime } from '../../lib/format';
import { Badge, Banner, Button, EmptyState, PageHeader, Spinner } from '../../components/ui';
import { useMarkRead, useNotifications } from '../../api/approvals.api';

const t = trApprovals;

const textOf = (n: TNotification) => {
  const a = n.approval;
  if (!a) return '';
  const say = n.kind === 'approval.approved' ? t.approvedText : t.rejectedText;
  return say(t.kinds[a.target.type] ?? a.target.type, a.target.name, a.decidedBy);
};

/** 'Bildirimler' (docs/architecture/approval.md#notifications): the outcome of one's requests, live. */
export function NotificationsPage() {
  const list = useNotifications();
  const mark = useMarkRead();
  return (
    <div className="page notifications-page">
      <PageHeader title={t.notificationsTitle} lead={t.notificationsLead}
        actions={list.data && list.data.unread > 0 ? <Button variant="secondary" busy={mark.isPending && mark.variables === undefined} onClick={() => mark.mutate(undefined)}>{t.markAllRead}</Button> : undefined} />
      {mark.isError && <Banner tone="error" onDismiss={mark.reset}>{errorMessage(mark.error, t.notificationsError)}</Banner>}
      {list.isPending ? <Spinner />
        : list.isError ? <Banner tone="error">{errorMessage(list.error, t.notificationsError)}</Banner>
          : !list.data.notifications.length ? <EmptyState title={t.notificationsEmpty} />
            : (
              <ul className="notification-list">
                {list.data.notifications.map((n) => (
                  <li key={n._id} className={`notification-item${n.readAt ? '' : ' is-unread'}`} data-testid="notification">
                    {!n.readAt && <Badge tone="warning">{t.unread}</Badge>}
                    <p className="notification-text">
                      {textOf(n)}
                      {n.approval?.reason && <><br />{t.reason(n.approval.reason)}</>}
                      <br /><span className="muted">{formatDateTime(n.createdAt)}</span>
                    </p>
                    {!n.readAt && <Button size="sm" variant="secondary" busy={mark.isPending && mark.variables === n._id} onClick={() => mark.mutate(n._id)}>{t.markRead}</Button>}
                  </li>
                ))}
              </ul>
            )}
    </div>
  );
}
