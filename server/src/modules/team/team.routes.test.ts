import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZTeam, ZTeamMember } from '@pano/contract';
import { createTestApp, newCustomer, newMember, type TestApp, type TestUser } from '../../../test/harness.js';

/* docs/PRODUCT.md#team: the team page's API, for owners and admins; the last owner stays. */

let t: TestApp;
beforeAll(async () => { t = await createTestApp(); });
afterAll(async () => { await t.close(); });

const membershipOf = (accountId: string, userId: string) =>
  t.ctx.db.membership.findFirstOrThrow({ where: { accountId, userId }, include: { groups: true } });
const snapshot = async (accountId: string) => ({
  account: await t.ctx.db.account.findUniqueOrThrow({ where: { id: accountId } }),
  // Last activity moves with every request, the refused ones too: it is no change.
  members: (await t.ctx.db.membership.findMany({ where: { accountId }, include: { groups: true }, orderBy: { id: 'asc' } }))
    .map(({ lastActiveAt: _, ...m }) => m),
  invitations: await t.ctx.db.invitation.findMany({ where: { accountId }, orderBy: { id: 'asc' } }),
});
const group = (ownerId: string, name: string) => t.ctx.db.screenGroup.create({ data: { ownerId, name } });

async function expectRefused(owner: TestUser, res: { status: number; body: { message?: string } }, status: number, message: string, before: Awaited<ReturnType<typeof snapshot>>) {
  expect([res.status, res.body.message]).toEqual([status, message]);
  expect(await snapshot(owner.id)).toEqual(before);
}

describe('GET /api/team', () => {
  it('lists members with role, groups and last activity, and the open invitations', async () => {
    const owner = await newCustomer(t);
    const lobby = await group(owner.id, 'Lobi');
    const editor = await newMember(t, owner.id, 'editor', [lobby.id]);
    await t.http.get('/api/playlists').set(editor.auth).expect(200);
    await t.http.post('/api/team/invitations').set(owner.auth).send({ email: 'yeni@ornek.test', role: 'viewer', groups: [lobby.id] }).expect(201);

    const team = ZTeam.parse((await t.http.get('/api/team').set(owner.auth).expect(200)).body);
    expect(team.account).toEqual({ _id: owner.id, name: 'Test Kullanıcı' });
    expect(team.members.map((m) => [m.user.email, m.role, m.groups.map((g) => g.name)])).toEqual([
      [owner.email, 'owner', []], [editor.email, 'editor', ['Lobi']],
    ]);
    expect(team.members[1]!.lastActiveAt).not.toBeNull();
    expect(team.invitations.map((i) => [i.email, i.role, i.groups])).toEqual([['yeni@ornek.test', 'viewer', [{ _id: lobby.id, name: 'Lobi' }]]]);
    expect(team.seats).toEqual({ used: 3, max: 5 });
  });

  it('is for owners and admins: a publisher is refused with the missing right named', async () => {
    const owner = await newCustomer(t);
    const admin = await newMember(t, owner.id, 'admin');
    await t.http.get('/api/team').set(admin.auth).expect(200);
    const publisher = await newMember(t, owner.id, 'publisher');
    const res = await t.http.get('/api/team').set(publisher.auth);
    expect([res.status, res.body.message]).toEqual([403, "Bu işlem için 'Yönetici' yetkisi gerekiyor (rolünüz: Yayıncı)"]);
    await t.http.get('/api/team').expect(401);
  });
});

describe('PUT /api/team', () => {
  it('renames the account; a blank name is refused and nothing changes', async () => {
    const owner = await newCustomer(t);
    const team = ZTeam.parse((await t.http.put('/api/team').set(owner.auth).send({ name: '  Ajans A ' }).expect(200)).body);
    expect(team.account.name).toBe('Ajans A');
    const before = await snapshot(owner.id);
    await expectRefused(owner, await t.http.put('/api/team').set(owner.auth).send({ name: ' ' }), 400, 'Hesap adı zorunludur', before);
    const editor = await newMember(t, owner.id, 'editor');
    const after = await snapshot(owner.id);
    await expectRefused(owner, await t.http.put('/api/team').set(editor.auth).send({ name: 'X' }), 403, "Bu işlem için 'Yönetici' yetkisi gerekiyor (rolünüz: Editör)", after);
  });
});

