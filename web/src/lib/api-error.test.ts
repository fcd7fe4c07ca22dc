import { describe, expect, it } from 'vitest';
import { http, HttpResponse } from 'msw';
import { ZMediaListAnswer } from '@pano/contract';
import { apiServer } from '../testing/api-server';
import { api } from './api-client';
import { ApiError, ShownError, errorMessage } from './api-error';

/** What a reverse proxy answers when the API is down: an HTML page and an English status text. */
function proxyAnswers(status: number, statusText: string) {
  apiServer.use(http.get('/api/media', () => new HttpResponse('<html><body><h1>Bad things</h1></body></html>', {
    status, statusText, headers: { 'Content-Type': 'text/html' },
  })));
}

describe('errorMessage: the one place a failure becomes text for people', () => {
  it.each([[502, 'Bad Gateway'], [500, 'Internal Server Error'], [503, 'Service Unavailable']])(
    'an answer without our error body (%i %s) never shows the status text',
    async (status, statusText) => {
      proxyAnswers(status, statusText);
      const err = await api.get('/api/media', ZMediaListAnswer).catch((e: unknown) => e);
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

  it('puts the reason into a sentence: the server message, or a general Turkish text', () => {
    const sentence = (reason: string) => `Playlist oluşturulurken hata oluştu: ${reason}`;
    expect(errorMessage(new ApiError('Playlist limitine ulaştınız', 409, 'LIMIT_REACHED'), sentence))
      .toBe('Playlist oluşturulurken hata oluştu: Playlist limitine ulaştınız');
    expect(errorMessage(new ApiError('HTTP 502', 502), sentence)).toBe('Playlist oluşturulurken hata oluştu: Beklenmeyen bir hata oluştu');
    expect(errorMessage(new ApiError('Sunucuya ulaşılamadı', 0), sentence)).toBe('Playlist oluşturulurken hata oluştu: Sunucuya ulaşılamadı');
  });

  it('shows the text a ShownError was given where it happened (a card the processor declined)', () => {
    expect(errorMessage(new ShownError('Kartınız reddedildi.'), 'Ödeme sırasında hata oluştu')).toBe('Kartınız reddedildi.');
  });
});
