import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generate } from 'otplib';
import { ZLoginResponse, ZMedia, ZSalesReport, ZTeam } from '@pano/contract';
import { createTestApp, grantPackage, newAdmin, newCustomer, newMember, newUser, uniqueEmail, type TestApp, type TestUser } from '../../../test/harness.js';
import { tinyPng } from '../../storage/testing/sample-files.js';
import { recordingNotifier } from '../screens/content.fixtures.js';

/*
 * docs/architecture/accounts.md#deleting-the-account: the owner deletes the account with their
 * password; its content goes for every member, its purchases stay for the sales report, and the
 * people stay, in their other accounts or, at their next login, in a fresh one of their own.
 */

const notifier = recordingNotifier();
let t: TestApp;
beforeAll(async () => { t = await createTestApp({ notifier }); });
afterAll(async () => { await t.close(); });

/** The token a login gives: it names the account it works in. */
const inOwnAccount = async (u: TestUser): Promise<TestUser> => {
  const token = await t.ctx.tokens.signUser(u.id, 0, u.id);
  return { ...u, token, auth: { Authorization: `Bearer ${token}` } };
};
const del = (who: TestUser, body: object) => t.http.delete('/api/team').set(who.auth).send(body);
const login = async (email: string) =>
  ZLoginResponse.parse((await t.http.post('/api/auth/login').send({ email, password: 'secret123' }).expect(200)).body);

/** Everything of the account that deleting it would take. */
const snapshot = async (accountId: string) => ({
  account: await t.ctx.db.account.findUnique({ where: { id: accountId } }),
  members: await t.ctx.db.membership.count({ where: { accountId } }),
  media: await t.ctx.db.media.count({ where: { ownerId: accountId } }),
  screens: await t.ctx.db.screen.count({ where: { ownerId: accountId } }),
  devices: await t.ctx.db.device.count({ where: { ownerId: accountId } }),
  purchases: await t.ctx.db.purchase.count({ where: { accountId } }),
});

