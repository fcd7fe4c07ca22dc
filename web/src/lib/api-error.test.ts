import { describe, expect, it } from 'vitest';
import { ApiError, serverMessageOr } from './api-error';

describe('serverMessageOr', () => {
  it("shows the server's Turkish message when the body carried one", () => {
    expect(serverMessageOr(new ApiError('Geçersiz admin anahtarı', 403, 'INVALID_ADMIN_KEY'), 'Admin kayıt işlemi başarısız'))
      .toBe('Geçersiz admin anahtarı');
  });

  it('falls back for a body without our error shape (proxy page, empty 500) and for network failures', () => {
    expect(serverMessageOr(new ApiError('HTTP 502', 502), 'Paket kaydedilirken hata oluştu')).toBe('Paket kaydedilirken hata oluştu');
    expect(serverMessageOr(new ApiError('Bad Gateway', 502), 'Yükleme sırasında hata oluştu')).toBe('Yükleme sırasında hata oluştu');
    expect(serverMessageOr(new Error('boom'), 'Ödeme başarısız')).toBe('Ödeme başarısız');
  });
});
