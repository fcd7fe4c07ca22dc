import { afterEach, describe, expect, it, vi } from 'vitest';
import { ZScreenHealthResponse } from '@pano/contract';
import { api } from '../lib/api-client';
import { takeContractMismatches } from './contract-guard';

afterEach(() => vi.unstubAllGlobals());

describe('the contract guard of the web tests', () => {
  it('notes an answer that does not match its schema, with its path', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => Response.json({ screens: [] })));
    await expect(api.get('/api/screens/health', ZScreenHealthResponse)).rejects.toThrow('Sunucudan beklenmeyen bir yanıt geldi');
    // Taken here, so this test itself passes; any other test with such an answer fails.
    expect(takeContractMismatches()).toEqual(['/api/screens/health: the answer does not match its contract schema']);
  });

  it('notes nothing for an answer that matches', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => Response.json({ warnMinutes: 5, screens: [] })));
    await expect(api.get('/api/screens/health', ZScreenHealthResponse)).resolves.toEqual({ warnMinutes: 5, screens: [] });
    expect(takeContractMismatches()).toEqual([]);
  });
});
