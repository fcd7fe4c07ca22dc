import { useState } from 'react';
import { ACCOUNT_ROLES, ACCOUNT_ROLE_LABELS, ZInviteRequest, type TInviteResponse, type TTeamInvitation } from '@pano/contract';
import { trTeam } from '../../i18n/tr-team';
import { errorMessage } from '../../lib/api-error';
import { formatDateTime } from '../../lib/format';
import { useZodForm } from '../../lib/use-zod-form';
import { Banner, Button, Card, CheckList, Form, SelectField, TextField, showConfirm } from '../../components/ui';
import { useInvite, useRevokeInvitation } from './api/use-team';

const t = trTeam;
const GIVEN_ROLES = ACCOUNT_ROLES.filter((r) => r !== 'owner');
type Group = { _id: string; name: string };

/** The one-time link, to copy; mailed too when the server has mail set up. */
function LinkOnce({ sent, onDone }: { sent: TInviteResponse; onDone: () => void }) {
  const [copied, setCopied] = useState(false);
  const copy = () => {
    void navigator.clipboard?.writeText(sent.link).then(() => setCopied(true), () => setCopied(false));
  };
  return (
    <div className="team-link" data-testid="invitation-link">
      <p className="field-label">{t.linkTitle(sent.email)}</p>
      <Banner tone={sent.mailed ? 'success' : 'warning'}>{sent.mailed ? t.linkMailed : t.linkNotMailed}</Banner>
      <div className="team-link-row">
        <code className="team-link-value">{sent.link}</code>
        <Button size="sm" variant="secondary" onClick={copy}>{copied ? t.copied : t.copy}</Button>
      </div>
      <Button size="sm" onClick={onDone}>{t.done}</Button>
    </div>
  );
}

/**
 * docs/PRODUCT.md#team: 'Kişi davet et' and the open invitations with 'Geri al'. `ownGroups`: the
 * inviter's screen groups, the form's first choice; a limited inviter gives no more than they
 * have (docs/architecture/accounts.md#screen-group-limits), so 'every screen' would be refused.
 */
export function InviteCard({ invitations, groups, ownGroups }: { invitations: TTeamInvitation[]; groups: Group[]; ownGroups: string[] }) {
  const invite = useInvite();
  const revoke = useRevokeInvitation();
  const form = useZodForm(ZInviteRequest, { email: '', role: 'editor', groups: ownGroups });
  const [sent, setSent] = useState<TInviteResponse | null>(null);
  const chosen = form.watch('groups') ?? [];
  // A limited inviter who unticks every group would give 'every screen': said here, never sent.
  const limited = ownGroups.length > 0;
  const needsGroup = limited && chosen.length === 0;

  const send = form.handleSubmit((body) => {
    if (needsGroup) return;
    revoke.reset();
    return invite.mutateAsync(body, {
      onSuccess: (answer) => {
        setSent(answer);
        form.reset();
      },
    });
  });
  const onRevoke = async (inv: TTeamInvitation) => {
    if (!(await showConfirm(t.revokeConfirm, { title: inv.email, confirmLabel: t.revoke, danger: true }))) return;
    invite.reset();
    revoke.mutate(inv._id);
  };

  return (
    <Card aria-labelledby="team-invite-title">
      <h2 id="team-invite-title" className="card-title">{t.inviteTitle}</h2>
      {invite.isError && <Banner tone="error" onDismiss={invite.reset}>{errorMessage(invite.error, t.inviteError)}</Banner>}
      {revoke.isError && <Banner tone="error" onDismiss={revoke.reset}>{errorMessage(revoke.error, t.revokeError)}</Banner>}
      {sent ? <LinkOnce sent={sent} onDone={() => setSent(null)} /> : (
        <Form className="form team-invite-form" onSubmit={send}>
          <div className="team-invite-row">
            <TextField label={t.emailLabel} type="email" autoComplete="off" maxLength={254}
              error={form.formState.errors.email?.message} {...form.register('email')} />
            <SelectField label={t.roleField} error={form.formState.errors.role?.message} {...form.register('role')}>
              {GIVEN_ROLES.map((r) => <option key={r} value={r}>{ACCOUNT_ROLE_LABELS[r]}</option>)}
            </SelectField>
          </div>
          <CheckList legend={limited ? t.groupsLegendLimited : t.groupsLegend} name="groups" items={groups} selected={chosen} empty={t.noGroups}
            onChange={(ids) => form.setValue('groups', ids)} />
          {needsGroup && <p className="field-error" role="alert">{t.limitedNeedsGroup}</p>}
          <div>
            <Button type="submit" busy={invite.isPending} busyText={t.inviting}>{t.invite}</Button>
          </div>
        </Form>
      )}
      <h3 className="card-title team-invitations-title">{t.invitationsTitle}</h3>
      {invitations.length === 0 ? <p className="muted">{t.noInvitations}</p> : (
        <ul className="team-list">
          {invitations.map((inv) => (
            <li key={inv._id} className="team-invitation" data-testid="team-invitation">
              <div className="team-invitation-main">
                <p><strong>{inv.email}</strong> · {ACCOUNT_ROLE_LABELS[inv.role]}{inv.groups.length ? ` · ${inv.groups.map((g) => g.name).join(', ')}` : ''}</p>
                <p className="muted small">{t.expires(formatDateTime(inv.expiresAt))}</p>
              </div>
              <Button size="sm" variant="danger" busy={revoke.isPending && revoke.variables === inv._id}
                onClick={() => void onRevoke(inv)} aria-label={`${t.revoke}: ${inv.email}`}>{t.revoke}</Button>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
