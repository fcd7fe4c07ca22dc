import { describe, expect, it } from 'vitest';
import { http, HttpResponse } from 'msw';
import { ZScreenHealthResponse } from '@pano/contract';
import { api } from '../lib/api-client';
import { apiServer } from './api-server';
import { takeContractMismatches } from './contract-guard';

describe('the contract guard of the web tests', () => {
  it('notes an answer that does not match its schema, with its path', async () => {
    apiServer.use(http.get('/api/screens/health', () => HttpResponse.json({ screens: [] })));
    await expect(api.get('/api/screens/health', ZScreenHealthResponse)).rejects.toThrow('Sunucudan beklenmeyen bir yanıt geldi');
    // Taken here, so this test itself passes; any other test with such an answer fails.
    expect(takeContractMismatches()).toEqual(['/api/screens/health: the answer does not match its contract schema']);
  });

  it('notes nothing for an answer that matches', async () => {
    apiServer.use(http.get('/api/screens/health', () => HttpResponse.json({ warnMinutes: 5, screens: [] })));
    await expect(api.get('/api/screens/health', ZScreenHealthResponse)).resolves.toEqual({ warnMinutes: 5, screens: [] });
    expect(takeContractMismatches()).toEqual([]);
  });
});
