import { ErrorCode } from '@pano/contract';
import { AppError } from '../http/errors.js';

// Payment failures are never 402: the web app reads 402 as "no package" and leaves for /packages.

const DECLINE_MESSAGES: Record<string, string> = {
  insufficient_funds: 'Kartınızda yeterli bakiye yok. Lütfen başka bir kart deneyin.',
  expired_card: 'Kartınızın son kullanma tarihi geçmiş.',
  incorrect_cvc: 'Kartın güvenlik kodu (CVC) hatalı.',
  processing_error: 'Kart işlenirken bir hata oluştu. Lütfen tekrar deneyin.',
};

export const CARD_DECLINED_MESSAGE = 'Kartınız reddedildi. Lütfen başka bir kart deneyin.';

export const cardDeclined = (reason?: string | null) =>
  new AppError(400, ErrorCode.CARD_DECLINED, (reason && DECLINE_MESSAGES[reason]) || CARD_DECLINED_MESSAGE);

export const paymentFailed = (message: string) => new AppError(400, ErrorCode.PAYMENT_FAILED, message);

export const paymentNotCompleted = () =>
  paymentFailed('Ödeme henüz tamamlanmadı. Kart bilgilerinizi onaylayıp tekrar deneyin.');

export const paymentNotFound = () => new AppError(404, ErrorCode.NOT_FOUND, 'Ödeme bulunamadı');
export const sessionNotFound = () => new AppError(404, ErrorCode.NOT_FOUND, 'Ödeme oturumu bulunamadı');

export const invalidWebhookSignature = () =>
  new AppError(400, ErrorCode.VALIDATION, 'Geçersiz webhook imzası');

/** The processor could not be reached or answered an error we cannot act on. */
export const providerUnavailable = () =>
  new AppError(502, ErrorCode.PAYMENT_FAILED, 'Ödeme sağlayıcısına şu anda ulaşılamıyor. Lütfen biraz sonra tekrar deneyin.');
