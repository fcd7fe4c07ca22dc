import type { TPaymentProviderName } from '@pano/contract';

/** Only what is ever stored about a card: never the full number. */
export type CardSummary = { brand: string | null; last4: string | null; holder: string | null };

/** Our own ids travel with every intent and session, so any event leads back to its purchase. */
export type PaymentMetadata = { purchaseId: string; userId: string };

export type ProviderPayment = {
  id: string;
  /** succeeded: money taken; failed: the last attempt was declined; pending: not paid yet. */
  status: 'succeeded' | 'failed' | 'pending';
  /** In kuruş (1/100 TL). */
  amount: number;
  currency: string;
  metadata: Partial<PaymentMetadata>;
  card: CardSummary;
  /** The processor's reason for the last failure, if any (e.g. card_declined). */
  failureCode: string | null;
};

export type ProviderCheckoutSession = {
  id: string;
  paid: boolean;
  /** Set once the customer has paid (or started paying). */
  payment: ProviderPayment | null;
  paymentId: string | null;
  amount: number;
  metadata: Partial<PaymentMetadata>;
};

/** A verified processor event, reduced to what purchases react to. */
export type ProviderEvent =
  | { kind: 'payment.succeeded'; paymentId: string; metadata: Partial<PaymentMetadata> }
  | { kind: 'payment.failed'; paymentId: string; metadata: Partial<PaymentMetadata> }
  | { kind: 'checkout.completed'; sessionId: string; metadata: Partial<PaymentMetadata> }
  | { kind: 'checkout.expired'; sessionId: string; metadata: Partial<PaymentMetadata> }
  | { kind: 'ignored'; type: string };

export type CreatePaymentInput = { amount: number; currency: string; description: string; metadata: PaymentMetadata };
export type CreateCheckoutInput = CreatePaymentInput & { productName: string; successUrl: string; cancelUrl: string };

/**
 * One interface for every card processor (chosen by env in payment-provider.factory.ts).
 * Amounts are integers in the smallest unit (kuruş), as processors take them.
 */
export type PaymentProvider = {
  name: TPaymentProviderName;
  publishableKey?: string;
  createPayment(input: CreatePaymentInput): Promise<{ id: string; clientSecret: string }>;
  retrievePayment(id: string): Promise<ProviderPayment | null>;
  createCheckoutSession(input: CreateCheckoutInput): Promise<{ id: string; url: string }>;
  retrieveCheckoutSession(id: string): Promise<ProviderCheckoutSession | null>;
  /** Verifies the signature over the raw body; throws a 400 AppError when it does not match. */
  parseWebhook(rawBody: Buffer, signature: string | undefined): ProviderEvent;
};

/** TL (two decimals) to kuruş without float drift. */
export const toMinorUnits = (tl: number | string): number => Math.round(Number(tl) * 100);
