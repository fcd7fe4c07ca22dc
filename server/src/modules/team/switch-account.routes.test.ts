import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZAccountSummary, ZLoginResponse, ZPlaylist } from '@pano/contract';
import { createTestApp, newCustomer, newMember, newUser, type TestApp } from '../../../test/harness.js';
import { makeMedia, makePlaylist } from '../screens/content.fixtures.js';

/* docs/architecture/accounts.md#switching: one login, several accounts; a token works in one. */

let t: TestApp;
beforeAll(async () => { t = await createTestApp(); });
afterAll(async () => { await t.close(); });

describe('several accounts per person', () => {
  it('lists the accounts, switches between them, and a token of A never reads B', async () => {
    const a = await newCustomer(t);
    const b = await newCustomer(t);
    await t.ctx.db.account.update({ where: { id: b.id }, data: { name: 'Müşteri B' } });
    await makePlaylist(t, a.id, [{ mediaId: (await makeMedia(t, a.id)).id }], 'A listesi');
    await makePlaylist(t, b.id, [{ mediaId: (await makeMedia(t, b.id)).id }], 'B listesi');
    const agency = await newMember(t, a.id, 'editor');
    await t.ctx.db.membership.create({ data: { accountId: b.id, userId: agency.id, role: 'publisher' } });

    const accounts = ZAccountSummary.array().parse((await t.http.get('/api/accounts').set(agency.auth).expect(200)).body);
    expect(accounts).toEqual([
      { _id: agency.id, name: 'Test Kullanıcı', role: 'owner' },
      { _id: a.id, name: 'Test Kullanıcı', role: 'editor' },
      { _id: b.id, name: 'Müşteri B', role: 'publisher' },
    ]);

    const switched = ZLoginResponse.parse((await t.http.post('/api/auth/switch-account').set(agency.auth).send({ accountId: b.id }).expect(200)).body);
    expect(switched.user.account).toEqual({ _id: b.id, name: 'Müşteri B', role: 'publisher', limited: false });
    const inB = { Authorization: `Bearer ${switched.token}` };
    const names = async (auth: { Authorization: string }) =>
      ZPlaylist.array().parse((await t.http.get('/api/playlists').set(auth).expect(200)).body).map((p) => p.name);
    expect(await names(inB)).toEqual(['B listesi']);
    // The first token still works in A, and only A.
    expect(await names(agency.auth)).toEqual(['A listesi']);
  });

  it("switching to an account one is not in is refused as missing; nothing is signed", async () => {
    const a = await newCustomer(t);
    const stranger = await newUser(t);
    const res = await t.http.post('/api/auth/switch-account').set(stranger.auth).send({ accountId: a.id });
    expect([res.status, res.body.message, res.body.token]).toEqual([404, 'Hesap bulunamadı', undefined]);
    const bad = await t.http.post('/api/auth/switch-account').set(stranger.auth).send({});
    expect([bad.status, bad.body.message]).toEqual([400, 'Hesap seçilmelidir']);
    await t.http.post('/api/auth/switch-account').send({ accountId: a.id }).expect(401);
    await t.http.get('/api/accounts').expect(401);
  });

  it('after logout, a switch is refused like every other request', async () => {
    const a = await newCustomer(t);
    const m = await newMember(t, a.id, 'viewer');
    await t.http.post('/api/auth/logout').set(m.auth).expect(200);
    await t.http.post('/api/auth/switch-account').set(m.auth).send({ accountId: a.id }).expect(401);
  });
});
