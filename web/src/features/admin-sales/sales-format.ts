import type { TPurchaseStatus, TSalesPurchase } from '@pano/contract';
import { tr } from '../../i18n/tr';

type Tone = 'success' | 'warning' | 'danger' | 'neutral';

/** docs/PRODUCT.md#admin-sales: completed, pending, failed; anything else reads 'Süresi Doldu'. */
export function statusLabel(status: TPurchaseStatus | string): { label: string; tone: Tone } {
  switch (status) {
    case 'completed':
      return { label: tr.adminSales.statusCompleted, tone: 'success' };
    case 'pending':
      return { label: tr.adminSales.statusPending, tone: 'warning' };
    case 'failed':
      return { label: tr.adminSales.statusFailed, tone: 'danger' };
    default:
      return { label: tr.adminSales.statusExpired, tone: 'neutral' };
  }
}

/** Email plus first/last name, or 'Bilinmiyor' for a deleted user. */
export function customerCell(user: TSalesPurchase['user']): { primary: string; secondary: string | null } {
  if (!user) return { primary: tr.adminSales.unknown, secondary: null };
  const name = [user.firstName, user.lastName].filter((s) => s && s.trim()).join(' ');
  return { primary: user.email, secondary: name || null };
}

export const packageName = (p: TSalesPurchase): string => p.package?.name || tr.adminSales.unknown;

/** Card number and holder, or '-' when there was no card (free trial). */
export function paymentCell(d: TSalesPurchase['paymentDetails']): string {
  const parts = paymentLines(d);
  return parts.length ? parts.join(' · ') : '-';
}

/** The same, one line each (card number, holder); empty when there was no card. */
export function paymentLines(d: TSalesPurchase['paymentDetails']): string[] {
  return [d.cardNumber, d.cardHolder].filter((s): s is string => Boolean(s && s.trim()));
}

export const mobileLabel = (p: TSalesPurchase): string => (p.isMobileVerified ? tr.adminSales.verified : tr.adminSales.waiting);
