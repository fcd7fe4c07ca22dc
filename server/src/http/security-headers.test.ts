import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, newCustomer, newUser, type TestApp } from '../../test/harness.js';
import { makeScreen } from '../modules/screens/content.fixtures.js';
import { newPackage } from '../modules/purchases/payment-test.fixtures.js';
import { isApiUrl } from './security-headers.js';

let t: TestApp;
beforeAll(async () => { t = await createTestApp(); });
afterAll(async () => { await t.close(); });

/** helmet's headers of a page: the ones that only shape a rendered document, and the rest. */
const DOCUMENT_ONLY = [
  'content-security-policy', 'cross-origin-opener-policy', 'origin-agent-cluster', 'x-dns-prefetch-control',
  'x-download-options', 'x-permitted-cross-domain-policies', 'x-xss-protection',
];
const EVERY_ANSWER = ['cross-origin-resource-policy', 'referrer-policy', 'strict-transport-security', 'x-content-type-options', 'x-frame-options'];

const pick = (headers: Record<string, string>, names: string[]) => Object.fromEntries(names.map((n) => [n, headers[n]]));

describe('security headers', () => {
  it('pages get helmet\'s full set; JSON answers of /api the same values of the headers that apply to them, and no document-only ones', async () => {
    const page = (await t.http.get('/healthz')).headers as Record<string, string>;
    for (const name of [...DOCUMENT_ONLY, ...EVERY_ANSWER]) expect(page[name], name).toBeTruthy();
    expect(page['x-content-type-options']).toBe('nosniff');

    const u = await newCustomer(t);
    const s = await makeScreen(t, u.id);
    const answers = [
      await t.http.get(`/api/screens/${s.id}/config`).set(u.auth), // the players' fetch, mounted first
      await t.http.get('/api/screens').set(u.auth),
      await t.http.get('/api/screens'), // an error answer (401)
      await t.http.get('/api/nothing-here'), // the API's 404
    ];
    expect(answers.map((r) => r.status)).toEqual([200, 200, 401, 404]);
    for (const [i, res] of answers.entries()) {
      const api = res.headers as Record<string, string>;
      expect(pick(api, EVERY_ANSWER)).toEqual(pick(page, EVERY_ANSWER));
      for (const name of DOCUMENT_ONLY) expect(api[name], `${name} on answer ${i}`).toBeUndefined();
      expect(api['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    }
  });

  it('the dev processor\'s HTML checkout page under /api keeps the page headers (and its own CSP)', async () => {
    const u = await newUser(t);
    const pkg = await newPackage(t, { price: 99 });
    const session = await t.http.post('/api/purchase/create-checkout-session').set(u.auth)
      .send({ packageId: pkg.id, successUrl: 'http://127.0.0.1:5173/purchase/x', cancelUrl: 'http://127.0.0.1:5173/packages' });
    expect(session.status).toBe(200);
    const res = await t.http.get(new URL(session.body.url).pathname);
    expect([res.status, res.headers['content-type']]).toEqual([200, expect.stringMatching(/^text\/html/)]);
    for (const name of [...DOCUMENT_ONLY, ...EVERY_ANSWER]) expect(res.headers[name], name).toBeTruthy();
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
  });

  it("lets the player's pages frame the customers' web pages and YouTube, and read HLS streams", async () => {
    const res = await t.http.get('/player/');
    const csp = Object.fromEntries(String(res.headers['content-security-policy']).split(';')
      .map((d) => d.trim().split(/\s+/)).map(([name, ...sources]) => [name, sources]));
    expect(csp['frame-src']).toEqual(expect.arrayContaining(['https:', 'http:']));
    expect(csp['connect-src']).toEqual(expect.arrayContaining(['https:', 'http:']));
    expect(csp['media-src']).toEqual(expect.arrayContaining(['blob:', 'https:', 'http:']));
    // Framing of our own pages stays refused, and scripts come from us (and Stripe) only.
    expect(csp['frame-ancestors']).toEqual(["'self'"]);
    expect(csp['script-src']).not.toContain('https:');
  });

  it('tells API URLs from pages the way Express routes them (case-insensitive, /api itself included)', () => {
    for (const url of ['/api', '/api/', '/api?x=1', '/api/screens/1/config', '/API/Screens', '/api/purchase/config']) expect(isApiUrl(url), url).toBe(true);
    for (const url of ['/', '/apix', '/app/api', '/player/', '/uploads/a.png', '/healthz', '/api/purchase/dev/checkout/devcs_1', '/API/purchase/DEV/checkout?x']) {
      expect(isApiUrl(url), url).toBe(false);
    }
  });
});
