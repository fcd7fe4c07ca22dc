import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from './api-client';
import { ApiError, errorMessage, serverMessageOr } from './api-error';

afterEach(() => vi.unstubAllGlobals());

/** What a reverse proxy answers when the API is down: an HTML page and an English status text. */
function proxyAnswers(status: number, statusText: string) {
  vi.stubGlobal('fetch', vi.fn(async () => new Response('<html><body><h1>Bad things</h1></body></html>', {
    status, statusText, headers: { 'Content-Type': 'text/html' },
  })));
}

describe('errorMessage: the one place a failure becomes text for people', () => {
  it.each([[502, 'Bad Gateway'], [500, 'Internal Server Error'], [503, 'Service Unavailable']])(
    'an answer without our error body (%i %s) never shows the status text',
    async (status, statusText) => {
      proxyAnswers(status, statusText);
      const err = await api.get('/api/media').catch((e: unknown) => e);
      expect(errorMessage(err)).toBe('Beklenmeyen bir hata oluştu');
      expect(errorMessage(err, 'Kayıt olurken bir hata oluştu')).toBe('Kayıt olurken bir hata oluştu');
    },
  );

  it("shows the server's Turkish message when the body carried one", () => {
    const err = new ApiError('Geçersiz admin anahtarı', 403, 'INVALID_ADMIN_KEY');
    expect(errorMessage(err)).toBe('Geçersiz admin anahtarı');
    expect(errorMessage(err, 'Admin kayıt işlemi başarısız')).toBe('Geçersiz admin anahtarı');
  });

  it('says the server is unreachable for a network failure, unless the form has its own fallback', () => {
    const err = new ApiError('Sunucuya ulaşılamadı', 0);
    expect(errorMessage(err)).toBe('Sunucuya ulaşılamadı');
    expect(errorMessage(err, 'Ödeme sırasında hata oluştu')).toBe('Ödeme sırasında hata oluştu');
  });

  it("never shows a JavaScript exception's English text", () => {
    expect(errorMessage(new TypeError("Cannot read properties of undefined (reading 'x')"))).toBe('Beklenmeyen bir hata oluştu');
  });
});

describe('serverMessageOr', () => {
  it('falls back for a body without our error shape (proxy page, empty 500) and for network failures', () => {
    expect(serverMessageOr(new ApiError('HTTP 502', 502), 'Paket kaydedilirken hata oluştu')).toBe('Paket kaydedilirken hata oluştu');
    expect(serverMessageOr(new ApiError('Bad Gateway', 502), 'Yükleme sırasında hata oluştu')).toBe('Yükleme sırasında hata oluştu');
    expect(serverMessageOr(new Error('boom'), 'Ödeme başarısız')).toBe('Ödeme başarısız');
  });
});
