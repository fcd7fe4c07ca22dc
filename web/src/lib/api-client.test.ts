import { beforeEach, describe, expect, it, vi } from 'vitest';
import { http, HttpResponse } from 'msw';
import { ZLoginResponse, ZMediaListAnswer, ZOkResponse, ZPlaylist, ZVerifyResponse } from '@pano/contract';
import { ApiError, api, configureApiClient, whileTokenIsReplaced } from './api-client';
import { errorMessage } from './api-error';
import { lazySchema } from './lazy-schema';
import { apiServer, fetchCallOf } from '../testing/api-server';
import { readyFile } from '../testing/fixtures';

const navigate = vi.fn();
const onUnauthorized = vi.fn();

/**
 * The fake API answers any call with `status` and `body` (the client does not care which path);
 * `fetchMock` records each request as fetch's (url, init).
 */
function answer(status: number, body: unknown) {
  const fetchMock = vi.fn<(url: string, init: RequestInit) => void>();
  apiServer.use(http.all('/api/*', async ({ request }) => {
    fetchMock(...await fetchCallOf(request));
    return new HttpResponse(body === undefined ? '' : JSON.stringify(body), { status });
  }));
  return fetchMock;
}

beforeEach(() => {
  localStorage.clear();
  navigate.mockReset();
  onUnauthorized.mockReset();
  configureApiClient({ navigate, onUnauthorized });
});

describe('api client', () => {
  it('sends the stored token as a bearer header and JSON bodies', async () => {
    localStorage.setItem('token', 'abc');
    const fetchMock = answer(200, { message: 'ok' });
    await expect(api.post('/api/x', ZOkResponse, { a: 1 })).resolves.toEqual({ message: 'ok' });
    const [, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    const headers = init.headers as Record<string, string>;
    expect(headers.Authorization).toBe('Bearer abc');
    expect(headers['Content-Type']).toBe('application/json');
    expect(init.body).toBe('{"a":1}');
  });

  it('on 401 removes the token and goes to /login', async () => {
    localStorage.setItem('token', 'expired');
    answer(401, { message: 'Oturum süresi doldu', code: 'TOKEN_EXPIRED' });
    const err = await api.get('/api/media', ZMediaListAnswer).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).message).toBe('Oturum süresi doldu');
    expect(localStorage.getItem('token')).toBeNull();
    expect(onUnauthorized).toHaveBeenCalledOnce();
    expect(navigate).toHaveBeenCalledWith('/login');
  });

  it("a 401 of a token replaced meanwhile (a password change's answer came first) keeps the new one and the page", async () => {
    localStorage.setItem('token', 'eski');
    apiServer.use(http.all('/api/*', () => {
      // The call left with the old token; before its refusal arrives, this browser stored a new one.
      localStorage.setItem('token', 'yeni');
      return HttpResponse.json({ message: 'Geçersiz oturum, lütfen tekrar giriş yapın', code: 'UNAUTHORIZED' }, { status: 401 });
    }));
    await expect(api.get('/api/media', ZMediaListAnswer)).rejects.toThrow('Geçersiz oturum');
    expect(localStorage.getItem('token')).toBe('yeni');
    expect(onUnauthorized).not.toHaveBeenCalled();
    expect(navigate).not.toHaveBeenCalled();
  });

  it('while a call replaces the token, a 401 of another call made with the old one signs nobody out', async () => {
    localStorage.setItem('token', 'eski');
    let release!: () => void;
    const held = new Promise<void>((r) => { release = r; });
    apiServer.use(
      http.post('/api/auth/password', async () => { await held; return HttpResponse.json({ message: 'ok' }); }),
      http.get('/api/*', () => HttpResponse.json({ message: 'Geçersiz oturum, lütfen tekrar giriş yapın', code: 'UNAUTHORIZED' }, { status: 401 })),
    );
    const change = whileTokenIsReplaced(() => api.post('/api/auth/password', ZOkResponse, {}));
    // The server committed the change: the old token is refused before the answer arrives.
    await expect(api.get('/api/media', ZMediaListAnswer)).rejects.toThrow('Geçersiz oturum');
    expect([localStorage.getItem('token'), navigate.mock.calls.length]).toEqual(['eski', 0]);
    release();
    await change;
    // Afterwards a 401 of the stored token signs out, as always.
    await expect(api.get('/api/media', ZMediaListAnswer)).rejects.toThrow('Geçersiz oturum');
    expect(navigate).toHaveBeenCalledWith('/login');
  });

  it('a 401 without a token (wrong password) is only an error', async () => {
    answer(401, { message: 'Email veya şifre hatalı', code: 'INVALID_CREDENTIALS' });
    await expect(api.post('/api/auth/login', ZLoginResponse, {})).rejects.toThrow('Email veya şifre hatalı');
    expect(navigate).not.toHaveBeenCalled();
  });

  it('on 402 goes to /packages and keeps the token', async () => {
    localStorage.setItem('token', 'abc');
    answer(402, { message: 'Aktif paketiniz yok', code: 'PACKAGE_REQUIRED' });
    const err = (await api.get('/api/media', ZMediaListAnswer).catch((e: unknown) => e)) as ApiError;
    expect(err.status).toBe(402);
    expect(err.code).toBe('PACKAGE_REQUIRED');
    expect(navigate).toHaveBeenCalledWith('/packages');
    expect(localStorage.getItem('token')).toBe('abc');
  });

  it('a 402 of a full team stays on the page with its message (it needs a seat, not a package)', async () => {
    localStorage.setItem('token', 'abc');
    answer(402, { message: 'Paketinizin üye sınırına ulaştınız', code: 'MEMBER_LIMIT_REACHED' });
    const err = (await api.post('/api/team/invitations', ZPlaylist, {}).catch((e: unknown) => e)) as ApiError;
    expect([err.status, err.message]).toEqual([402, 'Paketinizin üye sınırına ulaştınız']);
    expect(navigate).not.toHaveBeenCalled();
  });

  it('carries the server message, code and details of other errors', async () => {
    answer(409, { message: 'Playlist limitine ulaştınız', code: 'LIMIT_REACHED', details: [{ path: 'x', message: 'y' }] });
    const err = (await api.post('/api/playlists', ZPlaylist, {}).catch((e: unknown) => e)) as ApiError;
    expect(err.message).toBe('Playlist limitine ulaştınız');
    expect(err.details).toEqual([{ path: 'x', message: 'y' }]);
    expect(navigate).not.toHaveBeenCalled();
  });

  it('a network failure becomes a Turkish ApiError with status 0', async () => {
    apiServer.use(http.get('/api/media', () => HttpResponse.error()));
    const err = (await api.get('/api/media', ZMediaListAnswer).catch((e: unknown) => e)) as ApiError;
    expect(err.status).toBe(0);
    expect(err.message).toBe('Sunucuya ulaşılamadı');
  });
});

