import http from 'node:http';
import type { AddressInfo } from 'node:net';
import zlib from 'node:zlib';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../config/env.js';
import { addressAllowed, guardedFetch, guardedLookup, GuardedFetchError, type FetchFailure } from './guarded-fetch.js';

/*
 * One local server on every loopback form ('::' takes 127.0.0.1, ::1 and 0.0.0.0 too): each
 * refused address below would reach it if the guard let the connection through, so "refused
 * and nothing arrived" is the proof.
 */
let server: http.Server;
let port: number;
const arrived: string[] = [];
const hanging = new Set<http.ServerResponse>();

beforeAll(async () => {
  server = http.createServer((req, res) => {
    arrived.push(req.url ?? '');
    const url = new URL(req.url ?? '/', 'http://x');
    const hop = Number(url.searchParams.get('hops') ?? 0);
    switch (url.pathname) {
      case '/ok': res.setHeader('content-type', 'text/plain'); res.end('merhaba'); return;
      case '/gone': res.statusCode = 404; res.end('yok'); return;
      case '/chain':
        res.statusCode = 302;
        res.setHeader('location', hop > 0 ? `/chain?hops=${hop - 1}` : '/ok');
        res.end();
        return;
      case '/to': res.statusCode = 301; res.setHeader('location', url.searchParams.get('target') ?? '/'); res.end(); return;
      case '/silent': hanging.add(res); return;
      case '/trickle': res.writeHead(200); res.write('a'); hanging.add(res); return;
      case '/big': res.end(Buffer.alloc(2000, 'x')); return;
      case '/big-chunked': res.write(Buffer.alloc(800, 'x')); res.end(Buffer.alloc(800, 'x')); return;
      case '/bomb': res.setHeader('content-encoding', 'gzip'); res.end(zlib.gzipSync(Buffer.alloc(100_000, 0))); return;
      case '/gzip': res.setHeader('content-encoding', 'gzip'); res.end(zlib.gzipSync('sıkıştırılmış')); return;
      default: res.statusCode = 500; res.end();
    }
  });
  await new Promise<void>((resolve) => server.listen({ port: 0, host: '::', ipv6Only: false }, resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(async () => {
  for (const res of hanging) res.destroy();
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});
beforeEach(() => { arrived.length = 0; });

const PUBLIC = { allowPrivate: false };
const INTRANET = { allowPrivate: true };

async function failure(p: Promise<unknown>): Promise<{ reason: FetchFailure; message: string }> {
  const err = await p.then(() => null, (e: unknown) => e);
  expect(err).toBeInstanceOf(GuardedFetchError);
  const { reason, message } = err as GuardedFetchError;
  return { reason, message };
}

describe('which addresses a fetch may reach', () => {
  const inner = ['127.0.0.1', '127.1.2.3', '10.0.0.1', '172.16.5.4', '192.168.1.1', '169.254.169.254', '100.64.0.1',
    '::1', 'fe80::1', 'fd00::1', 'fc00::5', '::ffff:127.0.0.1', '::ffff:10.0.0.1', '::ffff:169.254.169.254'];
  // IPv4-compatible forms too ('[::127.0.0.1]' in a URL is '::7f00:1').
  const never = ['0.0.0.0', '::', '255.255.255.255', '224.0.0.1', 'ff02::1', '::ffff:0.0.0.0', '240.0.0.1', '64:ff9b::7f00:1', 'not-an-ip',
    '::7f00:1', '::a9fe:a9fe', '::808:808'];
  const outside = ['8.8.8.8', '93.184.216.34', '2606:4700:4700::1111', '::ffff:8.8.8.8'];

  it('refuses private, loopback, link-local, CGNAT and unique-local addresses (and their IPv4-mapped forms) unless private is allowed', () => {
    for (const a of inner) expect([a, addressAllowed(a, PUBLIC)]).toEqual([a, false]);
    for (const a of inner) expect([a, addressAllowed(a, INTRANET)]).toEqual([a, true]);
  });

  it('never reaches unspecified, broadcast, multicast, reserved or NAT64 addresses; always public unicast ones', () => {
    for (const a of never) expect([a, addressAllowed(a, INTRANET)]).toEqual([a, false]);
    for (const a of outside) expect([a, addressAllowed(a, PUBLIC)]).toEqual([a, true]);
  });

  it('the connect hook refuses a name when any address it resolves to is refused', async () => {
    const lookup = guardedLookup(PUBLIC);
    const err = await new Promise((resolve) => lookup('localhost', {}, (e) => resolve(e)));
    expect(err).toBeInstanceOf(GuardedFetchError);
    expect((err as GuardedFetchError).reason).toBe('private-address');
    const allowed = await new Promise((resolve) => guardedLookup(INTRANET)('localhost', { all: true }, (e, a) => resolve([e, a])));
    expect(allowed).toEqual([null, expect.arrayContaining([expect.objectContaining({ address: expect.stringMatching(/^(127\.0\.0\.1|::1)$/) })])]);
  });
});

describe('guardedFetch', () => {
  it('refuses every loopback form, by address or by name, before anything is sent', async () => {
    for (const host of ['127.0.0.1', '[::1]', '[::ffff:127.0.0.1]', 'localhost', '2130706433', '0.0.0.0']) {
      expect([host, await failure(guardedFetch(`http://${host}:${port}/ok`, {}, PUBLIC))])
        .toEqual([host, { reason: 'private-address', message: 'Adres iç ağa işaret ediyor' }]);
    }
    expect(arrived).toEqual([]);
  });

  it('fetches an allowed address and answers status, final address, headers and the body (gzip decoded)', async () => {
    const res = await guardedFetch(`http://127.0.0.1:${port}/ok`, {}, INTRANET);
    expect([res.status, res.url, res.headers['content-type'], res.text()]).toEqual([200, `http://127.0.0.1:${port}/ok`, 'text/plain', 'merhaba']);
    expect((await guardedFetch(`http://localhost:${port}/gzip`, {}, INTRANET)).text()).toBe('sıkıştırılmış');
    expect((await guardedFetch(`http://127.0.0.1:${port}/gone`, {}, INTRANET)).status).toBe(404);
  });

  it('refuses what is not an http(s) address', async () => {
    for (const url of ['file:///etc/passwd', 'ftp://127.0.0.1/', 'gopher://x/', 'adres', `http://user:pw@127.0.0.1:${port}/ok`]) {
      expect([url, (await failure(guardedFetch(url, {}, INTRANET))).reason]).toEqual([url, 'bad-url']);
    }
  });

  it('follows 3 redirects and refuses a 4th', async () => {
    const res = await guardedFetch(`http://127.0.0.1:${port}/chain?hops=2`, {}, INTRANET);
    expect([res.status, res.url, res.text()]).toEqual([200, `http://127.0.0.1:${port}/ok`, 'merhaba']);
    arrived.length = 0;
    expect(await failure(guardedFetch(`http://127.0.0.1:${port}/chain?hops=3`, {}, INTRANET)))
      .toEqual({ reason: 'too-many-redirects', message: 'Adres çok fazla yönlendirme yapıyor' });
    expect(arrived).toHaveLength(4);
  });

  it('checks every redirect again: one to a refused address or scheme is not followed', async () => {
    // 0.0.0.0 reaches this very server on Linux, so following it would answer 'merhaba'.
    for (const target of [`http://0.0.0.0:${port}/ok`, `http://[::ffff:0.0.0.0]:${port}/ok`]) {
      arrived.length = 0;
      expect([target, (await failure(guardedFetch(`http://127.0.0.1:${port}/to?target=${encodeURIComponent(target)}`, {}, INTRANET))).reason])
        .toEqual([target, 'private-address']);
      expect(arrived).toHaveLength(1);
    }
    expect((await failure(guardedFetch(`http://127.0.0.1:${port}/to?target=${encodeURIComponent('file:///etc/passwd')}`, {}, INTRANET))).reason).toBe('bad-url');
  });

  it('times out when the server does not answer, or does not finish the body', async () => {
    for (const path of ['/silent', '/trickle']) {
      expect([path, await failure(guardedFetch(`http://127.0.0.1:${port}${path}`, { timeoutMs: 150 }, INTRANET))])
        .toEqual([path, { reason: 'timeout', message: 'Zaman aşımı: adres 10 saniyede yanıt vermedi' }]);
    }
  });

  it('stops reading past maxBytes, declared, streamed or decompressed', async () => {
    for (const path of ['/big', '/big-chunked', '/bomb']) {
      expect([path, await failure(guardedFetch(`http://127.0.0.1:${port}${path}`, { maxBytes: 1000 }, INTRANET))])
        .toEqual([path, { reason: 'too-large', message: 'Yanıt çok büyük' }]);
    }
    expect((await guardedFetch(`http://127.0.0.1:${port}/big`, { maxBytes: 2000 }, INTRANET)).body).toHaveLength(2000);
  });

  it('names an unreachable address as such', async () => {
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const closedPort = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    expect(await failure(guardedFetch(`http://127.0.0.1:${closedPort}/`, {}, INTRANET))).toEqual({ reason: 'network', message: 'Adrese ulaşılamadı' });
  });
});

describe('FETCH_ALLOW_PRIVATE', () => {
  it('is off unless set to 1; any other value stops the start with a Turkish line', () => {
    expect(loadConfig({}).fetchAllowPrivate).toBe(false);
    expect(loadConfig({ FETCH_ALLOW_PRIVATE: '1' }).fetchAllowPrivate).toBe(true);
    expect(() => loadConfig({ FETCH_ALLOW_PRIVATE: 'yes' })).toThrow('FETCH_ALLOW_PRIVATE="yes": 0 ya da 1 olmalı');
    expect(loadConfig({}).weatherApiUrl).toBe('https://api.open-meteo.com/v1/forecast');
  });
});
