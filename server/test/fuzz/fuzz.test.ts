import { randomUUID } from 'node:crypto';
import http from 'node:http';
import fc from 'fast-check';
import supertest from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_KEY_SCOPES, ZErrorBody } from '@pano/contract';
import { createTestApp, newAdmin, newCustomer, type TestApp, type TestUser } from '../harness.js';
import { dbFingerprint } from '../db-fingerprint.js';
import { makeLayout, makeMedia, makePlaylist, makeSchedule, makeScreen, makeTicker } from '../../src/modules/screens/content.fixtures.js';
import { createApiKey } from '../../src/modules/api-keys/api-keys.service.js';
import { malformedRequestArb, type Actor, type MalformedRequest } from './malformed-requests.js';
import { outOfRangeDateArb, type DatedIds } from './out-of-range-dates.js';
import { listRoutes, type RouteEntry } from './route-table.js';

// Malformed requests per run: at least 2,000, spread over every route and actor.
const RUNS = 2_400;
const PARTS = 4;

let t: TestApp;
let server: http.Server;
let agent: supertest.Agent;
let routes: RouteEntry[];
let headers: Record<Actor, Record<string, string>>;
/** Real ids of the fuzzing actors' rows, by the path they appear under. */
let ownIds: { prefix: string; id: string }[];
let datedIds: DatedIds;

beforeAll(async () => {
  // A database of its own: "nothing written" is checked over every row of every table.
  // Its API key is let through the per-key minute limit: the run sends thousands of requests.
  t = await createTestApp({ ownDatabase: true, config: { apiKeyRequestsPerMinute: 1_000_000 } });
  const customer: TestUser = await newCustomer(t);
  const admin: TestUser = await newAdmin(t);
  const media = await makeMedia(t, customer.id);
  const screen = await makeScreen(t, customer.id);
  const device = await t.ctx.db.device.create({ data: { ownerId: customer.id, screenId: screen.id, name: 'Fuzz TV' } });
  const pkg = await t.ctx.db.package.create({
    data: { name: 'Fuzz Paketi', description: 'Test', price: 10, durationDays: 30, maxMediaUploadGb: 1, maxScreens: 1, maxPlaylists: 1 },
  });
  const playlist = await makePlaylist(t, customer.id, [{ mediaId: media.id }]);
  ownIds = [
    { prefix: '/api/media/', id: media.id },
    { prefix: '/api/playlists/', id: playlist.id },
    { prefix: '/api/schedules/', id: (await makeSchedule(t, customer.id, { playlistId: playlist.id, screenIds: [screen.id] })).id },
    { prefix: '/api/direction-playlists/', id: (await makeTicker(t, customer.id, ['Fuzz'])).id },
    { prefix: '/api/layouts/', id: (await makeLayout(t, customer.id, [{ playlistId: playlist.id }])).id },
    { prefix: '/api/screens/', id: screen.id },
    { prefix: '/api/packages/', id: pkg.id },
    { prefix: '/api/purchase/my-package/', id: customer.id },
  ];
  datedIds = { screen: screen.id, media: media.id, playlist: playlist.id };
  // Every scope: every route a key may call is fuzzed with one (its use is bookkeeping, db-fingerprint.ts).
  const apiKey = await createApiKey(t.ctx, customer.id, { name: 'Fuzz Paneli', scopes: [...API_KEY_SCOPES], groups: [] });
  headers = {
    anonymous: {},
    'forged-token': { Authorization: `Bearer ${customer.token.slice(0, -4)}AAAA` },
    customer: customer.auth,
    admin: admin.auth,
    device: { Authorization: `Bearer ${await t.ctx.tokens.signDevice(device.id, customer.id)}` },
    'api-key': { Authorization: `Bearer ${apiKey.key}` },
  };
  // POST /api/auth/logout reads no input: any request with a valid token is a real logout
  // (it ends every session of the fuzzing user, which the rest of the run needs), so no
  // request to it can be malformed. logout.routes.test.ts covers it.
  // Likewise POST /api/auth/sessions/end-others (sessions.routes.test.ts) and POST
  // /api/notifications/read, which marks all of one's notifications read (approvals.routes.test.ts).
  const readsNoInput = new Set(['/api/auth/logout', '/api/auth/sessions/end-others', '/api/notifications/read']);
  routes = listRoutes(t.app).filter((r) => !(r.method === 'POST' && readsNoInput.has(r.path)));
  // One listening server for the whole run (supertest would otherwise open one per request).
  server = http.createServer(t.app).listen(0, '127.0.0.1');
  agent = supertest(server);
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await t.close();
});

