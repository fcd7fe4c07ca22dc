import type { TCurrentPackage, TCurrentPackageResponse, TPurchasePlan } from '@pano/contract';
import type { AppContext } from '../../context.js';
import type { Purchase } from '../../db/generated/client.js';
import type { AuthUser } from '../../http/request-types.js';
import { getPackage } from '../packages/packages.service.js';
import { findRunningPurchase } from '../entitlements/active-package.js';
import { freeTrialRefusal } from './free-trial.js';
import { DAY_MS, planCurrentOf, planPackagePurchase, wholeDaysLeft } from './package-plan.js';

const presentCurrent = (p: Purchase, now: Date): TCurrentPackage => ({
  packageId: p.packageId,
  packageName: p.packageName,
  expiresAt: p.expiresAt!.toISOString(),
  remainingDays: wholeDaysLeft(p.expiresAt!.getTime() - now.getTime()),
  isFree: Number(p.amountPaid ?? p.amount) === 0,
});

/** GET /api/purchase/current */
export async function currentPackage(ctx: AppContext, user: AuthUser): Promise<TCurrentPackageResponse> {
  const now = ctx.clock();
  const running = await findRunningPurchase(ctx.db, user.id, now);
  return { current: running ? presentCurrent(running, now) : null };
}

/**
 * GET /api/purchase/plan/{packageId}: the preview the purchase page shows, from the same rule
 * and the same snapshot the completion uses. Completion recomputes it from the state at that
 * moment, so a preview left open for a day shows a day more than is converted.
 */
export async function purchasePlan(ctx: AppContext, user: AuthUser, packageId: string): Promise<TPurchasePlan> {
  const pkg = await getPackage(ctx.db, packageId, { includeInactive: false });
  const now = ctx.clock();
  const running = await findRunningPurchase(ctx.db, user.id, now);
  const current = running ? presentCurrent(running, now) : null;
  const base = { current, packageName: pkg.name, durationDays: pkg.durationDays };
  const refusal = Number(pkg.price) === 0 ? await freeTrialRefusal(ctx.db, user.id, now) : null;
  if (refusal) {
    return { ...base, kind: current ? 'change' : 'new', extraDays: 0, expiresAt: new Date(now.getTime() + pkg.durationDays * DAY_MS).toISOString(), refusal };
  }
  const plan = planPackagePurchase(running && planCurrentOf(running), { packageId: pkg.id, price: pkg.price.toString(), durationDays: pkg.durationDays }, now);
  return { ...base, kind: plan.kind, extraDays: plan.extraDays, expiresAt: plan.expiresAt.toISOString(), refusal: null };
}
