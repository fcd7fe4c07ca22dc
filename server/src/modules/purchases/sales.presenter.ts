import type { TSalesPurchase, TSalesReport } from '@pano/contract';
import type { SaleRow, SalesReport } from './sales.service.js';

/** Only the last four digits are ever stored (docs/architecture/purchases.md#purchases), shown as '**** 4242'. */
export const presentSale = (p: SaleRow): TSalesPurchase => ({
  _id: p.id,
  user: p.user ? { email: p.user.email, firstName: p.user.firstName, lastName: p.user.lastName } : null,
  package: { name: p.packageName },
  paymentDetails: {
    // A pending or failed purchase has paid nothing yet; show the price it was for.
    amount: Number(p.amountPaid ?? p.amount),
    cardNumber: p.cardLast4 ? `**** ${p.cardLast4}` : null,
    cardHolder: p.cardHolder,
  },
  mobileVerificationCode: p.mobileCode,
  isMobileVerified: p.isMobileVerified,
  status: p.status,
  createdAt: p.createdAt.toISOString(),
  expiresAt: p.expiresAt?.toISOString() ?? null,
});

export const presentSalesReport = (r: SalesReport): TSalesReport => ({ statistics: r.statistics, purchases: r.purchases.map(presentSale) });
