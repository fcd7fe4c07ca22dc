import type {
  TCreatePaymentIntentResponse, TPaymentConfig, TPurchaseCompletedResponse, TPurchaseSummary,
} from '@pano/contract';
import type { Purchase } from '../../db/generated/client.js';
import type { PaymentProvider } from '../../payments/payment-provider.js';
import type { CompletionResult } from './complete-purchase.js';
import type { PaymentStart } from './purchase-flow.service.js';

export const presentPurchaseSummary = (p: Purchase): TPurchaseSummary => ({
  _id: p.id,
  status: p.status,
  packageName: p.packageName,
  amountPaid: Number(p.amountPaid ?? 0),
  purchaseDate: p.completedAt?.toISOString() ?? null,
  expiresAt: p.expiresAt?.toISOString() ?? null,
  mobileCode: p.mobileCode,
});

export const presentPaymentStart = (s: PaymentStart): TCreatePaymentIntentResponse =>
  s.completed ? { completed: true, purchase: presentPurchaseSummary(s.purchase) } : s;

export const presentPurchaseCompleted = (r: CompletionResult): TPurchaseCompletedResponse => ({
  message: 'Ödeme başarıyla tamamlandı. Paketiniz aktif.',
  purchase: presentPurchaseSummary(r.purchase),
});

export const presentPaymentConfig = (provider: Pick<PaymentProvider, 'name' | 'publishableKey'>): TPaymentConfig =>
  provider.publishableKey ? { provider: provider.name, publishableKey: provider.publishableKey } : { provider: provider.name };
