import type { TestApp, TestUser } from '../../../test/harness.js';

/** Test-only helpers for payment route tests (no mocks: real rows, real processor code). */
export async function newPackage(t: TestApp, o: { price?: number; durationDays?: number; isActive?: boolean; name?: string; maxScreens?: number } = {}) {
  return t.ctx.db.package.create({
    data: {
      name: o.name ?? `Paket ${Math.random().toString(36).slice(2, 7)}`, description: 'Test paketi',
      price: o.price ?? 499, durationDays: o.durationDays ?? 30, isActive: o.isActive ?? true,
      maxMediaUploadGb: 5, maxScreens: o.maxScreens ?? 3, maxPlaylists: 10,
    },
  });
}

export const purchasesOf = (t: TestApp, u: TestUser) =>
  t.ctx.db.purchase.findMany({ where: { userId: u.id }, orderBy: { createdAt: 'asc' } });

export const MOBILE_CODE = /^[ABCDEFGHJKMNPQRSTUVWXYZ23456789]{8}$/;
export const DAY_MS = 86_400_000;

export const card = (cardNumber = '4242 4242 4242 4242') => ({ cardNumber, cardHolder: 'Ayşe Yılmaz', expiry: '12/34', cvc: '123' });
