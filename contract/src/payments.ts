import { z } from './zod.js';
import { ZId, lowerCaseId, ZIsoDate, storableText } from './common.js';

/** Which card processor the page talks to; `dev` is the built-in test processor of the embedded mode. */
const ZPaymentProviderName = z.enum(['stripe', 'dev']);
export type TPaymentProviderName = z.infer<typeof ZPaymentProviderName>;

/** GET /api/purchase/config */
export const ZPaymentConfig = z.object({
  provider: ZPaymentProviderName,
  publishableKey: z.string().optional(),
});
export type TPaymentConfig = z.infer<typeof ZPaymentConfig>;

const packageId = z.string({ error: 'Paket seçilmedi' }).uuid('Geçersiz paket').transform(lowerCaseId);

/** POST /api/purchase/create-payment-intent */
export const ZCreatePaymentIntentRequest = z.object({ packageId });

/** A bought package as the purchase page's success view shows it. */
const ZPurchaseSummary = z.object({
  _id: ZId,
  status: z.enum(['completed', 'pending', 'failed', 'expired']),
  packageName: z.string(),
  amountPaid: z.number(),
  purchaseDate: ZIsoDate.nullable(),
  expiresAt: ZIsoDate.nullable(),
  mobileCode: z.string().nullable(),
});
export type TPurchaseSummary = z.infer<typeof ZPurchaseSummary>;

/**
 * A paid package answers a client secret for the card form; a free trial (price 0) is
 * completed at once and answers `completed: true` with the purchase instead.
 */
export const ZCreatePaymentIntentResponse = z.union([
  z.object({ completed: z.literal(false), clientSecret: z.string(), paymentIntentId: z.string() }),
  z.object({ completed: z.literal(true), purchase: ZPurchaseSummary }),
]);
export type TCreatePaymentIntentResponse = z.infer<typeof ZCreatePaymentIntentResponse>;

const paymentIntentId = storableText('Ödeme kimliği zorunludur').trim().min(1, 'Ödeme kimliği zorunludur').max(200, 'Geçersiz ödeme kimliği');

/** POST /api/purchase/complete-payment */
export const ZCompletePaymentRequest = z.object({ paymentIntentId });

/** complete-payment and confirm-session answer the same. */
export const ZPurchaseCompletedResponse = z.object({ message: z.string(), purchase: ZPurchaseSummary });
export type TPurchaseCompletedResponse = z.infer<typeof ZPurchaseCompletedResponse>;

const returnUrl = (label: string) =>
  storableText(`${label} zorunludur`).trim().max(2000, `${label} çok uzun`)
    .refine((u) => /^https?:\/\//i.test(u) && URL.canParse(u), `${label} geçerli bir adres olmalıdır`);

/** POST /api/purchase/create-checkout-session */
export const ZCreateCheckoutSessionRequest = z.object({
  packageId,
  successUrl: returnUrl('Dönüş adresi'),
  cancelUrl: returnUrl('İptal adresi'),
});
export type TCreateCheckoutSessionRequest = z.infer<typeof ZCreateCheckoutSessionRequest>;
export const ZCreateCheckoutSessionResponse = z.object({ url: z.string(), sessionId: z.string().nullable() });
export type TCreateCheckoutSessionResponse = z.infer<typeof ZCreateCheckoutSessionResponse>;

/** POST /api/purchase/confirm-session */
export const ZConfirmSessionRequest = z.object({
  sessionId: storableText('Ödeme oturumu zorunludur').trim().min(1, 'Ödeme oturumu zorunludur').max(200, 'Geçersiz ödeme oturumu'),
});

const digits = (v: unknown) => (typeof v === 'string' ? v.replace(/[\s-]/g, '') : v);

/** The dev processor's card fields (the hosted dev checkout page posts the same). */
export const ZDevCard = z.object({
  cardNumber: z.preprocess(digits, z.string({ error: 'Kart numarası zorunludur' })
    .min(1, 'Kart numarası zorunludur').regex(/^\d{12,19}$/, 'Kart numarası geçersiz')),
  cardHolder: storableText('Kart sahibinin adı zorunludur').trim()
    .min(1, 'Kart sahibinin adı zorunludur').max(100, 'Kart sahibinin adı çok uzun'),
  expiry: z.string({ error: 'Son kullanma tarihi zorunludur' }).trim()
    .regex(/^(0[1-9]|1[0-2])\s*\/\s*(\d{2}|\d{4})$/, 'Son kullanma tarihi AA/YY biçiminde olmalıdır'),
  cvc: z.string({ error: 'Güvenlik kodu (CVC) zorunludur' }).trim().regex(/^\d{3,4}$/, 'Güvenlik kodu (CVC) geçersiz'),
});
export type TDevCard = z.infer<typeof ZDevCard>;

/** POST /api/purchase/dev/confirm-card: what Stripe.js's confirmCardPayment does, for the dev processor. */
export const ZDevConfirmCardRequest = ZDevCard.extend({ paymentIntentId });
export type TDevConfirmCardRequest = z.input<typeof ZDevConfirmCardRequest>;
export const ZDevConfirmCardResponse = z.object({ status: z.literal('succeeded'), paymentIntentId: z.string() });
export type TDevConfirmCardResponse = z.infer<typeof ZDevConfirmCardResponse>;
