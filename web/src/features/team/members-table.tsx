import { useState } from 'react';
import { ACCOUNT_ROLES, ACCOUNT_ROLE_LABELS, type TAccountRole, type TTeamMember } from '@pano/contract';
import { trTeam } from '../../i18n/tr-team';
import { formatDateTime } from '../../lib/format';
import { Button, CheckList } from '../../components/ui';
import { useCan } from '../../stores/use-can';

const t = trTeam;
/** The roles a select offers: the owner's is given only by transfer. */
const GIVEN_ROLES = ACCOUNT_ROLES.filter((r) => r !== 'owner');

export const personName = (m: TTeamMember) => [m.user.firstName, m.user.lastName].filter(Boolean).join(' ') || m.user.email;

type Group = { _id: string; name: string };
type Props = {
  members: TTeamMember[];
  groups: Group[];
  /** The signed-in person's user id. */
  me: { userId: string };
  /** The signed-in person is limited to screen groups. */
  limited: boolean;
  busyId: string | null;
  onUpdate: (m: TTeamMember, body: { role?: TAccountRole; groups?: string[] }) => Promise<unknown>;
  onRemove: (m: TTeamMember) => void;
  onTransfer: (m: TTeamMember) => void;
};

type GroupsCellProps = { member: TTeamMember; groups: Group[]; disabled: boolean; limited: boolean; onSave: (ids: string[]) => Promise<unknown> };

/** A limited admin gives no more than their own groups: none ticked ('every screen') is said, not sent. */
function GroupsCell({ member, groups, disabled, limited, onSave }: GroupsCellProps) {
  const [editing, setEditing] = useState<string[] | null>(null);
  if (editing) {
    const needsGroup = limited && editing.length === 0;
    return (
      <div className="team-groups">
        <CheckList legend={limited ? t.groupsLegendLimited : t.groupsLegend} name={`groups-${member._id}`} items={groups} selected={editing} onChange={setEditing} empty={t.noGroups} />
        {needsGroup && <p className="field-error" role="alert">{t.limitedNeedsGroup}</p>}
        <div className="team-actions">
          <Button size="sm" disabled={needsGroup} onClick={() => void onSave(editing).then(() => setEditing(null), () => undefined)}>{t.saveGroups}</Button>
          <Button size="sm" variant="ghost" onClick={() => setEditing(null)}>{t.cancel}</Button>
        </div>
      </div>
    );
  }
  return (
    <div className="team-groups">
      <span>{member.groups.length ? member.groups.map((g) => g.name).join(', ') : t.allScreens}</span>
      {!disabled && (
        <Button size="sm" variant="secondary" aria-label={`${t.editGroups}: ${personName(member)}`}
          onClick={() => setEditing(member.groups.map((g) => g._id))}>{t.editGroups}</Button>
      )}
    </div>
  );
}

/** docs/PRODUCT.md#team: role select, groups, last activity, remove and transfer; an admin cannot touch an owner. */
export function MembersTable({ members, groups, me, limited, busyId, onUpdate, onRemove, onTransfer }: Props) {
  const transfers = useCan('owner', { allScreens: true });
  return (
    <div className="table-wrap">
      <table className="table table-stacked team-table">
        <thead>
          <tr>
            <th scope="col">{t.colPerson}</th>
            <th scope="col">{t.colRole}</th>
            <th scope="col">{t.colGroups}</th>
            <th scope="col">{t.colLastActive}</th>
            <th scope="col">{t.colActions}</th>
          </tr>
        </thead>
        <tbody>
          {members.map((m) => {
            const self = m.user._id === me.userId;
            const busy = busyId === m._id;
            // The owner's row changes only by transfer, which only the owner starts (and not one
            // limited to screen groups: docs/architecture/accounts.md#screen-group-limits).
            const canTransfer = transfers && !self;
            const canRemove = m.role !== 'owner';
            return (
              <tr key={m._id} data-testid="team-member">
                <td data-label={t.colPerson}>
                  <span className="team-person">{personName(m)} {self && <span className="muted">{t.you}</span>}</span>
                  {personName(m) !== m.user.email && <span className="team-email">{m.user.email}</span>}
                </td>
                <td data-label={t.colRole}>
                  {m.role === 'owner' ? <strong>{ACCOUNT_ROLE_LABELS.owner}</strong> : (
                    <select className="input team-role-select" aria-label={t.roleLabel(personName(m))} value={m.role} disabled={busy}
                      onChange={(e) => void onUpdate(m, { role: e.target.value as TAccountRole }).catch(() => undefined)}>
                      {GIVEN_ROLES.map((r) => <option key={r} value={r}>{ACCOUNT_ROLE_LABELS[r]}</option>)}
                    </select>
                  )}
                </td>
                <td data-label={t.colGroups}>
                  {/* An owner sees every screen: buying, transferring and deleting are the whole account's. */}
                  <GroupsCell member={m} groups={groups} disabled={m.role === 'owner' || busy} limited={limited} onSave={(ids) => onUpdate(m, { groups: ids })} />
                </td>
                <td data-label={t.colLastActive}>{m.lastActiveAt ? formatDateTime(m.lastActiveAt) : t.never}</td>
                <td data-label={t.colActions} className={canTransfer || canRemove ? undefined : 'team-no-actions'}>
                  <div className="team-actions">
                    {canTransfer && (
                      <Button size="sm" variant="secondary" disabled={busy} onClick={() => onTransfer(m)}
                        aria-label={`${t.transfer}: ${personName(m)}`}>{t.transfer}</Button>
                    )}
                    {canRemove && (
                      <Button size="sm" variant="danger" busy={busy} onClick={() => onRemove(m)}
                        aria-label={`${t.remove}: ${personName(m)}`}>{t.remove}</Button>
                    )}
                  </div>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
