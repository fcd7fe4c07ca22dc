import './team.css';
import { ZTeamRenameRequest, type TAccountRole, type TTeamMember } from '@pano/contract';
import { trTeam } from '../../i18n/tr-team';
import { errorMessage } from '../../lib/api-error';
import { useZodForm } from '../../lib/use-zod-form';
import { useScreenGroups } from '../../api/screen-groups.api';
import { useSession } from '../../stores/session-store';
import { useCan } from '../../stores/use-can';
import { Banner, Button, Card, Form, PageHeader, Spinner, TextField, showConfirm } from '../../components/ui';
import { useRemoveMember, useRenameAccount, useTeam, useTransferOwnership, useUpdateMember } from './api/use-team';
import { DeleteAccountCard } from './delete-account-card';
import { ApprovalRequirement, TwoFactorRequirement } from './account-rules';
import { InviteCard } from './invite-card';
import { SsoCard } from './sso-card';
import { MembersTable, personName } from './members-table';

const t = trTeam;

function RenameForm({ name }: { name: string }) {
  const rename = useRenameAccount();
  const form = useZodForm(ZTeamRenameRequest, { name });
  const send = form.handleSubmit(({ name: next }) => rename.mutateAsync(next));
  return (
    <Form className="form team-name-form" onSubmit={send}>
      {rename.isError && <Banner tone="error" onDismiss={rename.reset}>{errorMessage(rename.error, t.renameError)}</Banner>}
      <TextField label={t.accountName} maxLength={100} error={form.formState.errors.name?.message} {...form.register('name')} />
      <Button type="submit" variant="secondary" busy={rename.isPending}>{t.rename}</Button>
    </Form>
  );
}

function TeamContent({ me }: { me: { userId: string } }) {
  const owns = useCan('owner');
  // The account's name, sign-in rules and company sign-in are account-wide: not for a member
  // limited to screen groups (the server refuses them; docs/architecture/accounts.md).
  const accountWide = useCan('admin', { allScreens: true });
  const team = useTeam();
  const groups = useScreenGroups();
  const update = useUpdateMember();
  const remove = useRemoveMember();
  const transfer = useTransferOwnership();
  const verify = useSession((s) => s.verify);

  if (team.isPending) return <Spinner />;
  if (team.isError) return <Banner tone="error">{errorMessage(team.error, t.loadError)}</Banner>;
  const { account, members, invitations, seats } = team.data;
  const groupItems = (groups.data ?? []).map((g) => ({ _id: g._id, name: g.name }));
  const ownGroups = members.find((m) => m.user._id === me.userId)?.groups.map((g) => g._id) ?? [];
  const clear = () => { update.reset(); remove.reset(); transfer.reset(); };

  const onUpdate = (m: TTeamMember, body: { role?: TAccountRole; groups?: string[] }) => {
    clear();
    // One's own role changed: the menu and the pages follow it.
    return update.mutateAsync({ id: m._id, body }, { onSuccess: () => { if (m.user._id === me.userId) void verify(); } });
  };
  const busyId = update.isPending ? update.variables.id : remove.isPending ? remove.variables : null;
  const onRemove = async (m: TTeamMember) => {
    if (!(await showConfirm(t.removeConfirm(personName(m)), { title: personName(m), confirmLabel: t.remove, danger: true }))) return;
    clear();
    remove.mutate(m._id);
  };
  const onTransfer = async (m: TTeamMember) => {
    if (!(await showConfirm(t.transferConfirm(personName(m)), { title: t.transfer, confirmLabel: t.transfer, danger: true }))) return;
    clear();
    transfer.mutate(m._id, { onSuccess: () => void verify() });
  };

  return (
    <>
      <Card aria-labelledby="team-account-title">
        <h2 id="team-account-title" className="card-title">{account.name}</h2>
        {accountWide && <RenameForm key={account.name} name={account.name} />}
        <p className="muted team-seats" data-testid="team-seats">{t.seats(seats.used, seats.max)}</p>
        {accountWide && <TwoFactorRequirement />}
        {accountWide && <ApprovalRequirement />}
      </Card>
      <section aria-labelledby="team-members-title">
        <h2 id="team-members-title" className="card-title">{t.membersTitle}</h2>
        {update.isError && <Banner tone="error" onDismiss={update.reset}>{errorMessage(update.error, t.saveError)}</Banner>}
        {remove.isError && <Banner tone="error" onDismiss={remove.reset}>{errorMessage(remove.error, t.removeError)}</Banner>}
        {transfer.isError && <Banner tone="error" onDismiss={transfer.reset}>{errorMessage(transfer.error, t.transferError)}</Banner>}
        <MembersTable members={members} groups={groupItems} me={me} limited={ownGroups.length > 0}
          busyId={busyId}
          onUpdate={onUpdate} onRemove={(m) => void onRemove(m)} onTransfer={(m) => void onTransfer(m)} />
      </section>
      <InviteCard invitations={invitations} groups={groupItems} ownGroups={ownGroups} />
      {accountWide && <SsoCard />}
      {owns && <DeleteAccountCard accountName={account.name} />}
    </>
  );
}

/** docs/PRODUCT.md#team: 'Ekip', for the account's owners and admins. */
export function TeamPage() {
  const user = useSession((s) => s.user);
  const manages = useCan('admin');
  return (
    <div className="page team-page">
      <PageHeader title={t.title} lead={t.lead} />
      {user && manages
        ? <TeamContent me={{ userId: user._id }} />
        : <Banner tone="error">{t.onlyManagers}</Banner>}
    </div>
  );
}
