import { describe, expect, it } from 'vitest';
import type { TSalesPurchase } from '@pano/contract';
import { customerCell, mobileLabel, packageName, paymentCell, statusLabel } from './sales-format';

const sale = (patch: Partial<TSalesPurchase> = {}): TSalesPurchase => ({
  _id: '00000000-0000-4000-8000-000000000001',
  user: { email: 'a@b.co', firstName: 'Ali', lastName: 'Veli' },
  package: { name: 'Pro' },
  paymentDetails: { amount: 10, cardNumber: '**** 4242', cardHolder: 'ALI VELI' },
  mobileVerificationCode: 'ABC123',
  isMobileVerified: false,
  status: 'completed',
  createdAt: '2025-01-01T00:00:00Z',
  expiresAt: null,
  ...patch,
});

describe('sales report formatting', () => {
  it('maps statuses to the spec labels; anything unknown reads Süresi Doldu', () => {
    expect(statusLabel('completed')).toEqual({ label: 'Tamamlandı', tone: 'success' });
    expect(statusLabel('pending').label).toBe('Bekliyor');
    expect(statusLabel('failed').label).toBe('Başarısız');
    expect(statusLabel('expired').label).toBe('Süresi Doldu');
    expect(statusLabel('refunded').label).toBe('Süresi Doldu');
  });

  it('shows email and full name, only the email without names, Bilinmiyor without a user', () => {
    expect(customerCell(sale().user)).toEqual({ primary: 'a@b.co', secondary: 'Ali Veli' });
    expect(customerCell({ email: 'x@y.z', firstName: null, lastName: ' ' })).toEqual({ primary: 'x@y.z', secondary: null });
    expect(customerCell(null)).toEqual({ primary: 'Bilinmiyor', secondary: null });
  });

  it('shows the package name or Bilinmiyor', () => {
    expect(packageName(sale())).toBe('Pro');
    expect(packageName(sale({ package: null }))).toBe('Bilinmiyor');
  });

  it('shows card number and holder, or a dash when there was no card', () => {
    expect(paymentCell(sale().paymentDetails)).toBe('**** 4242 · ALI VELI');
    expect(paymentCell({ amount: 0, cardNumber: null, cardHolder: null })).toBe('-');
  });

  it('labels mobile verification Doğrulandı / Bekliyor', () => {
    expect(mobileLabel(sale({ isMobileVerified: true }))).toBe('Doğrulandı');
    expect(mobileLabel(sale())).toBe('Bekliyor');
  });
});
