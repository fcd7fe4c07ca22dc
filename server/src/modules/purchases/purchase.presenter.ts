import type { TPurchaseSummary } from '@pano/contract';
import type { Purchase } from '../../db/generated/client.js';

export const presentPurchaseSummary = (p: Purchase): TPurchaseSummary => ({
  _id: p.id,
  status: p.status,
  packageName: p.packageName,
  amountPaid: Number(p.amountPaid ?? 0),
  purchaseDate: p.completedAt?.toISOString() ?? null,
  expiresAt: p.expiresAt?.toISOString() ?? null,
  mobileCode: p.mobileCode,
});
