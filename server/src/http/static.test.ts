import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { playerDist } from './static.js';

let t: TestApp;
beforeAll(async () => { t = await createTestApp(); });
afterAll(async () => { await t.close(); });

describe('the player entry point', () => {
  it('redirects /player (query kept) but serves /player/ itself instead of redirecting it to itself', async () => {
    const bare = await t.http.get('/player?x=1').redirects(0);
    expect(bare.status).toBe(301);
    expect(bare.headers.location).toBe('/player/?x=1');

    const slashed = await t.http.get('/player/').redirects(0);
    expect(slashed.status).not.toBe(301);
    expect(slashed.headers.location).toBeUndefined();
    if (existsSync(path.join(playerDist, 'index.html'))) {
      expect(slashed.status).toBe(200);
      expect(slashed.headers['content-type']).toMatch(/text\/html/);
    }
  });
});
