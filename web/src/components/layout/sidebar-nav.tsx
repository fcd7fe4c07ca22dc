import { NavLink } from 'react-router-dom';
import { tr } from '../../i18n/tr';

/**
 * `alarm`: the emergency entry, red so it is found at a glance (white on #B91C1C, 6.5:1).
 * `customerOnly`: a customer's own feature, left out of the admins' content section.
 */
type Link = { to: string; label: string; alarm?: boolean; customerOnly?: boolean };

const contentLinks: Link[] = [
  { to: '/alerts', label: tr.nav.alerts, alarm: true, customerOnly: true },
  { to: '/media', label: tr.nav.media },
  { to: '/playlists', label: tr.nav.playlists },
  { to: '/layouts', label: tr.nav.layouts },
  { to: '/direction', label: tr.nav.ticker },
  { to: '/screens', label: tr.nav.screens },
  { to: '/assignment', label: tr.nav.assignment },
  { to: '/schedule', label: tr.nav.schedule },
  { to: '/packages', label: tr.nav.packages },
];

// Reports ('Raporlar', after Zamanlama) count a customer's own plays; admins have none.
const scheduleAt = contentLinks.findIndex((l) => l.to === '/schedule') + 1;
const customerLinks: Link[] = [
  ...contentLinks.slice(0, scheduleAt),
  { to: '/reports', label: tr.nav.reports },
  ...contentLinks.slice(scheduleAt),
  { to: '/settings', label: tr.nav.settings },
];

/**
 * A member below 'Yayıncı' reads the alerts but cannot send one (docs/architecture/accounts.md#roles):
 * no red entry on top, an ordinary link after 'Raporlar'.
 */
const readerLinks: Link[] = customerLinks.filter((l) => l.to !== '/alerts')
  .flatMap((l) => (l.to === '/reports' ? [l, { to: '/alerts', label: tr.nav.alerts }] : [l]));

/** 'Ekip' (docs/PRODUCT.md#team), for the account's owners and admins. */
const teamLink: Link = { to: '/team', label: tr.nav.team };
/**
 * 'Etkinlik Geçmişi' (docs/PRODUCT.md#activity): for owners and admins who see every screen; the
 * history names all of them, so the server refuses it to a member limited to screen groups.
 */
const activityLink: Link = { to: '/activity', label: tr.nav.activity };
/**
 * The approval flow (docs/architecture/approval.md): 'Onay Bekleyenler' for publishers and above,
 * 'Bildirimler' (the outcome of one's requests) for every member.
 */
const approvalsLink: Link = { to: '/approvals', label: tr.nav.approvals };
const notificationsLink: Link = { to: '/notifications', label: tr.nav.notifications };

export const adminLinks: Link[] = [
  { to: '/admin/packages', label: tr.nav.adminPackages },
  { to: '/admin/sales', label: tr.nav.adminSales },
  { to: '/admin/apk', label: tr.nav.adminApk },
  { to: '/admin/activity', label: tr.nav.adminActivity },
];

/** A short warning shown under a link, by its route ('3 ekran sorunlu' under 'Ekranlar'). */
export type NavNotes = Partial<Record<string, string>>;

function LinkList({ links, onNavigate, notes = {} }: { links: Link[]; onNavigate: () => void; notes?: NavNotes }) {
  return (
    <ul className="nav-list">
      {links.map((l) => (
        <li key={l.to}>
          <NavLink to={l.to} className={({ isActive }) => `nav-link${l.alarm ? ' nav-alarm' : ''}${isActive ? ' active' : ''}`} onClick={onNavigate}>
            {l.label}
            {notes[l.to] && <span className="nav-note" data-testid="nav-note">{notes[l.to]}</span>}
          </NavLink>
        </li>
      ))}
    </ul>
  );
}

/**
 * docs/PRODUCT.md#layout: customers get the content links plus usage; admins an admin panel plus
 * content (no usage). `team`: the person manages the current account's team ('Ekip');
 * `activity`: they may read its history ('Etkinlik Geçmişi'); `sendsAlerts`: their role may send alerts ('Acil Duyuru' first, in red).
 */
export function SidebarNav({ admin, team = false, activity = false, sendsAlerts = false, onNavigate, notes }: {
  admin: boolean; team?: boolean; activity?: boolean; sendsAlerts?: boolean; onNavigate: () => void; notes?: NavNotes;
}) {
  if (!admin) {
    const links = [
      ...(sendsAlerts ? [...customerLinks, approvalsLink] : readerLinks), notificationsLink,
      ...(team ? [teamLink] : []), ...(activity ? [activityLink] : []),
    ];
    return <LinkList links={links} onNavigate={onNavigate} notes={notes} />;
  }
  return (
    <>
      <p className="nav-section">{tr.nav.adminPanel}</p>
      <LinkList links={adminLinks} onNavigate={onNavigate} />
      <p className="nav-section">{tr.nav.content}</p>
      <LinkList links={contentLinks.filter((l) => !l.customerOnly)} onNavigate={onNavigate} notes={notes} />
    </>
  );
}