describe('PUT /api/team/members/{id}', () => {
  it("changes a member's role and groups", async () => {
    const owner = await newCustomer(t);
    const [a, b] = [await group(owner.id, 'A'), await group(owner.id, 'B')];
    const m = await newMember(t, owner.id, 'viewer');
    const row = await membershipOf(owner.id, m.id);
    const res = ZTeamMember.parse((await t.http.put(`/api/team/members/${row.id}`).set(owner.auth).send({ role: 'publisher', groups: [b.id, a.id] }).expect(200)).body);
    expect([res.role, res.groups.map((g) => g.name)]).toEqual(['publisher', ['A', 'B']]);
    // Groups only: the role stays; an empty list means every screen.
    const only = ZTeamMember.parse((await t.http.put(`/api/team/members/${row.id}`).set(owner.auth).send({ groups: [] }).expect(200)).body);
    expect([only.role, only.groups]).toEqual(['publisher', []]);
    // The member's next request works in the new role.
    const verify = await t.http.get('/api/auth/verify').set(m.auth).expect(200);
    expect(verify.body.user.account.role).toBe('publisher');
  });

  it('refuses bad input, strangers, owner-making and owner-changing with Turkish messages; nothing changes', async () => {
    const owner = await newCustomer(t);
    const admin = await newMember(t, owner.id, 'admin');
    const m = await newMember(t, owner.id, 'viewer');
    const row = await membershipOf(owner.id, m.id);
    const ownerRow = await membershipOf(owner.id, owner.id);
    const other = await newCustomer(t);
    const foreignGroup = await group(other.id, 'Yabancı');
    const foreignMember = await membershipOf(other.id, other.id);
    const before = await snapshot(owner.id);
    const put = (who: TestUser, id: string, body: object) => t.http.put(`/api/team/members/${id}`).set(who.auth).send(body);

    await expectRefused(owner, await put(owner, row.id, { role: 'patron' }), 400, 'Geçersiz rol', before);
    await expectRefused(owner, await put(owner, row.id, {}), 400, 'Rol ya da gruplar belirtilmelidir', before);
    await expectRefused(owner, await put(owner, row.id, { groups: [foreignGroup.id] }), 404, 'Ekran grubu bulunamadı', before);
    await expectRefused(owner, await put(owner, foreignMember.id, { role: 'viewer' }), 404, 'Üye bulunamadı', before);
    await expectRefused(owner, await put(owner, row.id, { role: 'owner' }), 403, "Sahiplik yalnızca 'Sahipliği devret' ile verilebilir", before);
    await expectRefused(owner, await put(admin, ownerRow.id, { role: 'viewer' }), 403, 'Hesap sahibini yalnızca sahibin kendisi değiştirebilir ya da çıkarabilir', before);
    await expectRefused(owner, await put(owner, ownerRow.id, { role: 'admin' }), 409, "Hesabın son sahibi rolü değiştirilemez. Önce 'Sahipliği devret' ile hesabı başka bir üyeye devredin.", before);
    await expectRefused(owner, await put(m, row.id, { role: 'admin' }), 403, "Bu işlem için 'Yönetici' yetkisi gerekiyor (rolünüz: İzleyici)", before);
  });
});

describe('DELETE /api/team/members/{id}', () => {
  it("removes a member: their token for this account stops at once, their own account's still works", async () => {
    const owner = await newCustomer(t);
    const m = await newMember(t, owner.id, 'editor');
    const row = await membershipOf(owner.id, m.id);
    const res = await t.http.delete(`/api/team/members/${row.id}`).set(owner.auth).expect(200);
    expect(res.body.message).toBe('Üye ekipten çıkarıldı');
    expect(await t.ctx.db.membership.count({ where: { id: row.id } })).toBe(0);
    const after = await t.http.get('/api/playlists').set(m.auth);
    expect([after.status, after.body.message]).toEqual([401, 'Geçersiz oturum, lütfen tekrar giriş yapın']);
    const own = await t.ctx.tokens.signUser(m.id, 0, m.id);
    await t.http.get('/api/auth/verify').set({ Authorization: `Bearer ${own}` }).expect(200);
  });

  it('the last owner is never removed; an admin cannot remove an owner; another account’s member is missing', async () => {
    const owner = await newCustomer(t);
    const admin = await newMember(t, owner.id, 'admin');
    const ownerRow = await membershipOf(owner.id, owner.id);
    const other = await newCustomer(t);
    const before = await snapshot(owner.id);
    const del = (who: TestUser, id: string) => t.http.delete(`/api/team/members/${id}`).set(who.auth);
    await expectRefused(owner, await del(owner, ownerRow.id), 409, "Hesabın son sahibi çıkarılamaz. Önce 'Sahipliği devret' ile hesabı başka bir üyeye devredin.", before);
    await expectRefused(owner, await del(admin, ownerRow.id), 403, 'Hesap sahibini yalnızca sahibin kendisi değiştirebilir ya da çıkarabilir', before);
    await expectRefused(owner, await del(owner, (await membershipOf(other.id, other.id)).id), 404, 'Üye bulunamadı', before);
    await expectRefused(owner, await del(owner, 'yok'), 400, 'Geçersiz kimlik', before);
  });
});

