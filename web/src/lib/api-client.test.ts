import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, api, asList, configureApiClient } from './api-client';

const navigate = vi.fn();
const onUnauthorized = vi.fn();

function answer(status: number, body: unknown) {
  const fetchMock = vi.fn(async () => new Response(body === undefined ? '' : JSON.stringify(body), { status }));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

beforeEach(() => {
  localStorage.clear();
  navigate.mockReset();
  onUnauthorized.mockReset();
  configureApiClient({ navigate, onUnauthorized });
});
afterEach(() => vi.unstubAllGlobals());

describe('api client', () => {
  it('sends the stored token as a bearer header and JSON bodies', async () => {
    localStorage.setItem('token', 'abc');
    const fetchMock = answer(200, { ok: 1 });
    await expect(api.post('/api/x', { a: 1 })).resolves.toEqual({ ok: 1 });
    const [, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    const headers = init.headers as Record<string, string>;
    expect(headers.Authorization).toBe('Bearer abc');
    expect(headers['Content-Type']).toBe('application/json');
    expect(init.body).toBe('{"a":1}');
  });

  it('on 401 removes the token and goes to /login', async () => {
    localStorage.setItem('token', 'expired');
    answer(401, { message: 'Oturum süresi doldu', code: 'TOKEN_EXPIRED' });
    const err = await api.get('/api/media').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).message).toBe('Oturum süresi doldu');
    expect(localStorage.getItem('token')).toBeNull();
    expect(onUnauthorized).toHaveBeenCalledOnce();
    expect(navigate).toHaveBeenCalledWith('/login');
  });

  it('a 401 without a token (wrong password) is only an error', async () => {
    answer(401, { message: 'Email veya şifre hatalı', code: 'INVALID_CREDENTIALS' });
    await expect(api.post('/api/auth/login', {})).rejects.toThrow('Email veya şifre hatalı');
    expect(navigate).not.toHaveBeenCalled();
  });

  it('on 402 goes to /packages and keeps the token', async () => {
    localStorage.setItem('token', 'abc');
    answer(402, { message: 'Aktif paketiniz yok', code: 'PACKAGE_REQUIRED' });
    const err = (await api.get('/api/media').catch((e: unknown) => e)) as ApiError;
    expect(err.status).toBe(402);
    expect(err.code).toBe('PACKAGE_REQUIRED');
    expect(navigate).toHaveBeenCalledWith('/packages');
    expect(localStorage.getItem('token')).toBe('abc');
  });

  it('carries the server message, code and details of other errors', async () => {
    answer(409, { message: 'Playlist limitine ulaştınız', code: 'LIMIT_REACHED', details: [{ path: 'x', message: 'y' }] });
    const err = (await api.post('/api/playlists', {}).catch((e: unknown) => e)) as ApiError;
    expect(err.message).toBe('Playlist limitine ulaştınız');
    expect(err.details).toEqual([{ path: 'x', message: 'y' }]);
    expect(navigate).not.toHaveBeenCalled();
  });

  it('a network failure becomes a Turkish ApiError with status 0', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => { throw new TypeError('Failed to fetch'); }));
    const err = (await api.get('/api/media').catch((e: unknown) => e)) as ApiError;
    expect(err.status).toBe(0);
    expect(err.message).toBe('Sunucuya ulaşılamadı');
  });
});

describe('asList', () => {
  it('accepts an array or a wrapping object and treats anything else as empty', () => {
    expect(asList([1, 2], 'medias')).toEqual([1, 2]);
    expect(asList({ medias: [3] }, 'medias')).toEqual([3]);
    expect(asList({ other: [3] }, 'medias')).toEqual([]);
    expect(asList('nope', 'medias')).toEqual([]);
    expect(asList(null, 'medias')).toEqual([]);
  });
});