describe('DELETE /api/team', () => {
  it('deletes everything of the account for every member; the purchases and the people stay', async () => {
    const owner = await inOwnAccount(await newCustomer(t));
    const editor = await newMember(t, owner.id, 'editor');
    const up = await t.http.post('/api/media/upload').set(editor.auth).field('name', 'Logo').attach('file', tinyPng(), 'logo.png').expect(201);
    const media = ZMedia.parse(up.body);
    const file = path.join(t.ctx.config.uploadsDir, path.basename(media.filePath));
    expect(existsSync(file)).toBe(true);
    const screen = (await t.http.post('/api/screens').set(owner.auth).send({ name: 'Lobi' }).expect(201)).body as { _id: string };
    await t.ctx.db.device.create({ data: { ownerId: owner.id, screenId: screen._id } });
    const purchase = await t.ctx.db.purchase.findFirstOrThrow({ where: { accountId: owner.id } });
    notifier.reset();

    const res = await del(owner, { password: 'secret123' });
    expect([res.status, res.body.message]).toEqual([200, 'Hesap silindi']);
    expect(await snapshot(owner.id)).toEqual({ account: null, members: 0, media: 0, screens: 0, devices: 0, purchases: 0 });
    expect(existsSync(file)).toBe(false);
    expect(notifier.calls).toEqual([[screen._id]]);
    // Money stays: the purchase, with no account, and the sales report still lists it.
    // It ends with the account: expired now, its mobile code gone.
    const ended = await t.ctx.db.purchase.findUniqueOrThrow({ where: { id: purchase.id } });
    expect(ended).toMatchObject({ accountId: null, userId: owner.id, status: 'expired', mobileCode: null });
    expect(ended.expiresAt!.getTime()).toBeLessThanOrEqual(Date.now());
    const admin = await newAdmin(t);
    const sales = ZSalesReport.parse((await t.http.get(`/api/purchase/admin/sales?userId=${owner.id}`).set(admin.auth).expect(200)).body);
    expect(sales.purchases.map((p) => p._id)).toEqual([purchase.id]);
    // Nor does its mobile code pair a device any more.
    const pair = await t.http.post('/api/devices/pair').send({ mobileCode: purchase.mobileCode, name: 'TV' });
    expect([pair.status, pair.body.message]).toEqual([400, 'Geçersiz mobil kod']);

    // Every member's session in the account ends at once; the people stay.
    for (const who of [owner, editor]) {
      expect((await t.http.get('/api/auth/verify').set(who.auth)).status).toBe(401);
      expect(await t.ctx.db.user.count({ where: { id: who.id } })).toBe(1);
    }
    // The editor still works in their own account.
    expect((await login(editor.email)).user.account).toEqual({ _id: editor.id, name: 'Test Kullanıcı', role: 'owner', limited: false });
  });

  it('cuts every connection first, the revoked devices aside, and only then removes the files', async () => {
    const owner = await inOwnAccount(await newCustomer(t));
    const up = await t.http.post('/api/media/upload').set(owner.auth).field('name', 'Logo').attach('file', tinyPng(), 'logo.png').expect(201);
    const file = path.join(t.ctx.config.uploadsDir, path.basename(ZMedia.parse(up.body).filePath));
    const screen = (await t.http.post('/api/screens').set(owner.auth).send({ name: 'Lobi' }).expect(201)).body as { _id: string };
    const paired = await t.ctx.db.device.create({ data: { ownerId: owner.id, screenId: screen._id } });
    await t.ctx.db.device.create({ data: { ownerId: owner.id, revokedAt: new Date() } });
    const calls: unknown[][] = [];
    const record = (name: string) => (...args: unknown[]) => { calls.push([name, ...args, existsSync(file)]); };
    const saved = t.ctx.connections;
    Object.assign(t.ctx, { connections: { ...saved, memberRemoved: record('memberRemoved'), devicesRevoked: record('devicesRevoked'), screensDeleted: record('screensDeleted'), userSignedOut: record('userSignedOut') } });
    try {
      await del(owner, { password: 'secret123' }).expect(200);
    } finally { Object.assign(t.ctx, { connections: saved }); }
    // The file was still there at every cut: the cuts came first.
    expect(calls).toEqual([
      ['memberRemoved', owner.id, owner.id, true], ['devicesRevoked', [paired.id], true], ['screensDeleted', [screen._id], true],
    ]);
    expect(existsSync(file)).toBe(false);
  });

  it('the owner, left in no account, gets a fresh one of their own at the next login and works in it', async () => {
    const owner = await newCustomer(t);
    await del(owner, { password: 'secret123' }).expect(200);
    const session = await login(owner.email);
    expect(session.user.account).toMatchObject({ name: 'Test Kullanıcı', role: 'owner', limited: false });
    // A fresh id, never the person's: the deleted account had it, and its history keeps it.
    const fresh = session.user.account!._id;
    expect(fresh).not.toBe(owner.id);
    expect(await t.ctx.db.auditEvent.count({ where: { chain: owner.id, action: 'account.delete' } })).toBe(1);
    expect(await t.ctx.db.auditEvent.count({ where: { chain: fresh, action: 'account.delete' } })).toBe(0);
    const auth = { Authorization: `Bearer ${session.token}` };
    const team = ZTeam.parse((await t.http.get('/api/team').set(auth).expect(200)).body);
    expect(team.members.map((m) => [m.user.email, m.role])).toEqual([[owner.email, 'owner']]);
    // Nothing of the old account came back; with a package again, they work as before.
    await grantPackage(t, owner.id, { accountId: fresh });
    expect((await t.http.get('/api/screens').set(auth).expect(200)).body).toEqual([]);
    await t.http.post('/api/screens').set(auth).send({ name: 'Yeni' }).expect(201);
  });

  it('a member who joined by invitation only, with no account of their own, gets one at the next login', async () => {
    const owner = await newCustomer(t);
    const email = uniqueEmail('davetli');
    const invite = await t.http.post('/api/team/invitations').set(owner.auth).send({ email, role: 'viewer' }).expect(201);
    const token = (invite.body as { link: string }).link.split('/davet/')[1]!;
    await t.http.post(`/api/invitations/${token}/accept`).send({ password: 'secret123', firstName: 'Deniz', lastName: 'Yıldız' }).expect(201);
    const invited = await t.ctx.db.user.findUniqueOrThrow({ where: { email } });
    expect(await t.ctx.db.membership.count({ where: { userId: invited.id } })).toBe(1);

    await del(owner, { password: 'secret123' }).expect(200);
    expect(await t.ctx.db.membership.count({ where: { userId: invited.id } })).toBe(0);
    const session = await login(email);
    expect(session.user.account).toMatchObject({ name: 'Deniz Yıldız', role: 'owner', limited: false });
    expect(session.user.account!._id).not.toBe(invited.id);
    await t.http.get('/api/team').set({ Authorization: `Bearer ${session.token}` }).expect(200);
    // Two logins later it is still the one account.
    await login(email);
    expect(await t.ctx.db.membership.count({ where: { userId: invited.id } })).toBe(1);
  });

  it('a removed member whose only account it was gets a fresh one too', async () => {
    const owner = await newCustomer(t);
    const person = await newUser(t);
    // They handed their own account on and left it: their id is taken by an account they are not in.
    await t.ctx.db.membership.deleteMany({ where: { userId: person.id } });
    await t.ctx.db.membership.create({ data: { accountId: person.id, userId: owner.id, role: 'owner' } });
    const session = await login(person.email);
    expect(session.user.account).toMatchObject({ name: 'Test Kullanıcı', role: 'owner', limited: false });
    expect(session.user.account!._id).not.toBe(person.id);
  });

  it('refuses a wrong or missing password (nothing changes), anyone but the owner, and no session', async () => {
    const owner = await newCustomer(t);
    const admin = await newMember(t, owner.id, 'admin');
    const before = await snapshot(owner.id);
    const refused = async (res: { status: number; body: { message?: string } }, status: number, message: string) => {
      expect([res.status, res.body.message]).toEqual([status, message]);
      expect(await snapshot(owner.id)).toEqual(before);
    };
    await refused(await del(owner, { password: 'yanlis123' }), 403, 'Şifre hatalı. Hesabı silmek için kendi şifrenizi girin.');
    await refused(await del(owner, {}), 400, 'Şifre zorunludur');
    // The admin's own password is right, and still only the owner deletes.
    await refused(await del(admin, { password: 'secret123' }), 403, "Bu işlem için 'Sahip' yetkisi gerekiyor (rolünüz: Yönetici)");
    await refused(await t.http.delete('/api/team').send({ password: 'secret123' }), 401, 'Oturum açmanız gerekiyor');
    expect((await t.http.get('/api/auth/verify').set(owner.auth)).status).toBe(200);
  });
});