describe('POST /api/team/transfer', () => {
  it('makes the member the owner and the owner an admin', async () => {
    const owner = await newCustomer(t);
    const admin = await newMember(t, owner.id, 'admin');
    const row = await membershipOf(owner.id, admin.id);
    const team = ZTeam.parse((await t.http.post('/api/team/transfer').set(owner.auth).send({ memberId: row.id }).expect(200)).body);
    expect(Object.fromEntries(team.members.map((m) => [m.user.email, m.role]))).toEqual({ [owner.email]: 'admin', [admin.email]: 'owner' });
    // The former owner can now be changed by the new one, and cannot change the new owner.
    const res = await t.http.put(`/api/team/members/${row.id}`).set(owner.auth).send({ role: 'viewer' });
    expect([res.status, res.body.message]).toEqual([403, 'Hesap sahibini yalnızca sahibin kendisi değiştirebilir ya da çıkarabilir']);
  });

  it('a member limited to screen groups becomes an owner who sees every screen', async () => {
    const owner = await newCustomer(t);
    const lobby = await group(owner.id, 'Lobi');
    const limited = await newMember(t, owner.id, 'admin', [lobby.id]);
    const row = await membershipOf(owner.id, limited.id);
    const team = ZTeam.parse((await t.http.post('/api/team/transfer').set(owner.auth).send({ memberId: row.id }).expect(200)).body);
    expect(team.members.map((m) => [m.user.email, m.role, m.groups.map((g) => g.name)])).toEqual([
      [owner.email, 'admin', []], [limited.email, 'owner', []],
    ]);
    expect((await membershipOf(owner.id, limited.id)).groups).toEqual([]);
    const verify = await t.http.get('/api/auth/verify').set(limited.auth).expect(200);
    expect(verify.body.user.account.role).toBe('owner');
    // Nor can groups be given to an owner afterwards; nothing changes.
    const before = await snapshot(owner.id);
    const res = await t.http.put(`/api/team/members/${row.id}`).set(limited.auth).send({ groups: [lobby.id] });
    await expectRefused(owner, res, 403, 'Hesap sahibi ekran gruplarıyla sınırlanamaz: sahip her zaman tüm ekranları görür.', before);
  });

  it('is for the owner only, to another member of the account', async () => {
    const owner = await newCustomer(t);
    const admin = await newMember(t, owner.id, 'admin');
    const adminRow = await membershipOf(owner.id, admin.id);
    const ownerRow = await membershipOf(owner.id, owner.id);
    const other = await newCustomer(t);
    const before = await snapshot(owner.id);
    const transfer = (who: TestUser, memberId: unknown) => t.http.post('/api/team/transfer').set(who.auth).send({ memberId });
    await expectRefused(owner, await transfer(admin, adminRow.id), 403, "Bu işlem için 'Sahip' yetkisi gerekiyor (rolünüz: Yönetici)", before);
    await expectRefused(owner, await transfer(owner, ownerRow.id), 409, 'Sahiplik başka bir üyeye devredilmelidir', before);
    await expectRefused(owner, await transfer(owner, (await membershipOf(other.id, other.id)).id), 404, 'Üye bulunamadı', before);
    await expectRefused(owner, await transfer(owner, undefined), 400, 'Üye seçilmelidir', before);
  });
});

