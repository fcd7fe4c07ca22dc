import { useEffect } from 'react';
import { useApprovals, useNotifications } from '../../api/approvals.api';
import { trApprovals } from '../../i18n/tr-approvals';
import type { NavNotes } from './sidebar-nav';

type Report = (notes: NavNotes) => void;

/**
 * The sidebar's counts of the approval flow (docs/architecture/approval.md): requests waiting for
 * a publisher ('Onay Bekleyenler') and the person's unread notifications ('Bildirimler', live).
 * Its own chunk, loaded after the first render like SidebarHealth. Renders nothing.
 */
export default function SidebarApprovals({ decides, onNotes }: { decides: boolean; onNotes: Report }) {
  const unread = useNotifications().data?.unread ?? 0;
  return decides ? <PendingCount unread={unread} onNotes={onNotes} /> : <Notes pending={0} unread={unread} onNotes={onNotes} />;
}

function PendingCount({ unread, onNotes }: { unread: number; onNotes: Report }) {
  const pending = useApprovals('pending').data?.pending ?? 0;
  return <Notes pending={pending} unread={unread} onNotes={onNotes} />;
}

function Notes({ pending, unread, onNotes }: { pending: number; unread: number; onNotes: Report }) {
  useEffect(() => onNotes({
    ...(pending > 0 ? { '/approvals': trApprovals.pendingCount(pending) } : {}),
    ...(unread > 0 ? { '/notifications': trApprovals.unreadCount(unread) } : {}),
  }), [pending, unread, onNotes]);
  return null;
}
