import { z } from '@pano/contract/zod';

/** Groups of four as people read card numbers: "4242 4242 4242 4242". */
export function formatCardNumber(raw: string): string {
  return raw.replace(/\D/g, '').slice(0, 19).replace(/(\d{4})(?=\d)/g, '$1 ');
}

/** "1234" → "12/34"; the slash appears as soon as the month is complete. */
export function formatExpiry(raw: string): string {
  const d = raw.replace(/\D/g, '').slice(0, 4);
  return d.length > 2 ? `${d.slice(0, 2)}/${d.slice(2)}` : d;
}

export function formatCvc(raw: string): string {
  return raw.replace(/\D/g, '').slice(0, 4);
}

export type CardFields = { cardHolder: string; cardNumber: string; expiry: string; cvc: string };
export const emptyCard: CardFields = { cardHolder: '', cardNumber: '', expiry: '', cvc: '' };

/** The form can be sent once every field has something plausible in it; the server judges the rest. */
export function isCardComplete(c: CardFields): boolean {
  const digits = c.cardNumber.replace(/\D/g, '');
  return c.cardHolder.trim().length > 0 && digits.length >= 12 && /^\d{2}\/\d{2}$/.test(c.expiry) && /^\d{3,4}$/.test(c.cvc);
}

/** The card form's values: sent as typed once complete (isCardComplete); the server checks them with ZDevCard. */
export const ZCardFields = z.object({ cardHolder: z.string(), cardNumber: z.string(), expiry: z.string(), cvc: z.string() })
  .refine(isCardComplete);
