import { beforeEach, describe, expect, it, vi } from 'vitest';
import { http, HttpResponse } from 'msw';
import { apiServer, fetchCallOf } from '../testing/api-server';
import { ApiError, apiFile, configureApiClient, filenameFromDisposition } from './api-client';

const navigate = vi.fn();
beforeEach(() => {
  localStorage.clear();
  navigate.mockReset();
  configureApiClient({ navigate, onUnauthorized: () => undefined });
});

describe('file downloads', () => {
  it('reads the name from Content-Disposition, the UTF-8 form first', () => {
    expect(filenameFromDisposition('attachment; filename="pano-rapor-2026-11-01-2026-11-24.csv"')).toBe('pano-rapor-2026-11-01-2026-11-24.csv');
    expect(filenameFromDisposition('attachment; filename=rapor.csv')).toBe('rapor.csv');
    expect(filenameFromDisposition(`attachment; filename="rapor.csv"; filename*=UTF-8''%C3%B6zet%20rapor.csv`)).toBe('özet rapor.csv');
    expect(filenameFromDisposition('attachment')).toBeNull();
    expect(filenameFromDisposition(null)).toBeNull();
  });

  it('sends the token, and treats a 401 like every other call', async () => {
    localStorage.setItem('token', 'eski');
    const fetchMock = vi.fn<(url: string, init: RequestInit) => void>();
    apiServer.use(http.get('/api/reports/plays', async ({ request }) => {
      fetchMock(...await fetchCallOf(request));
      return HttpResponse.json({ message: 'Oturum süresi doldu', code: 'TOKEN_EXPIRED' }, { status: 401 });
    }));
    const err = await apiFile('/api/reports/plays?format=csv').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).message).toBe('Oturum süresi doldu');
    expect((fetchMock.mock.calls[0] as unknown as [string, RequestInit])[1].headers).toEqual({ Authorization: 'Bearer eski' });
    expect(localStorage.getItem('token')).toBeNull();
    expect(navigate).toHaveBeenCalledWith('/login');
  });
});
