import type { TDevCard } from '@pano/contract';
import { badRequest } from '../http/errors.js';
import { paymentFailed } from './payment-errors.js';
import type { CardSummary } from './payment-provider.js';

/** The dev processor's test cards, numbered as Stripe's test mode numbers them. */
const TEST_CARDS: Record<string, { brand: string } | { decline: string }> = {
  '4242424242424242': { brand: 'visa' },
  '5555555555554444': { brand: 'mastercard' },
  '4000000000000002': { decline: 'card_declined' },
  '4000000000009995': { decline: 'insufficient_funds' },
  '4000000000000069': { decline: 'expired_card' },
};

export type DevCardResult = { ok: true; card: CardSummary } | { ok: false; decline: string };

/**
 * Checks the fields like a processor would. Malformed input is a 400 validation error; a
 * declined test card returns `{ok: false}` so the caller can record the failed attempt.
 */
export function chargeDevCard(card: TDevCard, now: Date): DevCardResult {
  const [mm, yy] = card.expiry.split('/').map((s) => Number(s.trim())) as [number, number];
  const year = yy < 100 ? 2000 + yy : yy;
  // A card is valid through the last day of its expiry month.
  if (new Date(Date.UTC(year, mm, 1)) <= now) throw badRequest('Kartın son kullanma tarihi geçmiş.');
  const known = TEST_CARDS[card.cardNumber];
  if (!known) throw paymentFailed('Kart numarası geçersiz. Test ortamında 4242 4242 4242 4242 kartını kullanabilirsiniz.');
  if ('decline' in known) return { ok: false, decline: known.decline };
  return { ok: true, card: { brand: known.brand, last4: card.cardNumber.slice(-4), holder: card.cardHolder } };
}
