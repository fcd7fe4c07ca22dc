import { errorMessage, ShownError } from '../../lib/api-error';
import { tr } from '../../i18n/tr';

/**
 * Wraps the card-charging step (docs/PRODUCT.md#purchase): its failure reads as the card's own message, or
 * 'Ödeme başarısız', rather than as a failure of our server ('Ödeme sırasında hata oluştu').
 */
export async function asCardStep<T>(step: () => Promise<T>): Promise<T> {
  try {
    return await step();
  } catch (err) {
    throw new ShownError(errorMessage(err, tr.purchase.cardError));
  }
}