describe('a group-limited admin gives no more than they have', () => {
  async function setup() {
    const owner = await newCustomer(t);
    const [a, b] = [await group(owner.id, 'A'), await group(owner.id, 'B')];
    const admin = await newMember(t, owner.id, 'admin', [a.id]);
    return { owner, a, b, admin };
  }
  const refusedWith = async (owner: TestUser, send: () => Promise<{ status: number; body: { message?: string } }>, message: string) => {
    const before = await snapshot(owner.id);
    await expectRefused(owner, await send(), 403, message, before);
  };
  const ALL = 'Ekran gruplarıyla sınırlı olduğunuz için tüm ekranları veremezsiniz; lütfen kendi gruplarınızdan seçin.';
  const OUTSIDE = 'Yalnızca kendi ekran gruplarınızı verebilirsiniz.';
  const WIDER = 'Sizden daha fazla ekran gören bir üyeyi değiştiremez ya da çıkaramazsınız.';

  it('invites only within their groups: never every screen, never another group', async () => {
    const { owner, a, b, admin } = await setup();
    const inviteAs = (groups?: string[]) => () => t.http.post('/api/team/invitations').set(admin.auth).send({ email: 'kisi@ornek.test', role: 'viewer', ...(groups ? { groups } : {}) });
    await refusedWith(owner, inviteAs(), ALL);
    await refusedWith(owner, inviteAs([]), ALL);
    await refusedWith(owner, inviteAs([b.id]), OUTSIDE);
    await refusedWith(owner, inviteAs([a.id, b.id]), OUTSIDE);
    expect((await inviteAs([a.id])()).status).toBe(201);
  });

  it('changes and removes only members within their groups, and grants only their own groups', async () => {
    const { owner, a, b, admin } = await setup();
    const inA = await membershipOf(owner.id, (await newMember(t, owner.id, 'viewer', [a.id])).id);
    const everything = await membershipOf(owner.id, (await newMember(t, owner.id, 'viewer')).id);
    const inAB = await membershipOf(owner.id, (await newMember(t, owner.id, 'viewer', [a.id, b.id])).id);
    const put = (id: string, body: object) => () => t.http.put(`/api/team/members/${id}`).set(admin.auth).send(body);
    const del = (id: string) => () => t.http.delete(`/api/team/members/${id}`).set(admin.auth);

    await refusedWith(owner, put(inA.id, { groups: [] }), ALL);
    await refusedWith(owner, put(inA.id, { groups: [a.id, b.id] }), OUTSIDE);
    for (const wider of [everything, inAB]) {
      await refusedWith(owner, put(wider.id, { role: 'publisher' }), WIDER);
      await refusedWith(owner, put(wider.id, { groups: [a.id] }), WIDER);
      await refusedWith(owner, del(wider.id), WIDER);
    }
    // Within their groups they manage as any admin.
    expect((await put(inA.id, { role: 'publisher', groups: [a.id] })()).status).toBe(200);
    expect((await del(inA.id)()).status).toBe(200);
  });

  it('revokes only invitations within their groups', async () => {
    const { owner, a, admin } = await setup();
    const invite = async (groups: string[]) => (await t.http.post('/api/team/invitations').set(owner.auth).send({ email: `k${groups.length}@ornek.test`, role: 'viewer', groups }).expect(201)).body as { _id: string };
    const everything = await invite([]);
    const inA = await invite([a.id]);
    await refusedWith(owner, () => t.http.delete(`/api/team/invitations/${everything._id}`).set(admin.auth), 'Sizden daha fazla ekranı kapsayan bir daveti geri alamazsınız.');
    expect((await t.http.delete(`/api/team/invitations/${inA._id}`).set(admin.auth)).status).toBe(200);
  });

  it('an owner limited to groups cannot hand the account on', async () => {
    const { owner, a } = await setup();
    const ownerRow = await membershipOf(owner.id, owner.id);
    await t.ctx.db.membershipGroup.create({ data: { membershipId: ownerRow.id, groupId: a.id } });
    const other = await membershipOf(owner.id, (await newMember(t, owner.id, 'viewer', [a.id])).id);
    await refusedWith(owner, () => t.http.post('/api/team/transfer').set(owner.auth).send({ memberId: other.id }),
      'Ekran gruplarıyla sınırlı olduğunuz için sahipliği devredemezsiniz.');
  });

  it('cannot create an API key that would reach every screen; an admin who sees every screen can', async () => {
    const { owner, admin } = await setup();
    const res = await t.http.post('/api/api-keys').set(admin.auth).send({ name: 'Panel' });
    expect([res.status, res.body.message]).toEqual([403,
      'Ekran gruplarıyla sınırlı olduğunuz için tüm ekranları veremezsiniz; lütfen kendi gruplarınızdan seçin.']);
    expect(await t.ctx.db.apiKey.count({ where: { ownerId: owner.id } })).toBe(0);
    const unlimited = await newMember(t, owner.id, 'admin');
    await t.http.post('/api/api-keys').set(unlimited.auth).send({ name: 'Panel' }).expect(201);
  });
});
