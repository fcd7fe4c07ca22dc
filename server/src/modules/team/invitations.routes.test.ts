import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZInvitationInfo, ZInviteResponse, ZLoginResponse, ZTeam } from '@pano/contract';
import { grantPackage, newAdmin, newCustomer, newMember, newUser, uniqueEmail, type TestApp, type TestUser } from '../../../test/harness.js';
import { createMailingTestApp, type MailingTestApp } from '../../../test/mailing-app.js';

/* docs/PRODUCT.md#team, docs/architecture/accounts.md#invitations: one-time links, seats, the mail. */

// The app's clock can be moved forward: "8 days later" needs no waiting.
let app: MailingTestApp;
let smtp: MailingTestApp['smtp'];
let t: TestApp;
beforeAll(async () => {
  app = await createMailingTestApp();
  ({ t, smtp } = app);
});
afterAll(async () => { await app.close(); });

const LINK = /^https:\/\/pano\.ornek\.test\/davet\/([A-Za-z0-9_-]{43})$/;

async function invite(owner: TestUser, body: { email: string; role: string; groups?: string[] }) {
  const res = await t.http.post('/api/team/invitations').set(owner.auth).send(body);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  const answer = ZInviteResponse.parse(res.body);
  return { ...answer, token: LINK.exec(answer.link)![1]! };
}
const accept = (token: string, body: object, auth?: { Authorization: string }) => {
  const req = t.http.post(`/api/invitations/${token}/accept`);
  return (auth ? req.set(auth) : req).send(body);
};
const NEW_PERSON = { password: 'gizli-123', firstName: 'Ayşe', lastName: 'Yılmaz' };

