import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_ROLE_LABELS, ACCOUNT_ROLES, roleAtLeast, type TAccountRole } from '@pano/contract';
import { dbFingerprint } from './db-fingerprint.js';
import { listRoutes, type RouteEntry } from './fuzz/route-table.js';
import { createTestApp, newCustomer, newMember, type TestApp, type TestUser } from './harness.js';
import { LIMITED_REFUSED, RULES } from './route-rules.js';

/*
 * The role × action matrix (docs/architecture/accounts.md#roles): every route that changes data
 * has a rule (route-rules.ts), each role is allowed exactly what its rule says, and a route added
 * without a rule fails this test.
 */

let t: TestApp;
let routes: RouteEntry[];
const members = {} as Record<TAccountRole, TestUser>;
/** An admin limited to one screen group: every role's right below the owner, and the limit. */
let limitedAdmin: TestUser;

beforeAll(async () => {
  // A database of its own: the fingerprint below must see no other test's writes.
  t = await createTestApp({ ownDatabase: true });
  routes = listRoutes(t.app).filter((r) => r.method !== 'GET' && r.method !== 'HEAD');
  const owner = await newCustomer(t);
  members.owner = owner;
  for (const role of ACCOUNT_ROLES.slice(1)) members[role] = await newMember(t, owner.id, role);
  const group = await t.ctx.db.screenGroup.create({ data: { ownerId: owner.id, name: 'Giriş' } });
  limitedAdmin = await newMember(t, owner.id, 'admin', [group.id]);
});
afterAll(async () => { await t?.close(); });

const key = (r: RouteEntry) => `${r.method} ${r.path}`;
const pathOf = (r: RouteEntry) => r.path.replace(/:[A-Za-z]+/g, () => randomUUID());
const send = (r: RouteEntry, u: TestUser) =>
  (t.http as unknown as Record<string, (p: string) => { set: (h: object) => { send: (b: object) => Promise<{ status: number; body: { message?: string } }> } }>)[r.method.toLowerCase()]!(pathOf(r)).set(u.auth).send({});

describe('roles', () => {
  it('every route that changes data has a rule', () => {
    expect(routes.map(key).filter((k) => !(k in RULES))).toEqual([]);
    expect(Object.keys(RULES).filter((k) => !routes.some((r) => key(r) === k))).toEqual([]);
  });

  it('a role below the rule is refused with 403 naming the missing right, and nothing is written', async () => {
    const before = await dbFingerprint(t.ctx.db);
    for (const r of routes) {
      const rule = RULES[key(r)];
      if (!rule || rule === 'not a member route') continue;
      for (const role of ACCOUNT_ROLES.filter((x) => !roleAtLeast(x, rule))) {
        const res = await send(r, members[role]);
        expect({ route: key(r), role, status: res.status, message: res.body.message }).toEqual({
          route: key(r), role, status: 403,
          message: `Bu işlem için '${ACCOUNT_ROLE_LABELS[rule]}' yetkisi gerekiyor (rolünüz: ${ACCOUNT_ROLE_LABELS[role]})`,
        });
      }
    }
    expect(await dbFingerprint(t.ctx.db)).toEqual(before);
  });

  it('the rule and every role above it get past the guard', async () => {
    for (const r of routes) {
      const rule = RULES[key(r)];
      if (!rule || rule === 'not a member route') continue;
      for (const role of ACCOUNT_ROLES.filter((x) => roleAtLeast(x, rule))) {
        const res = await send(r, members[role]);
        expect({ route: key(r), role, refused: res.status === 403 && /yetkisi gerekiyor/.test(res.body.message ?? '') })
          .toEqual({ route: key(r), role, refused: false });
      }
    }
  });
});

describe('a member limited to screen groups', () => {
  it('is refused exactly the routes listed, with their 403, whatever the role; nothing is written', async () => {
    expect(Object.keys(LIMITED_REFUSED).filter((k) => !(k in RULES))).toEqual([]);
    const before = await dbFingerprint(t.ctx.db);
    const seen: Record<string, string> = {};
    for (const r of routes) {
      const rule = RULES[key(r)];
      if (!rule || rule === 'not a member route' || !roleAtLeast('admin', rule)) continue;
      const res = await send(r, limitedAdmin);
      if (res.status === 403 && /sınırlı/.test(res.body.message ?? '')) seen[key(r)] = res.body.message!;
    }
    expect(seen).toEqual(LIMITED_REFUSED);
    expect(await dbFingerprint(t.ctx.db)).toEqual(before);
  });
});