describe('answers parsed with their contract schema (docs/CONTRACT.md)', () => {
  const media = {
    _id: '5f0c7a4e-4b8a-4c1e-9a3e-1d2b3c4d5e6f', name: 'Afiş', filePath: '/uploads/a.png', mediaType: 'Resim', type: 'image',
    mimeType: 'image/png', size: 10, width: 1, height: 1, duration: null, createdAt: '2026-11-27T08:00:00.000Z',
  };

  it('gives the parsed answer, a list wrapped or not', async () => {
    answer(200, { medias: [media] });
    // The spec's shape reads as a ready file (docs/PRODUCT.md#media-processing).
    await expect(api.get('/api/media', ZMediaListAnswer)).resolves.toEqual([{ ...media, ...readyFile }]);
    answer(200, 'nope');
    await expect(api.get('/api/media', ZMediaListAnswer)).resolves.toEqual([]);
  });

  it('an answer of another shape is a Turkish ApiError, with the mismatch in the console', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    answer(200, { user: { ...media, email: 'a@b.co' } });
    const err = (await api.get('/api/auth/verify', ZVerifyResponse).catch((e: unknown) => e)) as ApiError;
    expect(err).toBeInstanceOf(ApiError);
    expect([err.status, err.code, err.message]).toEqual([200, 'INVALID_RESPONSE', 'Sunucudan beklenmeyen bir yanıt geldi']);
    expect(errorMessage(err)).toBe('Sunucudan beklenmeyen bir yanıt geldi');
    // The message is ours, not the server's: a form's own fallback text still wins.
    expect(errorMessage(err, 'Kayıt olurken bir hata oluştu')).toBe('Kayıt olurken bir hata oluştu');
    expect(logged).toHaveBeenCalledOnce();
    expect(String(logged.mock.calls[0]?.[0])).toContain('/api/auth/verify');
    expect(JSON.stringify(logged.mock.calls[0]?.[1])).toContain('role');
    logged.mockRestore();
  });

  it('a schema that cannot be loaded is said as the network\'s failure, in Turkish', async () => {
    answer(200, { medias: [media] });
    const err = (await api.get('/api/media', lazySchema(async () => { throw new TypeError('Failed to fetch dynamically imported module'); }))
      .catch((e: unknown) => e)) as ApiError;
    expect(err).toBeInstanceOf(ApiError);
    expect([err.status, err.message, errorMessage(err)]).toEqual([0, 'Sunucuya ulaşılamadı', 'Sunucuya ulaşılamadı']);
  });

  it('a failed call is the server\'s error, whatever the schema', async () => {
    answer(409, { message: 'Playlist limitine ulaştınız', code: 'LIMIT_REACHED' });
    await expect(api.post('/api/playlists', ZPlaylist, {})).rejects.toThrow('Playlist limitine ulaştınız');
  });

  it('a schema loader starts with the request, not after its answer, and the answer is parsed before it is given', async () => {
    const started: string[] = [];
    let release!: () => void;
    const held = new Promise<void>((resolve) => { release = resolve; });
    apiServer.use(http.get('/api/media', async () => {
      started.push('fetch');
      await held;
      return HttpResponse.json({ medias: [media, { name: 'eksik' }] });
    }));
    const load = vi.fn(async () => {
      started.push('load');
      await held;
      return ZMediaListAnswer;
    });
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const call = api.get('/api/media', lazySchema(load)).catch((e: unknown) => e);
    // Both are under way while neither has answered: the schema costs no round trip of its own.
    await vi.waitFor(() => expect([...started].sort()).toEqual(['fetch', 'load']));
    release();
    const err = (await call) as ApiError;
    expect([err.code, err.message]).toEqual(['INVALID_RESPONSE', 'Sunucudan beklenmeyen bir yanıt geldi']);
    expect(logged).toHaveBeenCalledOnce();
    logged.mockRestore();
  });
});