describe('invitations', () => {
  it('mails a Turkish one-time link; a new person accepts with a name and password and lands in the account', async () => {
    const owner = await newCustomer(t);
    const lobby = await t.ctx.db.screenGroup.create({ data: { ownerId: owner.id, name: 'Lobi' } });
    const email = uniqueEmail('davetli');
    const inv = await invite(owner, { email: email.toUpperCase(), role: 'editor', groups: [lobby.id] });
    expect([inv.email, inv.role, inv.mailed]).toEqual([email, 'editor', true]);
    expect(new Date(inv.expiresAt).getTime() - Date.now()).toBeGreaterThan(7 * 86_400_000 - 60_000);
    // Only the hash is stored.
    expect(await t.ctx.db.invitation.count({ where: { tokenHash: inv.token } })).toBe(0);

    await t.ctx.mailer.settled();
    const mail = smtp.to(email).at(-1)!;
    expect(mail.subject).toBe('Pano: Test Kullanıcı ekibine davet edildiniz');
    expect(mail.text).toContain('Test Kullanıcı sizi Pano\'da "Test Kullanıcı" hesabına Editör olarak davet etti.');
    expect(mail.text).toContain(`Daveti kabul et: ${inv.link}`);
    expect(mail.html).toContain(`href="${inv.link}"`);

    const info = ZInvitationInfo.parse((await t.http.get(`/api/invitations/${inv.token}`).expect(200)).body);
    expect(info).toEqual({ accountName: 'Test Kullanıcı', email, role: 'editor', hasUser: false });

    const res = await accept(inv.token, NEW_PERSON).expect(201);
    const login = ZLoginResponse.parse(res.body);
    expect(login.user).toMatchObject({ email, firstName: 'Ayşe', lastName: 'Yılmaz', account: { _id: owner.id, role: 'editor' } });
    await t.http.get('/api/playlists').set({ Authorization: `Bearer ${login.token}` }).expect(200);
    // Their groups came with the invitation; they have no account of their own, so login lands in the team.
    const row = await t.ctx.db.membership.findFirstOrThrow({ where: { accountId: owner.id, user: { email } }, include: { groups: true } });
    expect(row.groups.map((g) => g.groupId)).toEqual([lobby.id]);
    const again = ZLoginResponse.parse((await t.http.post('/api/auth/login').send({ email, password: 'gizli-123' }).expect(200)).body);
    expect(again.user.account?._id).toBe(owner.id);

    // Reused: 410, nothing more made.
    const reuse = await accept(inv.token, { ...NEW_PERSON, password: 'baska-123' });
    expect([reuse.status, reuse.body.message]).toEqual([410, 'Bu davet bağlantısı daha önce kullanılmış. Hesap yöneticisinden yeni bir davet isteyin.']);
    const info2 = await t.http.get(`/api/invitations/${inv.token}`);
    expect(info2.status).toBe(410);
    expect(await t.ctx.db.membership.count({ where: { accountId: owner.id } })).toBe(2);
  });

  it('an existing user accepts with their own session; another email is refused (403), a member again 409', async () => {
    const owner = await newCustomer(t);
    const person = await newUser(t);
    const stranger = await newUser(t);
    const inv = await invite(owner, { email: person.email, role: 'viewer' });
    expect(ZInvitationInfo.parse((await t.http.get(`/api/invitations/${inv.token}`).expect(200)).body).hasUser).toBe(true);

    const wrong = await accept(inv.token, {}, stranger.auth);
    expect([wrong.status, wrong.body.message]).toEqual([403, `Bu davet ${person.email} adresine gönderilmiş. Daveti kabul etmek için o adresle giriş yapın.`]);
    // Without a session, the email that has a user is told to sign in.
    const anon = await accept(inv.token, NEW_PERSON);
    expect([anon.status, anon.body.message]).toEqual([409, 'Bu e-posta adresiyle kayıtlı bir kullanıcı var. Daveti kabul etmek için önce giriş yapın.']);
    expect(await t.ctx.db.membership.count({ where: { accountId: owner.id } })).toBe(1);

    const res = ZLoginResponse.parse((await accept(inv.token, {}, person.auth).expect(200)).body);
    expect(res.user.account).toEqual({ _id: owner.id, name: 'Test Kullanıcı', role: 'viewer', limited: false });
    await t.http.get('/api/playlists').set({ Authorization: `Bearer ${res.token}` }).expect(200);

    // Invited again while a member: refused at the invitation already.
    const dup = await t.http.post('/api/team/invitations').set(owner.auth).send({ email: person.email, role: 'viewer' });
    expect([dup.status, dup.body.message]).toEqual([409, 'Bu e-posta adresine sahip kişi zaten ekipte']);
    // A second link accepted by someone who has since become a member: 409.
    const member = await newMember(t, owner.id, 'viewer');
    const second = await invite(await newCustomer(t), { email: member.email, role: 'editor' });
    await t.ctx.db.membership.create({ data: { accountId: (await t.ctx.db.invitation.findUniqueOrThrow({ where: { id: second._id } })).accountId, userId: member.id, role: 'viewer' } });
    const conflictRes = await accept(second.token, {}, member.auth);
    expect([conflictRes.status, conflictRes.body.message]).toEqual([409, 'Bu hesabın zaten üyesisiniz']);
  });

  it('revoked and expired links answer 410 in Turkish; an unknown one 404', async () => {
    const owner = await newCustomer(t);
    const revoked = await invite(owner, { email: uniqueEmail(), role: 'viewer' });
    const del = await t.http.delete(`/api/team/invitations/${revoked._id}`).set(owner.auth).expect(200);
    expect(del.body.message).toBe('Davet geri alındı');
    const r = await accept(revoked.token, NEW_PERSON);
    expect([r.status, r.body.message]).toEqual([410, 'Bu davet geri alınmış. Hesap yöneticisinden yeni bir davet isteyin.']);
    // Revoking twice, or another account's invitation: missing.
    await t.http.delete(`/api/team/invitations/${revoked._id}`).set(owner.auth).expect(404);
    const foreign = await invite(await newCustomer(t), { email: uniqueEmail(), role: 'viewer' });
    const res404 = await t.http.delete(`/api/team/invitations/${foreign._id}`).set(owner.auth);
    expect([res404.status, res404.body.message]).toEqual([404, 'Davet bulunamadı']);

    const expiring = await invite(owner, { email: uniqueEmail(), role: 'viewer' });
    await app.later(7 * 86_400_000 + 1000, async () => {
      const e = await accept(expiring.token, NEW_PERSON);
      expect([e.status, e.body.message]).toEqual([410, 'Bu davet bağlantısının süresi dolmuş (davetler 7 gün geçerlidir). Hesap yöneticisinden yeni bir davet isteyin.']);
      expect(await t.ctx.db.user.count({ where: { email: expiring.email } })).toBe(0);
    });
    const unknown = await t.http.get('/api/invitations/yok');
    expect([unknown.status, unknown.body.message]).toEqual([404, 'Davet bulunamadı']);
  });

  it('refuses bad invitations with Turkish messages and writes nothing', async () => {
    const owner = await newCustomer(t);
    const admin = await newMember(t, owner.id, 'admin');
    const editor = await newMember(t, owner.id, 'editor');
    const foreignGroup = await t.ctx.db.screenGroup.create({ data: { ownerId: (await newCustomer(t)).id, name: 'X' } });
    const cases: [TestUser, object, number, string][] = [
      [owner, { email: 'yok', role: 'viewer' }, 400, 'Geçerli bir e-posta adresi girin'],
      [owner, { email: 'a@ornek.test', role: 'patron' }, 400, 'Geçersiz rol'],
      [owner, { email: 'a@ornek.test', role: 'viewer', groups: [foreignGroup.id] }, 404, 'Ekran grubu bulunamadı'],
      [admin, { email: 'a@ornek.test', role: 'owner' }, 403, "Sahiplik yalnızca 'Sahipliği devret' ile verilebilir"],
      [editor, { email: 'a@ornek.test', role: 'viewer' }, 403, "Bu işlem için 'Yönetici' yetkisi gerekiyor (rolünüz: Editör)"],
    ];
    for (const [who, body, status, message] of cases) {
      const res = await t.http.post('/api/team/invitations').set(who.auth).send(body);
      expect([res.status, res.body.message]).toEqual([status, message]);
    }
    expect(await t.ctx.db.invitation.count({ where: { accountId: owner.id } })).toBe(0);
    const bad = await accept((await invite(owner, { email: uniqueEmail(), role: 'viewer' })).token, { password: '1', firstName: 'A', lastName: 'B' });
    expect([bad.status, bad.body.message]).toEqual([400, 'Şifre en az 6 karakter olmalıdır']);
  });

  it('a new invitation to the same address replaces the open one', async () => {
    const owner = await newCustomer(t);
    const email = uniqueEmail();
    const first = await invite(owner, { email, role: 'viewer' });
    await invite(owner, { email, role: 'editor' });
    expect((await accept(first.token, NEW_PERSON)).status).toBe(410);
    const team = ZTeam.parse((await t.http.get('/api/team').set(owner.auth).expect(200)).body);
    expect(team.invitations.map((i) => [i.email, i.role])).toEqual([[email, 'editor']]);
  });
});

