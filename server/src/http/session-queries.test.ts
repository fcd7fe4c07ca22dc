import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { PrismaPg } from '@prisma/adapter-pg';
import { PrismaClient } from '../db/generated/client.js';
import type { AppContext } from '../context.js';
import { createTestApp, newCustomer, newMember, type TestApp } from '../../test/harness.js';
import { sessionOfClaims } from './authenticate.js';

/*
 * docs/architecture/accounts.md#sessions: every authenticated request reads its session (user,
 * membership, account, screen groups) in one round trip.
 */

let t: TestApp;
let db: PrismaClient<'query'>;
const queries: string[] = [];
beforeAll(async () => {
  t = await createTestApp();
  // A client of its own that reports every query it sends.
  db = new PrismaClient({ adapter: new PrismaPg({ connectionString: inject('databaseUrl'), max: 1 }), log: [{ emit: 'event', level: 'query' }] });
  db.$on('query', (e) => { queries.push(e.query); });
});
afterAll(async () => { await db.$disconnect(); await t.close(); });

async function queriesOf(token: string) {
  const ctx = { db, clock: () => new Date() } as unknown as AppContext;
  const claims = await t.ctx.tokens.verify(token);
  await sessionOfClaims(ctx, claims); // writes the last activity, once per few minutes
  queries.length = 0;
  const session = await sessionOfClaims(ctx, claims);
  return { session, count: queries.length };
}

it('a member limited to groups: one query reads the user, the membership, its account and groups', async () => {
  const owner = await newCustomer(t);
  const [b, a] = [await t.ctx.db.screenGroup.create({ data: { ownerId: owner.id, name: 'B' } }), await t.ctx.db.screenGroup.create({ data: { ownerId: owner.id, name: 'A' } })];
  const member = await newMember(t, owner.id, 'editor', [b.id, a.id]);
  const { session, count } = await queriesOf(member.token);
  expect(session).toEqual({
    user: { id: member.id, email: member.email, role: 'customer', firstName: 'Test', lastName: 'Kullanıcı' },
    account: { id: owner.id, name: 'Test Kullanıcı', role: 'editor', groupIds: [a.id, b.id].sort(), membershipId: expect.any(String) },
  });
  expect(count).toBe(1);
});

it('a token naming no account works in the first one joined, in one query too', async () => {
  const owner = await newCustomer(t);
  const { session, count } = await queriesOf(await t.ctx.tokens.signUser(owner.id, 0));
  expect(session.account).toMatchObject({ id: owner.id, role: 'owner', groupIds: [] });
  expect(count).toBe(1);
});

it("a signed-in token's session (docs/architecture/sessions.md) is read in the same query; an ended one is refused", async () => {
  const owner = await newCustomer(t);
  const res = await t.http.post('/api/auth/login').send({ email: owner.email, password: 'secret123' });
  expect(res.status).toBe(200);
  const claims = await t.ctx.tokens.verify(res.body.token as string);
  const sid = claims.kind === 'user' ? claims.sid : undefined;
  expect(sid).toEqual(expect.any(String));
  const { session, count } = await queriesOf(res.body.token as string);
  expect(session.account).toMatchObject({ id: owner.id, role: 'owner' });
  expect(count).toBe(1);
  await t.ctx.db.userSession.deleteMany({ where: { id: sid } });
  await expect(queriesOf(res.body.token as string)).rejects.toMatchObject({ status: 401 });
});
