import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api-error';
import { asCardStep, CardPaymentError, paymentErrorText } from './payment-errors';

describe('payment error texts (docs/PRODUCT.md#purchase)', () => {
  it('shows the card error message, or "Ödeme başarısız" when the card step gives none', async () => {
    const declined = await asCardStep(() => Promise.reject(new ApiError('Kartınız reddedildi. Lütfen başka bir kart deneyin.', 400, 'CARD_DECLINED'))).catch((e) => e);
    expect(declined).toBeInstanceOf(CardPaymentError);
    expect(paymentErrorText(declined)).toBe('Kartınız reddedildi. Lütfen başka bir kart deneyin.');
    const offline = await asCardStep(() => Promise.reject(new ApiError('Sunucuya ulaşılamadı', 0))).catch((e) => e);
    expect(paymentErrorText(offline)).toBe('Ödeme başarısız');
    expect(paymentErrorText(new CardPaymentError(''))).toBe('Ödeme başarısız');
  });

  it('shows the server message for server failures, or "Ödeme sırasında hata oluştu"', () => {
    expect(paymentErrorText(new ApiError('Paket bulunamadı', 404, 'NOT_FOUND'))).toBe('Paket bulunamadı');
    expect(paymentErrorText(new ApiError('Sunucuya ulaşılamadı', 0))).toBe('Ödeme sırasında hata oluştu');
    expect(paymentErrorText(new TypeError('boom'))).toBe('Ödeme sırasında hata oluştu');
    expect(paymentErrorText(new ApiError('Internal Server Error', 500))).toBe('Ödeme sırasında hata oluştu');
  });
});