describe('seats', () => {
  it('members and open invitations count against maxMembers; over it a 402 in Turkish, nothing written', async () => {
    const owner = await newUser(t);
    await grantPackage(t, owner.id, { maxMembers: 3 });
    await newMember(t, owner.id, 'editor');
    const open = await invite(owner, { email: uniqueEmail(), role: 'viewer' });
    const res = await t.http.post('/api/team/invitations').set(owner.auth).send({ email: uniqueEmail(), role: 'viewer' });
    expect([res.status, res.body.code, res.body.message]).toEqual([402, 'MEMBER_LIMIT_REACHED',
      'Paketinizin üye sınırına ulaştınız (en fazla 3 kişi, açık davetler dahil). Yeni bir kişi davet etmek için bir daveti geri alın, bir üyeyi çıkarın ya da paketinizi yükseltin.']);
    expect(await t.ctx.db.invitation.count({ where: { accountId: owner.id } })).toBe(1);
    // Revoking frees the seat.
    await t.http.delete(`/api/team/invitations/${open._id}`).set(owner.auth).expect(200);
    await invite(owner, { email: uniqueEmail(), role: 'viewer' });
    // An expired invitation holds no seat.
    await app.later(8 * 86_400_000, () => invite(owner, { email: uniqueEmail(), role: 'viewer' }));
  });

  it('a customer without a running package cannot invite (402); an administrator’s account has no limit', async () => {
    const bare = await newUser(t);
    const res = await t.http.post('/api/team/invitations').set(bare.auth).send({ email: uniqueEmail(), role: 'viewer' });
    expect([res.status, res.body.code]).toEqual([402, 'PACKAGE_REQUIRED']);
    // What the page shows for it: the owner alone, the limit that applies.
    expect(ZTeam.parse((await t.http.get('/api/team').set(bare.auth).expect(200)).body).seats).toEqual({ used: 1, max: 1 });
    const admin = await newAdmin(t);
    for (let i = 0; i < 6; i++) await invite(admin, { email: uniqueEmail(), role: 'viewer' });
    const team = ZTeam.parse((await t.http.get('/api/team').set(admin.auth).expect(200)).body);
    expect(team.seats).toEqual({ used: 7, max: null });
  });

  it('accepting checks the seats again: the package may have shrunk since; refused, the link stays usable', async () => {
    const owner = await newUser(t);
    const purchase = await grantPackage(t, owner.id, { maxMembers: 3 });
    const first = await invite(owner, { email: uniqueEmail('ilk'), role: 'viewer' });
    const existing = await newUser(t);
    const second = await invite(owner, { email: existing.email, role: 'editor' });
    // A smaller package now: room for one more member only.
    await t.ctx.db.purchase.update({ where: { id: purchase.id }, data: { maxMembers: 2 } });
    await accept(first.token, NEW_PERSON).expect(201);

    const res = await accept(second.token, {}, existing.auth);
    expect([res.status, res.body.code, res.body.message]).toEqual([402, 'MEMBER_LIMIT_REACHED',
      'Bu hesabın üye sınırı dolu (paketi en fazla 2 kişiye izin veriyor). Hesap yöneticisine haber verin; davetiniz geçerli kalır ve yer açıldığında yeniden kabul edebilirsiniz.']);
    expect(await t.ctx.db.membership.count({ where: { accountId: owner.id } })).toBe(2);
    expect((await t.ctx.db.invitation.findUniqueOrThrow({ where: { id: second._id } })).acceptedAt).toBeNull();
    // Room again: the same link works.
    await t.ctx.db.purchase.update({ where: { id: purchase.id }, data: { maxMembers: 3 } });
    await accept(second.token, {}, existing.auth).expect(200);
  });

  it('accepting into an account whose package ended is refused in Turkish; nobody is made, the link stays usable', async () => {
    const owner = await newUser(t);
    const purchase = await grantPackage(t, owner.id, { maxMembers: 5 });
    const email = uniqueEmail('gec');
    const inv = await invite(owner, { email, role: 'viewer' });
    await t.ctx.db.purchase.update({ where: { id: purchase.id }, data: { expiresAt: new Date(Date.now() - 1000) } });
    const res = await accept(inv.token, NEW_PERSON);
    expect([res.status, res.body.code, res.body.message]).toEqual([402, 'MEMBER_LIMIT_REACHED',
      'Bu hesabın paketi şu anda etkin değil, bu yüzden yeni üye katılamıyor. Hesap yöneticisine haber verin; davetiniz geçerli kalır ve yer açıldığında yeniden kabul edebilirsiniz.']);
    expect(await t.ctx.db.user.count({ where: { email } })).toBe(0);
    expect(ZInvitationInfo.parse((await t.http.get(`/api/invitations/${inv.token}`).expect(200)).body).email).toBe(email);
  });
});

describe('groups', () => {
  it("an invitation whose groups were all deleted since no longer opens (it would grant every screen)", async () => {
    const owner = await newCustomer(t);
    const lobby = await t.ctx.db.screenGroup.create({ data: { ownerId: owner.id, name: 'Lobi' } });
    const email = uniqueEmail('gruplu');
    const inv = await invite(owner, { email, role: 'viewer', groups: [lobby.id] });
    await t.http.delete(`/api/screen-groups/${lobby.id}`).set(owner.auth).expect(200);
    const res = await accept(inv.token, NEW_PERSON);
    expect([res.status, res.body.code, res.body.message]).toEqual([410, 'INVITATION_GONE', 'Bu davetin ekran grupları silinmiş. Hesap yöneticisinden yeni bir davet isteyin.']);
    expect(await t.ctx.db.user.count({ where: { email } })).toBe(0);
  });
});
