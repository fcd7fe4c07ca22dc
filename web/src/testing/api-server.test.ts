import { describe, expect, it } from 'vitest';
import { ZOkResponse, ZScreenHealthResponse, ZVerifyResponse } from '@pano/contract';
import { api } from '../lib/api-client';
import { takeUnhandledRequests } from './api-server';

describe('the fake API of the web tests', () => {
  it('refuses a request no handler answers, and notes it for the test setup to fail the test', async () => {
    await expect(api.get('/api/nowhere?x=1', ZOkResponse)).rejects.toThrow('Sunucuya ulaşılamadı');
    // Taken here, so this test itself passes; any other test with such a request fails.
    expect(takeUnhandledRequests()).toEqual(['GET /api/nowhere?x=1']);
  });

  it('answers what many pages ask with contract-valid fixtures', async () => {
    await expect(api.get('/api/screens/health', ZScreenHealthResponse)).resolves.toEqual({ warnMinutes: 5, screens: [] });
    expect((await api.get('/api/auth/verify', ZVerifyResponse)).user.role).toBe('customer');
  });
});
