import type { AppContext } from '../../context.js';
import type { Purchase } from '../../db/generated/client.js';
import { getPackage } from '../packages/packages.service.js';
import { findRunningPurchase } from '../entitlements/active-package.js';
import { freeTrialRefusal } from './free-trial.js';
import type { Buyer } from './pending-purchase.js';
import { DAY_MS, planCurrentOf, planPackagePurchase, type PackagePlan } from './package-plan.js';

/** The purchase running at `now`, null when none runs; its days left are counted from `now`. */
export type RunningPackage = { running: Purchase | null; now: Date };

/** What paying for a package now would do to the running one, as the purchase page previews it. */
export type PurchasePreview = RunningPackage & {
  packageName: string;
  durationDays: number;
  plan: Pick<PackagePlan, 'kind' | 'extraDays' | 'expiresAt'>;
  /** Why the package cannot be bought now, or null. */
  refusal: string | null;
};

/** GET /api/purchase/current */
export async function currentPackage(ctx: AppContext, accountId: string): Promise<RunningPackage> {
  const now = ctx.clock();
  return { running: await findRunningPurchase(ctx.db, accountId, now), now };
}

/**
 * GET /api/purchase/plan/{packageId}: the preview the purchase page shows, from the same rule
 * and the same snapshot the completion uses. Completion recomputes it from the state at that
 * moment, so a preview left open for a day shows a day more than is converted.
 */
export async function purchasePlan(ctx: AppContext, buyer: Buyer, packageId: string): Promise<PurchasePreview> {
  const { accountId } = buyer;
  const pkg = await getPackage(ctx.db, packageId, { includeInactive: false });
  const now = ctx.clock();
  const running = await findRunningPurchase(ctx.db, accountId, now);
  const base = { running, now, packageName: pkg.name, durationDays: pkg.durationDays };
  const refusal = Number(pkg.price) === 0 ? await freeTrialRefusal(ctx.db, buyer, now) : null;
  if (refusal) {
    return { ...base, plan: { kind: running ? 'change' : 'new', extraDays: 0, expiresAt: new Date(now.getTime() + pkg.durationDays * DAY_MS) }, refusal };
  }
  const plan = planPackagePurchase(running && planCurrentOf(running), { packageId: pkg.id, price: pkg.price.toString(), durationDays: pkg.durationDays }, now);
  return { ...base, plan, refusal: null };
}
