import type {
  TCreatePaymentIntentResponse, TCurrentPackage, TCurrentPackageResponse, TMyPackage, TPaymentConfig,
  TPurchaseCompletedResponse, TPurchasePlan, TPurchaseSummary,
} from '@pano/contract';
import type { Purchase } from '../../db/generated/client.js';
import type { PaymentProvider } from '../../payments/payment-provider.js';
import type { CompletionResult } from './complete-purchase.js';
import type { MyPackage } from './my-package.service.js';
import { wholeDaysLeft } from './package-plan.js';
import type { PaymentStart } from './purchase-flow.service.js';
import type { PurchasePreview, RunningPackage } from './purchase-plan.service.js';

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

const presentCurrent = (p: Purchase, now: Date): TCurrentPackage => ({
  packageId: p.packageId,
  packageName: p.packageName,
  expiresAt: p.expiresAt!.toISOString(),
  remainingDays: wholeDaysLeft(p.expiresAt!.getTime() - now.getTime()),
  isFree: Number(p.amountPaid ?? p.amount) === 0,
});

export const presentCurrentPackage = ({ running, now }: RunningPackage): TCurrentPackageResponse => ({
  current: running ? presentCurrent(running, now) : null,
});

export const presentPurchasePlan = (p: PurchasePreview): TPurchasePlan => ({
  current: p.running ? presentCurrent(p.running, p.now) : null,
  packageName: p.packageName,
  durationDays: p.durationDays,
  kind: p.plan.kind,
  extraDays: p.plan.extraDays,
  expiresAt: p.plan.expiresAt.toISOString(),
  refusal: p.refusal,
});

export const presentMyPackage = ({ active, usage }: MyPackage): TMyPackage => {
  // Names and limits come from the purchase's snapshot: later edits to the package
  // (or its deletion) never change what a customer bought.
  const limits = { maxMediaUpload: active.maxMediaUploadGb, maxScreens: active.maxScreens, maxPlaylists: active.maxPlaylists };
  return {
    package: { _id: active.packageId, name: active.packageName, duration: active.durationDays, features: limits },
    status: 'completed',
    amountPaid: active.amountPaid,
    purchaseDate: active.completedAt.toISOString(),
    expiresAt: active.expiresAt.toISOString(),
    mobileCode: active.mobileCode,
    isMobileVerified: active.isMobileVerified,
    usage,
    limits,
  };
};
