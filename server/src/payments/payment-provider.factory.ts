import type { AppConfig } from '../config/env.js';
import { createDevProvider } from './dev-provider.js';
import type { PaymentProvider } from './payment-provider.js';
import { createStripeProvider } from './stripe-provider.js';

/** Stripe when STRIPE_SECRET_KEY is set, else the dev processor (so the embedded mode can sell). */
export function createPaymentProvider(config: Pick<AppConfig, 'stripe'>): PaymentProvider {
  const s = config.stripe;
  if (s.secretKey) return createStripeProvider({ ...s, secretKey: s.secretKey });
  return createDevProvider();
}
