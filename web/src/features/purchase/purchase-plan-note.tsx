import type { TPurchasePlan } from '@pano/contract';
import { tr } from '../../i18n/tr';
import { formatDate } from '../../lib/format';
import { Card } from '../../components/ui';

/**
 * Before the customer pays: what happens to the running package's remaining days. The numbers
 * come from the server, computed by the rule the completion applies.
 */
export function PurchasePlanNote({ plan }: { plan: TPurchasePlan }) {
  const t = tr.purchase;
  const current = plan.current;
  if (!current || plan.kind === 'new') return null;
  const total = plan.durationDays + plan.extraDays;
  let what: string;
  if (plan.kind === 'renewal') what = t.planRenewal(current.remainingDays, plan.durationDays, formatDate(current.expiresAt));
  else if (current.isFree) what = `${t.planChangeFromFree(current.packageName, current.remainingDays)} ${t.planStarts(plan.packageName, total)}`;
  else what = `${t.planChange(current.packageName, current.remainingDays, plan.packageName, plan.extraDays)} ${t.planStarts(plan.packageName, total)}`;

  return (
    <Card aria-labelledby="purchase-plan-title" data-testid="purchase-plan">
      <h2 id="purchase-plan-title" className="card-title">{t.planTitle}</h2>
      <p data-testid="purchase-plan-text">{what}</p>
      <p className="purchase-plan-end">
        <span>{t.planEnd}</span>
        <strong data-testid="purchase-plan-end">{formatDate(plan.expiresAt)}</strong>
      </p>
      <p className="field-hint">{t.planCodeStays}</p>
    </Card>
  );
}
