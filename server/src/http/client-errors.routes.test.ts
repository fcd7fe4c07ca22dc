import { Writable } from 'node:stream';
import zlib from 'node:zlib';
import pino from 'pino';
import supertest from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZErrorBody } from '@pano/contract';
import { createApp } from '../app.js';
import { createTestApp, newCustomer, type TestApp, type TestUser } from '../../test/harness.js';

let t: TestApp;
let u: TestUser;
beforeAll(async () => { t = await createTestApp(); u = await newCustomer(t); });
afterAll(async () => { await t.close(); });

/** Sends the bytes as they are: superagent would otherwise JSON-encode a Buffer under a JSON content type. */
const raw = (req: supertest.Test, contentType: string, bytes: Buffer | string) =>
  req.set('Content-Type', contentType).serialize((b: unknown) => b as string).send(bytes as unknown as string);

const LOGIN = { email: 'kimse@test.pano', password: 'secret123' };
const manyFields = Array.from({ length: 1_200 }, (_, i) => `f${i}=1`).join('&');

/** Malformed requests whose fault is the client's, each with the 4xx it must get. */
const malformed: { name: string; status: number; code: string; send: (http: supertest.Agent) => supertest.Test }[] = [
  {
    name: 'JSON in a charset other than UTF-8',
    status: 415,
    code: 'UNSUPPORTED_MEDIA_TYPE',
    send: (http) => raw(http.post('/api/auth/login'), 'application/json; charset=latin1', JSON.stringify(LOGIN)),
  },
  {
    name: 'JSON in latin1 on a purchase route (its own parser)',
    status: 415,
    code: 'UNSUPPORTED_MEDIA_TYPE',
    send: (http) => raw(http.post('/api/purchase/complete-payment').set(u.auth), 'application/json; charset=latin1', '{}'),
  },
  {
    name: 'an unknown Content-Encoding',
    status: 415,
    code: 'UNSUPPORTED_MEDIA_TYPE',
    send: (http) => raw(http.post('/api/auth/login').set('Content-Encoding', 'br2'), 'application/json', JSON.stringify(LOGIN)),
  },
  {
    name: 'a corrupt gzip body',
    status: 400,
    code: 'VALIDATION_ERROR',
    send: (http) => raw(http.post('/api/auth/login').set('Content-Encoding', 'gzip'), 'application/json', Buffer.from('bu gzip değil')),
  },
  {
    name: 'a truncated gzip body',
    status: 400,
    code: 'VALIDATION_ERROR',
    send: (http) => raw(http.post('/api/auth/register').set('Content-Encoding', 'gzip'), 'application/json', zlib.gzipSync(JSON.stringify(LOGIN)).subarray(0, 20)),
  },
  {
    name: 'a corrupt brotli body',
    status: 400,
    code: 'VALIDATION_ERROR',
    send: (http) => raw(http.post('/api/playlists').set(u.auth).set('Content-Encoding', 'br'), 'application/json', Buffer.from('bozuk brotli verisi')),
  },
  {
    name: 'over 1,000 form fields on the dev checkout page',
    status: 413,
    code: 'FILE_TOO_LARGE',
    send: (http) => http.post('/api/purchase/dev/checkout/any-session').type('form').send(manyFields),
  },
  {
    name: 'bad percent-encoding in a path id',
    status: 400,
    code: 'VALIDATION_ERROR',
    send: (http) => http.get('/api/packages/%ZZ'),
  },
  {
    name: 'bad percent-encoding in an authenticated route id',
    status: 400,
    code: 'VALIDATION_ERROR',
    send: (http) => http.delete('/api/screens/%E0%A4%A').set(u.auth),
  },
];

describe('client-caused errors', () => {
  it.each(malformed)('$name → $status $code with a Turkish message', async ({ send, status, code }) => {
    const res = await send(t.http);
    expect(res.status).toBe(status);
    const body = ZErrorBody.parse(res.body);
    expect(body.code).toBe(code);
    expect(body.message).not.toMatch(/[a-z]+ [a-z]+ (unsupported|failed|exceeded)|charset|Failed to decode/i);
    expect(body.requestId).toBeUndefined();
  });

  it('a gzip-compressed valid body is still read', async () => {
    const res = await raw(t.http.post('/api/auth/login').set('Content-Encoding', 'gzip'), 'application/json', zlib.gzipSync(JSON.stringify(LOGIN)));
    expect(res.status).toBe(401);
    expect(res.body.code).toBe('INVALID_CREDENTIALS');
  });

  it('a flood of them writes nothing at warn or error level', async () => {
    const lines: { level: number; msg: string; err?: unknown }[] = [];
    const sink = new Writable({ write(chunk, _enc, done) { lines.push(JSON.parse(String(chunk))); done(); } });
    const logged = supertest(createApp({ ...t.ctx, logger: pino({ level: 'info' }, sink) }));
    for (let round = 0; round < 3; round++) {
      for (const m of malformed) expect((await m.send(logged)).status).toBe(m.status);
    }
    // Only their access-log lines, at info, one per request and without a stack.
    expect(lines.filter((l) => l.level >= 40)).toEqual([]);
    expect(lines).toHaveLength(3 * malformed.length);
    expect(lines.every((l) => l.msg === 'request completed' && l.err === undefined)).toBe(true);
  });
});
