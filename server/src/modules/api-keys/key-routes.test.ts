import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_KEY_SCOPE_LABELS, API_KEY_SCOPES, type TApiKeyScope } from '@pano/contract';
import { createTestApp, newCustomer, type TestApp } from '../../../test/harness.js';
import { dbFingerprint } from '../../../test/db-fingerprint.js';
import { listRoutes, type RouteEntry } from '../../../test/fuzz/route-table.js';
import { createApiKey } from './api-keys.service.js';
import { KEY_ROUTES } from '../../http/key-routes.js';

/*
 * The scope × route matrix (docs/architecture/security.md#api-keys): every /api route the app
 * mounts is called with a key of each scope; a key is let through exactly where KEY_ROUTES gives
 * its scope, refused with the scope's name where the route has another, and refused outright
 * where no key may call it. A route added later is in the matrix without anyone listing it.
 */

let t: TestApp;
let routes: RouteEntry[];
const keys = {} as Record<TApiKeyScope, string>;

// tus answers these below its router (resumable-uploads.routes.ts), so the router stack lists only its POST.
const TUS = ['HEAD', 'PATCH', 'DELETE'].map((method) => ({ method, path: '/api/uploads/*rest' }));

beforeAll(async () => {
  // A database of its own: the fingerprint below must see no other test's writes.
  t = await createTestApp({ ownDatabase: true, config: { apiKeyRequestsPerMinute: 1_000_000 } });
  const owner = await newCustomer(t);
  for (const scope of API_KEY_SCOPES) keys[scope] = (await createApiKey(t.ctx, owner.id, { name: scope, scopes: [scope], groups: [] })).key;
  routes = [...listRoutes(t.app).filter((r) => r.path.startsWith('/api/') && r.method !== 'HEAD'), ...TUS];
});
afterAll(async () => { await t?.close(); });

const key = (r: RouteEntry) => `${r.method} ${r.path}`;
const pathOf = (r: RouteEntry) => r.path.replace(/[:*][A-Za-z]+/g, () => randomUUID());
const NO_KEY = 'Bu işlem API anahtarıyla yapılamaz: anahtarlar anahtarları, ekibi, ödemeleri ve hesabı yönetemez. Lütfen oturum açarak deneyin.';
const needs = (scope: TApiKeyScope) => `Bu API anahtarının bu işlem için yetkisi yok (gereken yetki: ${API_KEY_SCOPE_LABELS[scope].label}).`;

async function send(r: RouteEntry, bearer: string): Promise<{ status: number; message?: string }> {
  type Answer = Promise<{ status: number; body: { message?: string } }>;
  const http = t.http as unknown as Record<string, (p: string) => { set: (h: object) => Answer & { send: (b: object) => Answer } }>;
  const req = http[r.method.toLowerCase()]!(pathOf(r)).set({ Authorization: `Bearer ${bearer}` });
  if (r.method === 'HEAD') return { status: (await req).status };
  const res = await req.send({});
  return { status: res.status, message: res.body?.message };
}

describe('API key scopes', () => {
  it('every route of the table is one the app serves', () => {
    const served = routes.map(key);
    expect(Object.keys(KEY_ROUTES).filter((k) => !served.includes(k))).toEqual([]);
  });

  it('each scope is let through exactly its routes; others are told the scope or that no key may; nothing is written', async () => {
    const before = await dbFingerprint(t.ctx.db);
    const wrong: unknown[] = [];
    for (const r of routes) {
      const wanted = KEY_ROUTES[key(r)];
      for (const scope of API_KEY_SCOPES) {
        const { status, message } = await send(r, keys[scope]);
        // A HEAD answer has no body: whether it was refused is all it tells.
        const got = r.method === 'HEAD' && status === 403 ? 'refused'
          : status === 403 && message === NO_KEY ? 'no key'
            : status === 403 && message?.startsWith('Bu API anahtarının') ? message
              : status === 401 ? 'unauthorized' : 'let through';
        const expected = wanted === scope ? 'let through' : r.method === 'HEAD' ? 'refused' : wanted ? needs(wanted) : 'no key';
        if (got !== expected) wrong.push({ route: key(r), scope, got, expected, status });
      }
    }
    expect(wrong).toEqual([]);
    expect(await dbFingerprint(t.ctx.db)).toEqual(before);
  });

  it('a path with a bad escape is the router\'s 400, not a 500, with a key as without', async () => {
    const res = await t.http.get('/api/layouts/%ZZ').set({ Authorization: `Bearer ${keys.content}` });
    expect(res.status).toBe(400);
  });

  it('a key is never let through to keys, members, payments or the account', () => {
    const forbiddenAreas = /^[A-Z]+ \/api\/(api-keys|team|invitations|purchase|packages|settings|accounts|auth|audit|approvals|notifications|devices)\b/;
    expect(Object.keys(KEY_ROUTES).filter((k) => forbiddenAreas.test(k))).toEqual([]);
  });
});