describe('DELETE /api/team: the password is guarded as at the login', () => {
  it('with two-factor on, asks for its code too: none or a wrong one is refused and nothing changes', async () => {
    const owner = await inOwnAccount(await newCustomer(t));
    const setup = await t.http.post('/api/auth/2fa/setup').set(owner.auth).send({ password: 'secret123' }).expect(200);
    const secret = new URL(setup.body.otpauthUrl as string).searchParams.get('secret')!;
    const enabled = await t.http.post('/api/auth/2fa/enable').set(owner.auth).send({ code: await generate({ secret }), password: 'secret123' }).expect(200);
    const [recovery] = enabled.body.recoveryCodes as string[];
    const before = await snapshot(owner.id);
    const refused = async (body: object, status: number, message: string) => {
      const res = await del(owner, body);
      expect([res.status, res.body.message]).toEqual([status, message]);
      expect(await snapshot(owner.id)).toEqual(before);
    };
    await refused({ password: 'secret123' }, 400, 'Doğrulama kodu zorunludur');
    await refused({ password: 'secret123', code: '000000' }, 400, 'Doğrulama kodu hatalı. Kimlik doğrulama uygulamanızdaki güncel kodu ya da kullanılmamış bir kurtarma kodunu girin.');
    // The password is checked first: a wrong one spends no recovery code.
    await refused({ password: 'yanlis123', code: recovery }, 403, 'Şifre hatalı. Hesabı silmek için kendi şifrenizi girin.');
    expect(await t.ctx.db.recoveryCode.count({ where: { userId: owner.id, usedAt: null } })).toBe(10);
    await del(owner, { password: 'secret123', code: recovery }).expect(200);
    expect(await t.ctx.db.account.count({ where: { id: owner.id } })).toBe(0);
  });

  it('counts wrong passwords per person too, from any address: then even the right one waits (429)', async () => {
    const limited = await createTestApp({ config: { authRateLimitPer15Min: 3, trustProxy: 1 } });
    try {
      const owner = await newCustomer(limited);
      const from = (n: number) => ({ ...owner.auth, 'X-Forwarded-For': `203.0.113.${n}` });
      for (let i = 1; i <= 3; i++) {
        const res = await limited.http.delete('/api/team').set(from(i)).send({ password: 'yanlis123' });
        expect(res.status).toBe(403);
      }
      const res = await limited.http.delete('/api/team').set(from(4)).send({ password: 'secret123' });
      expect([res.status, res.body.message]).toEqual([429, 'Çok fazla deneme yaptınız. Lütfen birkaç dakika sonra tekrar deneyin.']);
      expect(await limited.ctx.db.account.count({ where: { id: owner.id } })).toBe(1);
    } finally { await limited.close(); }
  });
});

