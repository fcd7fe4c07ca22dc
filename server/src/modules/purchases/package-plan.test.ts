import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { convertedDays, DAY_MS, planPackagePurchase, wholeDaysLeft, type PlanCurrent } from './package-plan.js';

const now = new Date(Date.UTC(2026, 2, 1, 12));
const at = (days: number) => new Date(now.getTime() + days * DAY_MS);
const PRO = '00000000-0000-4000-8000-000000000001';
const CORP = '00000000-0000-4000-8000-000000000002';
const pro = (daysLeft: number, o: Partial<PlanCurrent> = {}): PlanCurrent => ({ packageId: PRO, amountPaid: 1299, durationDays: 30, expiresAt: at(daysLeft), ...o });

describe('planPackagePurchase', () => {
  it('nothing running (or already over): the package runs from now for its duration', () => {
    expect(planPackagePurchase(null, { packageId: PRO, price: 1299, durationDays: 30 }, now)).toEqual({ kind: 'new', remainingMs: 0, extraDays: 0, expiresAt: at(30) });
    expect(planPackagePurchase(pro(0), { packageId: PRO, price: 1299, durationDays: 30 }, now).kind).toBe('new');
  });

  it('the same package again (by id, even after the package was edited): its days go after the current expiry', () => {
    const plan = planPackagePurchase(pro(20), { packageId: PRO, price: 1500, durationDays: 45 }, now);
    expect(plan).toEqual({ kind: 'renewal', remainingMs: 20 * DAY_MS, extraDays: 0, expiresAt: at(65) });
  });

  it('a same-named package with another id is a change, and a deleted package (null id) renews nothing', () => {
    expect(planPackagePurchase(pro(20), { packageId: CORP, price: 1299, durationDays: 30 }, now)).toMatchObject({ kind: 'change', extraDays: 20, expiresAt: at(50) });
    expect(planPackagePurchase(pro(20, { packageId: null }), { packageId: null, price: 1299, durationDays: 30 }, now).kind).toBe('change');
  });

  it('upgrade: 20 days of Profesyonel (1299/30) become ceil(20·1299/3999) = 7 days of Kurumsal (3999/30)', () => {
    expect(planPackagePurchase(pro(20), { packageId: CORP, price: 3999, durationDays: 30 }, now)).toEqual({ kind: 'change', remainingMs: 20 * DAY_MS, extraDays: 7, expiresAt: at(37) });
  });

  it('downgrade: 20 days of Kurumsal become ceil(20·3999/499) = 161 days of Başlangıç', () => {
    const corp = pro(20, { packageId: CORP, amountPaid: 3999 });
    expect(planPackagePurchase(corp, { packageId: PRO, price: 499, durationDays: 30 }, now)).toMatchObject({ kind: 'change', extraDays: 161, expiresAt: at(191) });
  });

  it('daily prices, not package prices: a 365-day package converts by its per-day price', () => {
    // 100 days left of 3650 TL / 365 days = 10 TL a day → 1000 TL → 1000 / (300/30) = 100 days.
    expect(convertedDays(100 * DAY_MS, { amountPaid: 3650, durationDays: 365 }, { price: 300, durationDays: 30 })).toBe(100);
  });

  it('a free trial converts into 0 days; paid time is never converted into a free package', () => {
    const trial = pro(10, { packageId: 'trial', amountPaid: 0, durationDays: 14 });
    expect(planPackagePurchase(trial, { packageId: CORP, price: 3999, durationDays: 30 }, now)).toMatchObject({ kind: 'change', extraDays: 0, expiresAt: at(30) });
    expect(() => planPackagePurchase(pro(10), { packageId: 'trial', price: 0, durationDays: 14 }, now)).toThrow(RangeError);
  });

  it('rounds a part of a day up, both in what the customer reads and in what is converted', () => {
    expect(wholeDaysLeft(19.2 * DAY_MS)).toBe(20);
    expect(wholeDaysLeft(DAY_MS)).toBe(1);
    expect(convertedDays(1, { amountPaid: 499, durationDays: 30 }, { price: 3999, durationDays: 30 })).toBe(1);
  });
});

// Arbitrary but realistic purchases: prices up to 1,000,000 TL with kuruş, 1-3650 days.
const price = fc.integer({ min: 1, max: 100_000_000 }).map((k) => k / 100);
const duration = fc.integer({ min: 1, max: 3650 });
const remaining = fc.integer({ min: 1, max: 3650 * DAY_MS });
const MAX_DATE_MS = 8.64e15;

describe('planPackagePurchase properties', () => {
  it('paid days are never lost: the new time is worth at least the unused time plus what is bought', () => {
    fc.assert(fc.property(price, duration, price, duration, remaining, (p1, d1, p2, d2, rem) => {
      const current: PlanCurrent = { packageId: PRO, amountPaid: p1, durationDays: d1, expiresAt: new Date(now.getTime() + rem) };
      const plan = planPackagePurchase(current, { packageId: CORP, price: p2, durationDays: d2 }, now);
      // Compared in kuruş·ms·days, exactly: (extra days · p2/d2) ≥ (rem/DAY · p1/d1).
      const worthNew = BigInt(plan.extraDays) * BigInt(DAY_MS) * BigInt(Math.round(p2 * 100)) * BigInt(d1);
      const worthOld = BigInt(rem) * BigInt(Math.round(p1 * 100)) * BigInt(d2);
      expect(worthNew >= worthOld).toBe(true);
      // Absurd price ratios give expiries past the last date a Date can hold; the rest must be exact.
      const end = now.getTime() + (d2 + plan.extraDays) * DAY_MS;
      if (end <= MAX_DATE_MS) expect(plan.expiresAt.getTime()).toBe(end);
    }));
  });

  it('rounded in the customer’s favour, by less than one day: one day fewer would lose paid time', () => {
    fc.assert(fc.property(price, duration, price, duration, remaining, (p1, d1, p2, d2, rem) => {
      const extra = convertedDays(rem, { amountPaid: p1, durationDays: d1 }, { price: p2, durationDays: d2 });
      const worthOld = BigInt(rem) * BigInt(Math.round(p1 * 100)) * BigInt(d2);
      const worthOneLess = BigInt(extra - 1) * BigInt(DAY_MS) * BigInt(Math.round(p2 * 100)) * BigInt(d1);
      expect(extra).toBeGreaterThanOrEqual(1);
      expect(worthOneLess < worthOld).toBe(true);
    }));
  });

  it('a renewal keeps every remaining millisecond and adds exactly the bought days', () => {
    fc.assert(fc.property(price, duration, price, duration, remaining, (p1, d1, p2, d2, rem) => {
      const current: PlanCurrent = { packageId: PRO, amountPaid: p1, durationDays: d1, expiresAt: new Date(now.getTime() + rem) };
      const plan = planPackagePurchase(current, { packageId: PRO, price: p2, durationDays: d2 }, now);
      expect(plan.kind).toBe('renewal');
      expect(plan.expiresAt.getTime() - now.getTime()).toBe(rem + d2 * DAY_MS);
    }));
  });

  it('the same price per day converts day for day (a started day rounds up)', () => {
    fc.assert(fc.property(price, duration, remaining, (p, d, rem) => {
      expect(convertedDays(rem, { amountPaid: p, durationDays: d }, { price: p, durationDays: d })).toBe(Math.ceil(rem / DAY_MS));
    }));
  });
});
