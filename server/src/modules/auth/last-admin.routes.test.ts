import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, newAdmin, newUser, type TestApp, type TestUser } from '../../../test/harness.js';

// Its own database: "the last admin" is a rule about every admin row, which other test
// files would add to and take from in the shared one.
let t: TestApp;
beforeAll(async () => { t = await createTestApp({ ownDatabase: true }); });
afterAll(async () => { await t.close(); });
// Every test starts with no admin at all.
beforeEach(async () => { await t.ctx.db.user.deleteMany({ where: { role: 'admin' } }); });

const LAST_ADMIN = 'Sistemdeki son admin hesabı silinemez. Önce başka bir admin hesabı oluşturun, sonra bu hesabı silin.';
const adminCount = () => t.ctx.db.user.count({ where: { role: 'admin' } });
const deleteSelf = (a: TestUser) => t.http.delete('/api/auth/admin').set(a.auth);

describe('DELETE /api/auth/admin: never the last admin', () => {
  it('refuses the only admin (409, Turkish message) and deletes nothing', async () => {
    await newUser(t, 'customer'); // customers are not admins: still the last one
    const only = await newAdmin(t);
    const screen = await t.http.post('/api/screens').set(only.auth).send({ name: 'Lobi' });
    expect(screen.status).toBe(201);

    const res = await deleteSelf(only);
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ code: 'LAST_ADMIN', message: LAST_ADMIN });
    expect(await t.ctx.db.user.findUnique({ where: { id: only.id } })).not.toBeNull();
    expect(await t.ctx.db.screen.count({ where: { ownerId: only.id } })).toBe(1);
    expect((await t.http.get('/api/auth/verify').set(only.auth)).status).toBe(200);
  });

  it('lets one of two admins leave, then refuses the other', async () => {
    const [first, second] = [await newAdmin(t), await newAdmin(t)];
    expect((await deleteSelf(first)).status).toBe(200);
    expect(await t.ctx.db.user.findUnique({ where: { id: first.id } })).toBeNull();
    const res = await deleteSelf(second);
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('LAST_ADMIN');
    expect(await adminCount()).toBe(1);
  });

  it('lets exactly one of the last two admins leave when both try at once', async () => {
    let survivor = await newAdmin(t);
    for (let round = 0; round < 5; round++) {
      const other = await newAdmin(t);
      const [a, b] = await Promise.all([deleteSelf(survivor), deleteSelf(other)]);
      expect([a.status, b.status].sort()).toEqual([200, 409]);
      expect((a.status === 409 ? a : b).body.code).toBe('LAST_ADMIN');
      expect(await adminCount()).toBe(1);
      survivor = a.status === 409 ? survivor : other;
    }
  });
});
