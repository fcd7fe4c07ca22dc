import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ZMedia, ZOkResponse } from '@pano/contract';
import { FakeXhr } from '../testing/fake-xhr';
import { ApiError, configureApiClient, uploadForm } from './api-client';

const navigate = vi.fn();
beforeEach(() => {
  localStorage.clear();
  navigate.mockReset();
  configureApiClient({ navigate, onUnauthorized: vi.fn() });
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
});
afterEach(() => vi.unstubAllGlobals());

describe('uploadForm', () => {
  it('posts the form with the bearer token and reports progress percentages', async () => {
    localStorage.setItem('token', 'abc');
    const seen: number[] = [];
    const form = new FormData();
    const done = uploadForm('/api/media/upload', ZOkResponse, form, { onProgress: (p) => seen.push(p) });
    const xhr = FakeXhr.last;
    expect([xhr.method, xhr.url, xhr.headers.Authorization, xhr.body]).toEqual(['POST', '/api/media/upload', 'Bearer abc', form]);
    xhr.progress(25, 100);
    xhr.progress(2, 3);
    xhr.answer(201, { message: 'm1' });
    await expect(done).resolves.toEqual({ message: 'm1' });
    expect(seen).toEqual([25, 67, 100]);
  });

  it('rejects with the server message (e.g. 415) without navigating', async () => {
    const done = uploadForm('/api/media/upload', ZMedia, new FormData());
    FakeXhr.last.answer(415, { message: 'Desteklenmeyen dosya türü', code: 'UNSUPPORTED_FILE_TYPE' });
    const err = (await done.catch((e: unknown) => e)) as ApiError;
    expect(err).toBeInstanceOf(ApiError);
    expect([err.status, err.message]).toEqual([415, 'Desteklenmeyen dosya türü']);
    expect(navigate).not.toHaveBeenCalled();
  });

  it('handles 401 (token removed, /login) and 402 (/packages) like every other call', async () => {
    localStorage.setItem('token', 'abc');
    const first = uploadForm('/api/media/upload', ZMedia, new FormData());
    FakeXhr.last.answer(402, { message: 'Paket gerekli', code: 'PACKAGE_REQUIRED' });
    await first.catch(() => undefined);
    expect(navigate).toHaveBeenLastCalledWith('/packages');
    expect(localStorage.getItem('token')).toBe('abc');

    const second = uploadForm('/api/media/upload', ZMedia, new FormData());
    FakeXhr.last.answer(401, { message: 'Oturum süresi doldu', code: 'TOKEN_EXPIRED' });
    await second.catch(() => undefined);
    expect(navigate).toHaveBeenLastCalledWith('/login');
    expect(localStorage.getItem('token')).toBeNull();
  });
});