describe('DELETE /api/auth/admin', () => {
  it("deletes only the accounts the admin alone owns, never one that merely has the admin's id", async () => {
    await newAdmin(t); // a colleague stays: the last admin may not leave
    const admin = await newAdmin(t);
    const heir = await newUser(t);
    // The admin handed the account with their id on and stays in it as an admin.
    await t.ctx.db.membership.updateMany({ where: { accountId: admin.id, userId: admin.id }, data: { role: 'admin' } });
    await t.ctx.db.membership.create({ data: { accountId: admin.id, userId: heir.id, role: 'owner' } });
    // Another account they own alone, and one they own with somebody else.
    const alone = await t.ctx.db.account.create({ data: { name: 'Yalnız', members: { create: { userId: admin.id, role: 'owner' } } } });
    const shared = await t.ctx.db.account.create({ data: { name: 'Ortak', members: { create: [{ userId: admin.id, role: 'owner' }, { userId: heir.id, role: 'owner' }] } } });

    const calls: unknown[][] = [];
    const record = (name: string) => (...args: unknown[]) => { calls.push([name, ...args]); };
    const saved = t.ctx.connections;
    Object.assign(t.ctx, { connections: { ...saved, memberRemoved: record('memberRemoved'), userSignedOut: record('userSignedOut') } });
    try {
      await t.http.delete('/api/auth/admin').set(admin.auth).expect(200);
    } finally { Object.assign(t.ctx, { connections: saved }); }
    // The admin's sockets are cut once, everywhere; nobody else was in the deleted account.
    expect(calls).toEqual([['userSignedOut', admin.id]]);
    expect(await t.ctx.db.account.findUnique({ where: { id: alone.id } })).toBeNull();
    for (const kept of [admin.id, shared.id]) {
      expect((await t.ctx.db.membership.findMany({ where: { accountId: kept }, select: { userId: true, role: true } }))).toEqual([{ userId: heir.id, role: 'owner' }]);
    }
  });
});
