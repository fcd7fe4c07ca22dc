import type { TAccountSummary, TTeam, TTeamInvitation, TTeamMember } from '@pano/contract';
import type { AccountRole } from '../../db/generated/enums.js';

type Group = { id: string; name: string };
type MemberRow = {
  id: string; role: AccountRole; lastActiveAt: Date | null;
  user: { id: string; email: string; firstName: string | null; lastName: string | null };
  groups: { group: Group }[];
};
type InvitationRow = { id: string; email: string; role: AccountRole; groupIds: string[]; expiresAt: Date };

const presentGroup = (g: Group) => ({ _id: g.id, name: g.name });

export const presentMember = (m: MemberRow): TTeamMember => ({
  _id: m.id,
  user: { _id: m.user.id, email: m.user.email, firstName: m.user.firstName, lastName: m.user.lastName },
  role: m.role,
  groups: m.groups.map((g) => presentGroup(g.group)),
  lastActiveAt: m.lastActiveAt?.toISOString() ?? null,
});

/** An invitation's groups by name; a group deleted since it was sent is left out. */
export const presentInvitation = (i: InvitationRow, groups: Map<string, Group>): TTeamInvitation => ({
  _id: i.id,
  email: i.email,
  role: i.role,
  groups: i.groupIds.flatMap((id) => { const g = groups.get(id); return g ? [presentGroup(g)] : []; }),
  expiresAt: i.expiresAt.toISOString(),
});

type TeamParts = {
  account: { id: string; name: string };
  members: MemberRow[];
  invitations: InvitationRow[];
  groups: Group[];
  seats: { used: number; max: number | null };
};

export const presentTeam = (t: TeamParts): TTeam => {
  const groups = new Map(t.groups.map((g) => [g.id, g]));
  return {
    account: { _id: t.account.id, name: t.account.name },
    members: t.members.map(presentMember),
    invitations: t.invitations.map((i) => presentInvitation(i, groups)),
    seats: t.seats,
  };
};

export const presentAccountSummary = (m: { role: AccountRole; account: { id: string; name: string } }): TAccountSummary =>
  ({ _id: m.account.id, name: m.account.name, role: m.role });