function pathOf(r: MalformedRequest): string {
  let n = 0;
  return r.route.path.replace(/:\w+/g, () => {
    const choice = r.ids[n++ % r.ids.length]!;
    // A real id only where the request is malformed anyway: a DELETE reads no body, so a
    // real id there would be a valid request.
    if (choice.kind === 'invalid' || r.route.method === 'DELETE') return choice.kind === 'invalid' ? choice.value : randomUUID();
    return ownIds.find((o) => r.route.path.startsWith(o.prefix))?.id ?? randomUUID();
  }) + r.query;
}

function send(r: MalformedRequest): supertest.Test {
  const method = r.route.method.toLowerCase() as 'get' | 'post' | 'put' | 'delete' | 'patch';
  const req = agent[method](pathOf(r)).set(headers[r.actor]);
  const b = r.body;
  switch (b.kind) {
    case 'none': return req;
    case 'json': return req.set('Content-Type', b.contentType).serialize((x: unknown) => x as string).send(b.text);
    case 'bytes': {
      if (b.encoding) req.set('Content-Encoding', b.encoding);
      return req.set('Content-Type', b.contentType).serialize((x: unknown) => x as string).send(b.bytes as unknown as string);
    }
    case 'form': return req.set('Content-Type', 'application/x-www-form-urlencoded').serialize((x: unknown) => x as string).send(b.text);
    case 'multipart': {
      for (const [k, v] of b.fields) req.field(k, v);
      return b.file ? req.attach(b.file.field, b.file.bytes, b.file.name) : req;
    }
  }
}

// Pages for people (the dev card processor's checkout page, the dashboard and player
// shells) answer HTML; everything else under /api answers the JSON error body.
const answersHtml = (path: string) => !path.startsWith('/api/') || path.startsWith('/api/purchase/dev/checkout/');

describe('fuzz: malformed requests across every route', () => {
  it('finds the routes in the router stack', () => {
    const names = routes.map((r) => `${r.method} ${r.path}`);
    for (const known of ['PUT /api/playlists/:id', 'POST /api/media/upload', 'POST /api/purchase/dev/checkout/:sessionId', 'GET /api/screens/:id/config', 'DELETE /api/auth/admin', 'GET /readyz']) {
      expect(names).toContain(known);
    }
    expect(routes.length).toBeGreaterThan(40);
  });

  // The runs in parts, each a test of its own within the per-test budget on a busy machine
  // (docs/architecture/tests.md#tests); the last test checks what they did together.
  const hit = new Set<string>();
  let sent = 0;
  let before: Awaited<ReturnType<typeof dbFingerprint>>;
  beforeAll(async () => { before = await dbFingerprint(t.ctx.db); });

  for (let part = 0; part < PARTS; part++) {
    it(`generated malformed requests, part ${part + 1} of ${PARTS} (${RUNS / PARTS} each): never 5xx, never accepted`, { timeout: 120_000 }, async () => {
      await fc.assert(
        // One in eleven: valid but for a date outside 1970-9999.
        fc.asyncProperty(fc.oneof(
          { weight: 10, arbitrary: malformedRequestArb(routes) },
          { weight: 1, arbitrary: outOfRangeDateArb(routes, datedIds) },
        ), async (r) => {
          const res = await send(r);
          sent++;
          hit.add(`${r.route.method} ${r.route.path}`);
          expect(res.status, `${r.route.method} ${pathOf(r).slice(0, 200)}`).toBeLessThan(500);
          // Reading is harmless; a write must refuse what it was sent.
          if (r.route.method !== 'GET') expect(res.status).toBeGreaterThanOrEqual(400);
          if (res.status >= 400 && !answersHtml(r.route.path)) {
            expect(ZErrorBody.parse(res.body).message.length).toBeGreaterThan(0);
          }
        }),
        { numRuns: RUNS / PARTS, ...(process.env.FUZZ_SEED ? { seed: Number(process.env.FUZZ_SEED) + part } : {}) },
      );
    });
  }

  // DELETE /api/auth/admin reads no input at all; the fuzzing admin is the database's only
  // admin, so the last-admin rule refuses it (409) and it writes nothing either.
  it(`the ${RUNS} requests reached every route and wrote nothing`, async () => {
    expect(sent).toBeGreaterThanOrEqual(RUNS);
    expect([...hit].sort()).toEqual(routes.map((r) => `${r.method} ${r.path}`).sort());
    expect(await dbFingerprint(t.ctx.db)).toEqual(before);
    // No "__proto__" or "constructor" key reached a prototype.
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(({} as Record<string, unknown>).role).toBeUndefined();
  });
});
