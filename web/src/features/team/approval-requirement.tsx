import { trApprovals } from '../../i18n/tr-approvals';
import { errorMessage } from '../../lib/api-error';
import { Banner } from '../../components/ui';
import { useSaveApprovalRequired, useTeamSettings } from './api/use-team';

/** 'Onay akışı' (docs/architecture/approval.md), beside the two-factor requirement on the team card. */
export function ApprovalRequirement() {
  const settings = useTeamSettings();
  const save = useSaveApprovalRequired();
  if (!settings.data) return null;
  const checked = save.isPending ? save.variables : settings.data.approvalRequired;
  return (
    <div className="team-two-factor">
      {save.isError && <Banner tone="error" onDismiss={save.reset}>{errorMessage(save.error, trApprovals.settingError)}</Banner>}
      <label className="checkbox-line">
        <input type="checkbox" checked={checked} disabled={save.isPending} onChange={(e) => save.mutate(e.target.checked)} />
        {' '}{trApprovals.settingLabel}
      </label>
      <p className="muted">{trApprovals.settingHint}</p>
    </div>
  );
}
