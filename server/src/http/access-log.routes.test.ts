import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, newCustomer, type TestApp } from '../../test/harness.js';
import { createLogger } from '../logger.js';
import { makeScreen } from '../modules/screens/content.fixtures.js';

// docs/OPERATIONS.md#logs: one JSON line per request, with the request id and the route
// template, and never a credential.
const lines: string[] = [];
let t: TestApp;
beforeAll(async () => { t = await createTestApp({ logger: createLogger('info', { write: (line: string) => void lines.push(line) }) }); });
afterAll(async () => { await t.close(); });

type AccessLine = {
  level: number; msg: string; reqId: string; route: string; responseTime: number;
  req: { id: string; method: string; url: string }; res: { statusCode: number };
};
const accessLines = () => lines.map((l) => JSON.parse(l) as AccessLine).filter((l) => l.msg === 'request completed' || l.msg === 'request failed');

describe('access log', () => {
  it('writes one line per request with the request id, method, route, status and duration, and no token', async () => {
    const u = await newCustomer(t);
    const s = await makeScreen(t, u.id);
    lines.length = 0;
    const res = await t.http.get(`/api/screens/${s.id}/config?token=${u.token}&v=2`).set(u.auth)
      .set('Cookie', 'session=cookie-secret-value').set('X-Request-Id', 'lb-7f3a.1').expect(200);
    expect(res.headers['x-request-id']).toBe('lb-7f3a.1');
    const logged = accessLines();
    expect(logged).toHaveLength(1);
    const line = logged[0]!;
    expect(line).toMatchObject({
      reqId: 'lb-7f3a.1', route: '/api/screens/:id/config', msg: 'request completed',
      req: { id: 'lb-7f3a.1', method: 'GET', url: `/api/screens/${s.id}/config?token=[REDACTED]&v=2` }, res: { statusCode: 200 },
    });
    expect(line.responseTime).toBeGreaterThanOrEqual(0);
    const text = lines.join('\n');
    expect(text).not.toContain(u.token);
    expect(text).not.toContain('cookie-secret-value');
    expect(text).not.toMatch(/authorization/i);
  });

  it('makes up a request id when the given one is not well-formed, and echoes it', async () => {
    lines.length = 0;
    const res = await t.http.get('/api/no-such-route').set('X-Request-Id', 'bad id with spaces "and quotes"').expect(404);
    const id = res.headers['x-request-id'];
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(accessLines()).toMatchObject([{ reqId: id, route: 'unmatched', res: { statusCode: 404 } }]);
  });

  it('logs a client error as one line without a stack', async () => {
    lines.length = 0;
    await t.http.post('/api/auth/login').set('Content-Type', 'application/json').send('{"email":').expect(400);
    expect(lines).toHaveLength(1);
    // Refused by the JSON parser before any route matched.
    expect(accessLines()).toMatchObject([{ route: 'unmatched', req: { url: '/api/auth/login' }, res: { statusCode: 400 } }]);
    expect(lines[0]).not.toContain('stack');
  });

  it('keeps probes at debug level, below the default info', async () => {
    lines.length = 0;
    await t.http.get('/healthz').expect(200);
    await t.http.get('/metrics').expect(200);
    expect(lines).toEqual([]);
  });
});
