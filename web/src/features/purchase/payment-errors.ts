import { errorMessage } from '../../lib/api-error';
import { tr } from '../../i18n/tr';

/** A failure of the card itself (declined, invalid), as opposed to our server failing. */
export class CardPaymentError extends Error {}

/**
 * docs/PRODUCT.md#purchase: "the card error message, or 'Ödeme başarısız'; server failure gives the server
 * message or 'Ödeme sırasında hata oluştu'".
 */
export function paymentErrorText(err: unknown): string {
  if (err instanceof CardPaymentError) return err.message || tr.purchase.cardError;
  return errorMessage(err, tr.purchase.serverError);
}

/** Wraps the card-charging step so its failure reads as a card error. */
export async function asCardStep<T>(step: () => Promise<T>): Promise<T> {
  try {
    return await step();
  } catch (err) {
    throw new CardPaymentError(errorMessage(err, tr.purchase.cardError));
  }
}
