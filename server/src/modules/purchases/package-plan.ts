import type { Purchase } from '../../db/generated/client.js';
import { toMinorUnits } from '../../payments/payment-provider.js';

export const DAY_MS = 86_400_000;

/** The package running now, as its purchase recorded it (a snapshot: later edits do not count). */
export type PlanCurrent = {
  /** null when the package was deleted since: then nothing can renew it. */
  packageId: string | null;
  /** What was paid for it (TL); with durationDays it gives the daily price the customer paid. */
  amountPaid: number | string;
  durationDays: number;
  expiresAt: Date;
};

/** The running purchase as the package plan reads it: its own snapshot, not today's package. */
export const planCurrentOf = (p: Purchase): PlanCurrent => ({
  packageId: p.packageId,
  amountPaid: (p.amountPaid ?? p.amount).toString(),
  durationDays: p.durationDays,
  expiresAt: p.expiresAt!,
});

/** The package being bought. */
export type PlanTarget = { packageId: string | null; price: number | string; durationDays: number };

/**
 * What buying `target` at `now` does to the running package:
 * - new: nothing runs; the package runs from now for its duration;
 * - renewal: the same package (same id): its days are added after the current expiry;
 * - change: another package starts now; the current one's unused time is converted into
 *   days of the new one in proportion to their daily prices, rounded up to whole days.
 */
export type PackagePlan =
  | { kind: 'new'; remainingMs: 0; extraDays: 0; expiresAt: Date }
  | { kind: 'renewal'; remainingMs: number; extraDays: 0; expiresAt: Date }
  | { kind: 'change'; remainingMs: number; extraDays: number; expiresAt: Date };

/** Remaining time as the customer reads it: a started day counts as a day. */
export const wholeDaysLeft = (remainingMs: number) => Math.ceil(remainingMs / DAY_MS);

/**
 * Unused time of the current package converted into days of the target package, rounded up
 * (the customer's favour). Integer arithmetic on kuruş and milliseconds: a float could round
 * a whole-day result one day down.
 */
export function convertedDays(remainingMs: number, current: Pick<PlanCurrent, 'amountPaid' | 'durationDays'>, target: Pick<PlanTarget, 'price' | 'durationDays'>): number {
  const paid = BigInt(toMinorUnits(current.amountPaid));
  const price = BigInt(toMinorUnits(target.price));
  if (paid === 0n || remainingMs <= 0) return 0;
  // Paid time cannot be turned into days of a free package; callers refuse that purchase.
  if (price === 0n) throw new RangeError('a paid package cannot be converted into a free one');
  const value = BigInt(Math.floor(remainingMs)) * paid * BigInt(target.durationDays);
  const perDay = BigInt(current.durationDays) * price * BigInt(DAY_MS);
  return Number((value + perDay - 1n) / perDay);
}

export function planPackagePurchase(current: PlanCurrent | null, target: PlanTarget, now: Date): PackagePlan {
  const remainingMs = current ? current.expiresAt.getTime() - now.getTime() : 0;
  const days = (n: number) => n * DAY_MS;
  if (!current || remainingMs <= 0) {
    return { kind: 'new', remainingMs: 0, extraDays: 0, expiresAt: new Date(now.getTime() + days(target.durationDays)) };
  }
  if (current.packageId !== null && current.packageId === target.packageId) {
    return { kind: 'renewal', remainingMs, extraDays: 0, expiresAt: new Date(current.expiresAt.getTime() + days(target.durationDays)) };
  }
  const extraDays = convertedDays(remainingMs, current, target);
  return { kind: 'change', remainingMs, extraDays, expiresAt: new Date(now.getTime() + days(target.durationDays + extraDays)) };
}
