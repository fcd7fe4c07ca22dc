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

describe('Content-Security-Policy', () => {
  const directives = async () => {
    const res = await t.http.get('/healthz');
    return new Map(String(res.headers['content-security-policy']).split(';').map((d) => {
      const [name = '', ...values] = d.trim().split(/\s+/);
      return [name, values] as const;
    }));
  };

  it('does not upgrade requests to https: screens and browsers reach http://<server>:3000 on the LAN', async () => {
    expect((await directives()).has('upgrade-insecure-requests')).toBe(false);
  });

  it("lets Stripe.js load and show its card and 3-D Secure frames", async () => {
    const d = await directives();
    expect(d.get('script-src')).toEqual(expect.arrayContaining(["'self'", 'https://js.stripe.com', 'https://*.js.stripe.com']));
    // Frames and fetches may go to any https address (the player's web, YouTube and stream apps).
    const allows = (directive: string, origin: string) =>
      (d.get(directive) ?? []).some((source) => source === origin || source === new URL(origin).protocol);
    for (const origin of ['https://js.stripe.com', 'https://m.js.stripe.com', 'https://hooks.stripe.com']) expect(allows('frame-src', origin), origin).toBe(true);
    expect(d.get('connect-src')).toContain("'self'");
    expect(allows('connect-src', 'https://api.stripe.com')).toBe(true);
    expect(d.get('media-src')).toEqual(expect.arrayContaining(["'self'", 'blob:']));
    expect(d.get('worker-src')).toEqual(["'self'"]);
  });
});

describe('request ids', () => {
  it("keeps a proxy's well-formed X-Request-Id and replaces anything else", async () => {
    expect((await t.http.get('/healthz').set('X-Request-Id', 'lb-42.a_b')).headers['x-request-id']).toBe('lb-42.a_b');
    const forged = await t.http.get('/healthz').set('X-Request-Id', '<script>alert(1)</script>');
    expect(forged.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const long = await t.http.get('/healthz').set('X-Request-Id', 'x'.repeat(65));
    expect(long.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });
});
