import { describe, expect, it } from 'vitest';
import { ApiError, errorMessage } from '../../lib/api-error';
import { tr } from '../../i18n/tr';
import { asCardStep } from './payment-errors';

/** The payment forms show errorMessage(err, 'Ödeme sırasında hata oluştu'); a card step's failure reads as the card's. */
const shown = (err: unknown) => errorMessage(err, tr.purchase.serverError);

describe('payment error texts (docs/PRODUCT.md#purchase)', () => {
  it('shows the card error message, or "Ödeme başarısız" when the card step gives none', async () => {
    const declined = await asCardStep(() => Promise.reject(new ApiError('Kartınız reddedildi. Lütfen başka bir kart deneyin.', 400, 'CARD_DECLINED'))).catch((e: unknown) => e);
    expect(shown(declined)).toBe('Kartınız reddedildi. Lütfen başka bir kart deneyin.');
    const offline = await asCardStep(() => Promise.reject(new ApiError('Sunucuya ulaşılamadı', 0))).catch((e: unknown) => e);
    expect(shown(offline)).toBe('Ödeme başarısız');
    const proxy = await asCardStep(() => Promise.reject(new ApiError('HTTP 502', 502))).catch((e: unknown) => e);
    expect(shown(proxy)).toBe('Ödeme başarısız');
  });

  it('shows the server message for server failures, or "Ödeme sırasında hata oluştu"', () => {
    expect(shown(new ApiError('Paket bulunamadı', 404, 'NOT_FOUND'))).toBe('Paket bulunamadı');
    expect(shown(new ApiError('Sunucuya ulaşılamadı', 0))).toBe('Ödeme sırasında hata oluştu');
    expect(shown(new TypeError('boom'))).toBe('Ödeme sırasında hata oluştu');
    expect(shown(new ApiError('Internal Server Error', 500))).toBe('Ödeme sırasında hata oluştu');
  });
});
