import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZLoginResponse, ZMyPackage, ZPlaylist, ZVerifyResponse } from '@pano/contract';
import { createTestApp, newCustomer, newMember, type TestApp } from '../../../test/harness.js';
import { makeGroup, makeMedia, makePlaylist } from '../screens/content.fixtures.js';

/* docs/architecture/accounts.md#sessions: a session works in one account, and only while its person is a member. */

let t: TestApp;
beforeAll(async () => { t = await createTestApp(); });
afterAll(async () => { await t.close(); });

describe('sessions and accounts', () => {
  it('login and verify answer the user with the account they work in: their own, as its owner', async () => {
    const u = await newCustomer(t);
    const login = ZLoginResponse.parse((await t.http.post('/api/auth/login').send({ email: u.email, password: 'secret123' }).expect(200)).body);
    expect(login.user.account).toEqual({ _id: u.id, name: 'Test Kullanıcı', role: 'owner', limited: false });
    const verify = ZVerifyResponse.parse((await t.http.get('/api/auth/verify').set({ Authorization: `Bearer ${login.token}` }).expect(200)).body);
    expect(verify.user.account).toEqual(login.user.account);
  });

  it("a member works on the account's content, not on their own; another account's token is refused", async () => {
    const owner = await newCustomer(t);
    await makePlaylist(t, owner.id, [{ mediaId: (await makeMedia(t, owner.id)).id }], 'Lobi');
    const editor = await newMember(t, owner.id, 'editor');
    const list = ZPlaylist.array().parse((await t.http.get('/api/playlists').set(editor.auth).expect(200)).body);
    expect(list.map((p) => p.name)).toEqual(['Lobi']);
    const verify = ZVerifyResponse.parse((await t.http.get('/api/auth/verify').set(editor.auth).expect(200)).body);
    expect(verify.user.account).toEqual({ _id: owner.id, name: 'Test Kullanıcı', role: 'editor', limited: false });

    // A token naming an account its person is not in opens nothing.
    const stranger = await newCustomer(t);
    const forged = await t.ctx.tokens.signUser(stranger.id, 0, owner.id);
    await t.http.get('/api/playlists').set({ Authorization: `Bearer ${forged}` }).expect(401);
  });

  it('a member limited to screen groups is answered limited, at login and verify alike', async () => {
    const owner = await newCustomer(t);
    const group = await makeGroup(t, owner.id, 'Kat 1');
    const limited = await newMember(t, owner.id, 'admin', [group.id]);
    // Their own account was made first: leaving it makes the limited membership the one login opens.
    await t.ctx.db.membership.deleteMany({ where: { userId: limited.id, accountId: { not: owner.id } } });
    const login = ZLoginResponse.parse((await t.http.post('/api/auth/login').send({ email: limited.email, password: 'secret123' }).expect(200)).body);
    expect(login.user.account).toEqual({ _id: owner.id, name: 'Test Kullanıcı', role: 'admin', limited: true });
    const verify = ZVerifyResponse.parse((await t.http.get('/api/auth/verify').set(limited.auth).expect(200)).body);
    expect(verify.user.account).toEqual(login.user.account);
  });

  it("my-package, asked with one's own id, answers with the package of the account one works in", async () => {
    const owner = await newCustomer(t, { maxScreens: 7 });
    const member = await newMember(t, owner.id, 'viewer');
    const res = await t.http.get(`/api/purchase/my-package/${member.id}`).set(member.auth).expect(200);
    expect(ZMyPackage.parse(res.body).limits.maxScreens).toBe(7);
    // Another person's id is still not theirs to ask about, the owner's included.
    await t.http.get(`/api/purchase/my-package/${owner.id}`).set(member.auth).expect(404);
  });

  it("a removed member's next request is refused at once (401), and their last activity was kept", async () => {
    const owner = await newCustomer(t);
    const member = await newMember(t, owner.id, 'viewer');
    await t.http.get('/api/playlists').set(member.auth).expect(200);
    const row = await t.ctx.db.membership.findFirstOrThrow({ where: { accountId: owner.id, userId: member.id } });
    expect(row.lastActiveAt).not.toBeNull();
    await t.ctx.db.membership.delete({ where: { id: row.id } });
    const res = await t.http.get('/api/playlists').set(member.auth);
    expect(res.status).toBe(401);
    expect(res.body.message).toBe('Geçersiz oturum, lütfen tekrar giriş yapın');
  });
});
