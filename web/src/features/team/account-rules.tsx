import { trApprovals } from '../../i18n/tr-approvals';
import { trTeam } from '../../i18n/tr-team';
import { errorMessage } from '../../lib/api-error';
import { Banner } from '../../components/ui';
import { useSaveTeamSetting, useTeamSettings, type TeamRule } from './api/use-team';

/** One of the account's rules on the team card: a checkbox saved at once, its hint and its refusal. */
function RuleToggle({ field, label, hint, failed }: { field: TeamRule; label: string; hint: string; failed: string }) {
  const settings = useTeamSettings();
  const save = useSaveTeamSetting(field);
  if (!settings.data) return null;
  const checked = save.isPending ? save.variables : settings.data[field];
  return (
    <div className="team-two-factor">
      {save.isError && <Banner tone="error" onDismiss={save.reset}>{errorMessage(save.error, failed)}</Banner>}
      <label className="checkbox-line">
        <input type="checkbox" checked={checked} disabled={save.isPending} onChange={(e) => save.mutate(e.target.checked)} />
        {' '}{label}
      </label>
      <p className="muted">{hint}</p>
    </div>
  );
}

/** 'Tüm üyeler için iki adımlı doğrulama zorunlu' (docs/PRODUCT.md#two-factor). */
export const TwoFactorRequirement = () => (
  <RuleToggle field="twoFactorRequired" label={trTeam.twoFactorRequired} hint={trTeam.twoFactorRequiredHint} failed={trTeam.twoFactorSaveError} />
);

/** 'Onay akışı' (docs/architecture/approval.md). */
export const ApprovalRequirement = () => (
  <RuleToggle field="approvalRequired" label={trApprovals.settingLabel} hint={trApprovals.settingHint} failed={trApprovals.settingError} />
);
