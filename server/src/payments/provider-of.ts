import type { AppContext } from '../context.js';
import { createPaymentProvider } from './payment-provider.factory.js';
import type { PaymentProvider } from './payment-provider.js';

const providers = new WeakMap<AppContext, PaymentProvider>();

/**
 * One processor per app context, shared by the routes and the job handlers (the dev
 * processor keeps its intents in memory, so both must see the same instance).
 */
export function paymentProviderOf(ctx: AppContext): PaymentProvider {
  let p = providers.get(ctx);
  if (!p) providers.set(ctx, (p = createPaymentProvider(ctx.config)));
  return p;
}
