import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_ROLE_LABELS, ACCOUNT_ROLES, roleAtLeast, type TAccountRole } from '@pano/contract';
import { dbFingerprint } from './db-fingerprint.js';
import { listRoutes, type RouteEntry } from './fuzz/route-table.js';
import { createTestApp, newCustomer, newMember, type TestApp, type TestUser } from './harness.js';

/*
 * The role × action matrix (docs/architecture/accounts.md#roles): every route that changes data
 * has a rule here, each role is allowed exactly what its rule says, and a route added without a
 * rule fails this test.
 */

/** The least role each data-changing route needs, or why no member role applies. */
const RULES: Record<string, TAccountRole | 'not a member route'> = {
  // Editors: the content.
  'POST /api/media/upload': 'editor',
  'POST /api/media/apps': 'editor',
  'POST /api/media/apps/preview': 'editor',
  'PUT /api/media/:id': 'editor',
  'PUT /api/media/:id/file': 'editor',
  'DELETE /api/media/:id': 'editor',
  'POST /api/uploads': 'editor',
  'POST /api/playlists': 'editor',
  'PUT /api/playlists/:id': 'editor',
  'DELETE /api/playlists/:id': 'editor',
  'POST /api/direction-playlists': 'editor',
  'PUT /api/direction-playlists/:id': 'editor',
  'DELETE /api/direction-playlists/:id': 'editor',
  'POST /api/layouts': 'editor',
  'PUT /api/layouts/:id': 'editor',
  'DELETE /api/layouts/:id': 'editor',
  // Reads sent as POST: anyone who sees the content may preview it or ask a screen for a picture.
  'POST /api/layouts/preview': 'viewer',
  'POST /api/screens/:id/screenshot': 'viewer',
  // Publishers: what screens show, and alerts.
  'POST /api/screens': 'publisher',
  'PUT /api/screens/:id': 'publisher',
  'DELETE /api/screens/:id': 'publisher',
  'POST /api/screen-groups': 'publisher',
  'PUT /api/screen-groups/:id': 'publisher',
  'DELETE /api/screen-groups/:id': 'publisher',
  'POST /api/schedules': 'publisher',
  'PUT /api/schedules/:id': 'publisher',
  'DELETE /api/schedules/:id': 'publisher',
  'POST /api/alerts': 'publisher',
  'DELETE /api/alerts/:id': 'publisher',
  'POST /api/alert-templates': 'publisher',
  'PUT /api/alert-templates/:id': 'publisher',
  'DELETE /api/alert-templates/:id': 'publisher',
  'POST /api/alert-templates/:id/send': 'publisher',
  // Admins: the account's settings, keys and devices.
  'PUT /api/settings': 'admin',
  'PUT /api/settings/health': 'admin',
  'POST /api/api-keys': 'admin',
  'DELETE /api/api-keys/:id': 'admin',
  'PUT /api/devices/:id': 'admin',
  'DELETE /api/devices/:id': 'admin',
  // Admins: the team (docs/PRODUCT.md#team); the owner alone hands ownership on.
  'PUT /api/team': 'admin',
  'PUT /api/team/settings': 'admin',
  'PUT /api/team/members/:id': 'admin',
  'DELETE /api/team/members/:id': 'admin',
  'POST /api/team/invitations': 'admin',
  'DELETE /api/team/invitations/:id': 'admin',
  'POST /api/team/transfer': 'owner',
  // The owner buys.
  'POST /api/purchase/create-payment-intent': 'owner',
  'POST /api/purchase/complete-payment': 'owner',
  'POST /api/purchase/create-checkout-session': 'owner',
  'POST /api/purchase/confirm-session': 'owner',
  'POST /api/purchase/dev/confirm-card': 'owner',
  // Signing in and out, a person's own session, and public forms.
  'POST /api/auth/login': 'not a member route',
  'POST /api/auth/logout': 'not a member route',
  'POST /api/auth/register': 'not a member route',
  'POST /api/auth/admin-register': 'not a member route',
  'POST /api/auth/setup-admin': 'not a member route',
  'POST /api/auth/forgot-password': 'not a member route',
  'POST /api/auth/reset-password': 'not a member route',
  // Two-factor sign-in and sessions: each person's own (docs/PRODUCT.md#two-factor, #session).
  'POST /api/auth/2fa/setup': 'not a member route',
  'POST /api/auth/2fa/enable': 'not a member route',
  'POST /api/auth/2fa/verify': 'not a member route',
  'DELETE /api/auth/2fa': 'not a member route',
  'POST /api/auth/sessions/end-others': 'not a member route',
  'DELETE /api/auth/sessions/:id': 'not a member route',
  // Joining an account (the link is the right) and choosing which of one's accounts to work in.
  'POST /api/invitations/:token/accept': 'not a member route',
  'POST /api/auth/switch-account': 'not a member route',
  // Platform administrators (User.role admin), not account roles.
  'DELETE /api/auth/admin': 'not a member route',
  'POST /api/packages/admin': 'not a member route',
  'PUT /api/packages/admin/:id': 'not a member route',
  'DELETE /api/packages/admin/:id': 'not a member route',
  'POST /api/settings/apk': 'not a member route',
  // Devices (device tokens) and the payment processor (signed).
  'POST /api/devices/pair': 'not a member route',
  'POST /api/devices/plays': 'not a member route',
  'PUT /api/devices/screen': 'not a member route',
  'PUT /api/devices/screenshot': 'not a member route',
  'POST /api/purchase/webhook': 'not a member route',
  'POST /api/purchase/dev/checkout/:sessionId': 'not a member route',
};

let t: TestApp;
let routes: RouteEntry[];
const members = {} as Record<TAccountRole, TestUser>;

beforeAll(async () => {
  // A database of its own: the fingerprint below must see no other test's writes.
  t = await createTestApp({ ownDatabase: true });
  routes = listRoutes(t.app).filter((r) => r.method !== 'GET' && r.method !== 'HEAD');
  const owner = await newCustomer(t);
  members.owner = owner;
  for (const role of ACCOUNT_ROLES.slice(1)) members[role] = await newMember(t, owner.id, role);
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
