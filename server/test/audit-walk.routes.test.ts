import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_ROLES, CAP_SETTINGS_DEFAULT, roleAtLeast } from '@pano/contract';
import type supertest from 'supertest';
import { listRoutes, type RouteEntry } from './fuzz/route-table.js';
import { createTestApp, newAdmin, newCustomer, newMember, newUser, type TestApp, type TestUser } from './harness.js';
import { RULES } from './route-rules.js';
import { makeGroup, makeLayout, makeMedia, makePlaylist, makeSchedule, makeScreen, makeTicker } from '../src/modules/screens/content.fixtures.js';
import { fakeApk, tinyPng } from '../src/storage/testing/sample-files.js';
import { card, newPackage } from '../src/modules/purchases/payment-test.fixtures.js';
import { amber } from '../src/modules/cap/cap.fixtures.js';
import { createHash } from 'node:crypto';
import { generate } from 'otplib';

/*
 * The audit walk (docs/architecture/audit.md#the-walk): every route that changes data
 * (route-rules.ts, the same list as the role matrix) either has a case below, whose success
 * must leave at least one event of the expected action, or is listed with the reason it has
 * none. A route added without either fails. A refused request (403 below the route's role,
 * 400/404 on a bad body or id) must leave no event.
 */

type Request = () => supertest.Test;
type Case = { action: string; prepare: () => Promise<Request> };

/** Routes that change nothing a person would look for in the history. */
const NO_EVENT: Record<string, string> = {
  'POST /api/layouts/preview': 'a read sent as POST',
  'POST /api/screens/:id/screenshot': 'asks a player for a picture; nothing is stored until it answers',
  'POST /api/auth/login': 'signing in changes no data',
  'POST /api/auth/2fa/verify': 'the second step of signing in, as login',
  'POST /api/auth/sso/start': 'starting a company sign-in, as login (its state row lives minutes)',
  'POST /api/auth/switch-account': 'choosing the account to work in changes no data',
  'POST /api/devices/plays': 'play records: the screens\' own telemetry (docs/architecture/plays.md)',
  'PUT /api/devices/screenshot': 'a screenshot: the screen\'s own telemetry',
  'POST /api/notifications/read': 'marking one\'s own notifications read: bookkeeping, as a member\'s last activity',
  'POST /api/notifications/:id/read': 'marking one\'s own notification read: bookkeeping',
  'POST /api/auth/2fa/setup': 'a pending two-factor secret: it signs nothing in until enable, which writes user.twoFactorEnable, and the next setup replaces it',
  'POST /api/webhooks/:id/test': 'a test message to the hook: its delivery is listed with the hook, nothing else changes',
  'POST /api/purchase/dev/confirm-card': 'the development card form; a declined card fails the purchase with purchase.fail',
  'POST /api/purchase/dev/checkout/:sessionId': 'the development checkout page; completion writes purchase.complete',
};

/** Audited, but not walked here, and why. */
const NOT_WALKED_HERE: Record<string, string> = {
  'POST /api/auth/forgot-password': 'user.passwordResetRequest, written after the answer (the same answer, as fast, for any address): password-reset.routes.test.ts',
  'POST /api/auth/setup-admin': 'admin.create, as admin-register; needs a database with no administrator',
  'PUT /api/team/sso': 'sso.create and sso.update; needs a running OpenID provider (server/src/modules/sso/sso.routes.test.ts)',
  'DELETE /api/team/sso': 'sso.delete; needs a configured provider (server/src/modules/sso/sso.routes.test.ts)',
  'POST /api/uploads': 'a tus upload (several requests); it ends in the same storeReceivedFile as POST /api/media/upload',
  'POST /api/purchase/webhook': 'signed by Stripe; its completion is completeInTransaction, as complete-payment\'s',
  'POST /api/purchase/create-checkout-session': 'the hosted checkout: purchase.start, as create-payment-intent',
  'POST /api/purchase/confirm-session': 'the hosted checkout: purchase.complete, as complete-payment',
};

let t: TestApp;
let owner: TestUser;
let admin: TestUser;
let routes: RouteEntry[];

beforeAll(async () => {
  // A database of its own: the walk counts every event of every chain.
  t = await createTestApp({ ownDatabase: true });
  owner = await newCustomer(t, { maxScreens: 50, maxPlaylists: 50, maxMembers: 50 });
  admin = await newAdmin(t);
  routes = listRoutes(t.app).filter((r) => r.method !== 'GET' && r.method !== 'HEAD');
});
afterAll(async () => { await t?.close(); });

const key = (r: RouteEntry) => `${r.method} ${r.path}`;
const eventCount = () => t.ctx.db.auditEvent.count();
const http = () => t.http;
const uuid = () => randomUUID();

async function world() {
  const media = await makeMedia(t, owner.id, 'image', 'Afiş');
  const playlist = await makePlaylist(t, owner.id, [{ mediaId: media.id }], `Liste ${uuid().slice(0, 6)}`);
  const ticker = await makeTicker(t, owner.id, ['Hoş geldiniz']);
  const screen = await makeScreen(t, owner.id);
  return { media, playlist, ticker, screen };
}

/** An editor's change waiting in an account that requires approval (docs/architecture/approval.md), and its publisher. */
async function pendingApproval() {
  const account = await newCustomer(t);
  await t.ctx.db.account.update({ where: { id: account.id }, data: { approvalRequired: true } });
  const editor = await newMember(t, account.id, 'editor');
  const media = await makeMedia(t, account.id, 'image', 'Afiş');
  const playlist = await makePlaylist(t, account.id, [{ mediaId: media.id }], 'Lobi');
  await makeScreen(t, account.id, { currentPlaylistId: playlist.id });
  const res = await http().put(`/api/playlists/${playlist.id}`).set(editor.auth).send({ name: 'Lobi 2', mediaItems: [{ media: media.id, duration: 8 }] }).expect(202);
  return { id: res.body.approval._id as string, publisher: await newMember(t, account.id, 'publisher') };
}

async function membership(accountId: string, u: TestUser) {
  return (await t.ctx.db.membership.findFirstOrThrow({ where: { accountId, userId: u.id } })).id;
}

/** A member of the owner's account: a person's own sign-in events go into each of their accounts' chains. */
const person = () => newMember(t, owner.id, 'viewer');
const sessionOf = async (u: TestUser) => (await t.ctx.db.userSession.create({ data: { userId: u.id, device: 'Firefox' } })).id;
async function withTwoFactor(u: TestUser) {
  const setup = await http().post('/api/auth/2fa/setup').set(u.auth).send({ password: 'secret123' }).expect(200);
  const secret = new URL(setup.body.otpauthUrl as string).searchParams.get('secret')!;
  const enabled = await http().post('/api/auth/2fa/enable').set(u.auth).send({ code: await generate({ secret }), password: 'secret123' }).expect(200);
  return enabled.body.recoveryCodes as string[];
}

const CASES: Record<string, Case> = {
  'POST /api/auth/logout': { action: 'user.logout', prepare: async () => { const u = await person(); await sessionOf(u); return () => http().post('/api/auth/logout').set(u.auth).send({}); } },
  'POST /api/auth/reset-password': { action: 'user.passwordReset', prepare: async () => {
    const u = await person();
    const token = uuid();
    await t.ctx.db.passwordResetToken.create({ data: { tokenHash: createHash('sha256').update(token).digest('hex'), userId: u.id, expiresAt: new Date(Date.now() + 3_600_000) } });
    return () => http().post('/api/auth/reset-password').send({ token, password: 'yeni-sifre-1' });
  } },
  'POST /api/auth/password': { action: 'user.passwordChange', prepare: async () => { const u = await person(); return () => http().post('/api/auth/password').set(u.auth).send({ currentPassword: 'secret123', newPassword: 'yeni-sifre-1' }); } },
  'POST /api/auth/2fa/enable': { action: 'user.twoFactorEnable', prepare: async () => {
    const u = await person();
    const setup = await http().post('/api/auth/2fa/setup').set(u.auth).send({ password: 'secret123' }).expect(200);
    const secret = new URL(setup.body.otpauthUrl as string).searchParams.get('secret')!;
    const code = await generate({ secret });
    return () => http().post('/api/auth/2fa/enable').set(u.auth).send({ code, password: 'secret123' });
  } },
  'DELETE /api/auth/2fa': { action: 'user.twoFactorDisable', prepare: async () => { const u = await person(); const [code] = await withTwoFactor(u); return () => http().delete('/api/auth/2fa').set(u.auth).send({ code }); } },
  'POST /api/auth/2fa/reset': { action: 'user.twoFactorReset', prepare: async () => { const u = await person(); await withTwoFactor(u); return () => http().post('/api/auth/2fa/reset').set(admin.auth).send({ email: u.email, password: 'secret123' }); } },
  'POST /api/auth/sessions/end-others': { action: 'user.sessionEnd', prepare: async () => { const u = await person(); await sessionOf(u); return () => http().post('/api/auth/sessions/end-others').set(u.auth).send({}); } },
  'DELETE /api/auth/sessions/:id': { action: 'user.sessionEnd', prepare: async () => { const u = await person(); const id = await sessionOf(u); return () => http().delete(`/api/auth/sessions/${id}`).set(u.auth); } },
  'POST /api/media/upload': { action: 'media.upload', prepare: async () => () => http().post('/api/media/upload').set(owner.auth).field('name', 'Logo').attach('file', tinyPng(), 'logo.png') },
  'POST /api/media/apps': { action: 'media.create', prepare: async () => () => http().post('/api/media/apps').set(owner.auth).send({ name: 'Saat', app: { kind: 'clock' } }) },
  'POST /api/media/apps/preview': { action: '-', prepare: async () => () => http().post('/api/media/apps/preview').set(owner.auth).send({}) },
  'PUT /api/media/:id': { action: 'media.update', prepare: async () => { const { media } = await world(); return () => http().put(`/api/media/${media.id}`).set(owner.auth).send({ name: 'Yeni ad' }); } },
  'PUT /api/media/:id/file': { action: 'media.replace', prepare: async () => { const { media } = await world(); return () => http().put(`/api/media/${media.id}/file`).set(owner.auth).attach('file', tinyPng(), 'yeni.png'); } },
  'DELETE /api/media/:id': { action: 'media.delete', prepare: async () => { const { media } = await world(); return () => http().delete(`/api/media/${media.id}`).set(owner.auth); } },
  'POST /api/playlists': { action: 'playlist.create', prepare: async () => { const { media } = await world(); return () => http().post('/api/playlists').set(owner.auth).send({ name: 'Sabah', mediaItems: [{ media: media.id, duration: 10 }] }); } },
  'PUT /api/playlists/:id': { action: 'playlist.update', prepare: async () => { const { media, playlist } = await world(); return () => http().put(`/api/playlists/${playlist.id}`).set(owner.auth).send({ name: 'Öğle', mediaItems: [{ media: media.id, duration: 7 }] }); } },
  'DELETE /api/playlists/:id': { action: 'playlist.delete', prepare: async () => { const { playlist } = await world(); return () => http().delete(`/api/playlists/${playlist.id}`).set(owner.auth); } },
  'POST /api/direction-playlists': { action: 'ticker.create', prepare: async () => () => http().post('/api/direction-playlists').set(owner.auth).send({ name: 'Reji', speed: 5, directions: [{ text: 'Kat 2' }] }) },
  'PUT /api/direction-playlists/:id': { action: 'ticker.update', prepare: async () => { const { ticker } = await world(); return () => http().put(`/api/direction-playlists/${ticker.id}`).set(owner.auth).send({ name: 'Reji 2' }); } },
  'DELETE /api/direction-playlists/:id': { action: 'ticker.delete', prepare: async () => { const { ticker } = await world(); return () => http().delete(`/api/direction-playlists/${ticker.id}`).set(owner.auth); } },
  'POST /api/layouts': { action: 'layout.create', prepare: async () => { const { playlist } = await world(); return () => http().post('/api/layouts').set(owner.auth).send({ name: 'Giriş', orientation: 'landscape', background: '#102030', zones: [{ name: 'Ana', x: 0, y: 0, width: 100, height: 100, z: 1, playlist: playlist.id }] }); } },
  'PUT /api/layouts/:id': { action: 'layout.update', prepare: async () => { const { playlist } = await world(); const l = await makeLayout(t, owner.id, [{ playlistId: playlist.id }]); return () => http().put(`/api/layouts/${l.id}`).set(owner.auth).send({ name: 'Yeni yerleşim' }); } },
  'DELETE /api/layouts/:id': { action: 'layout.delete', prepare: async () => { const { playlist } = await world(); const l = await makeLayout(t, owner.id, [{ playlistId: playlist.id }]); return () => http().delete(`/api/layouts/${l.id}`).set(owner.auth); } },
  'POST /api/screens': { action: 'screen.create', prepare: async () => () => http().post('/api/screens').set(owner.auth).send({ name: 'Lobi' }) },
  'PUT /api/screens/:id': { action: 'screen.update', prepare: async () => { const { screen, playlist } = await world(); return () => http().put(`/api/screens/${screen.id}`).set(owner.auth).send({ currentPlaylist: playlist.id }); } },
  'DELETE /api/screens/:id': { action: 'screen.delete', prepare: async () => { const { screen } = await world(); return () => http().delete(`/api/screens/${screen.id}`).set(owner.auth); } },
  'POST /api/screen-groups': { action: 'screenGroup.create', prepare: async () => { const { screen } = await world(); return () => http().post('/api/screen-groups').set(owner.auth).send({ name: `Kat ${uuid().slice(0, 6)}`, screenIds: [screen.id] }); } },
  'PUT /api/screen-groups/:id': { action: 'screenGroup.update', prepare: async () => { const g = await makeGroup(t, owner.id, `G ${uuid().slice(0, 6)}`); return () => http().put(`/api/screen-groups/${g.id}`).set(owner.auth).send({ name: `H ${uuid().slice(0, 6)}` }); } },
  'DELETE /api/screen-groups/:id': { action: 'screenGroup.delete', prepare: async () => { const g = await makeGroup(t, owner.id, `G ${uuid().slice(0, 6)}`); return () => http().delete(`/api/screen-groups/${g.id}`).set(owner.auth); } },
  'POST /api/schedules': { action: 'schedule.create', prepare: async () => { const { screen, playlist } = await world(); return () => http().post('/api/schedules').set(owner.auth).send({ name: 'Öğle', playlist: playlist.id, screens: [screen.id], days: [1], startTime: '12:00', endTime: '13:00' }); } },
  'PUT /api/schedules/:id': { action: 'schedule.update', prepare: async () => { const { screen, playlist } = await world(); const s = await makeSchedule(t, owner.id, { playlistId: playlist.id, screenIds: [screen.id] }); return () => http().put(`/api/schedules/${s.id}`).set(owner.auth).send({ name: 'Akşam', playlist: playlist.id, screens: [screen.id], days: [2], startTime: '18:00', endTime: '19:00' }); } },
  'DELETE /api/schedules/:id': { action: 'schedule.delete', prepare: async () => { const { screen, playlist } = await world(); const s = await makeSchedule(t, owner.id, { playlistId: playlist.id, screenIds: [screen.id] }); return () => http().delete(`/api/schedules/${s.id}`).set(owner.auth); } },
  'POST /api/alerts': { action: 'alert.send', prepare: async () => { const { screen } = await world(); return () => http().post('/api/alerts').set(owner.auth).send({ title: 'Tahliye', message: 'Çıkın', screens: [screen.id], durationMinutes: 10 }); } },
  'DELETE /api/alerts/:id': { action: 'alert.end', prepare: async () => { const { screen } = await world(); const a = await http().post('/api/alerts').set(owner.auth).send({ title: 'Tatbikat', message: 'x', screens: [screen.id], durationMinutes: 10 }).expect(201); return () => http().delete(`/api/alerts/${a.body._id}`).set(owner.auth); } },
  'POST /api/alerts/cap': { action: 'alert.send', prepare: async () => { await world(); return () => http().post('/api/alerts/cap').set(owner.auth).set('Content-Type', 'application/cap+xml').send(amber({ identifier: uuid() })); } },
  'POST /api/cap-feeds': { action: 'capFeed.create', prepare: async () => () => http().post('/api/cap-feeds').set(owner.auth).send({ url: 'https://93.184.216.34/cap', enabled: false }) },
  'PUT /api/cap-feeds/:id': { action: 'capFeed.update', prepare: async () => { const f = await http().post('/api/cap-feeds').set(owner.auth).send({ url: 'https://93.184.216.34/a', enabled: false }).expect(201); return () => http().put(`/api/cap-feeds/${f.body._id}`).set(owner.auth).send({ url: 'https://93.184.216.34/b', enabled: false, pollSeconds: 120 }); } },
  'DELETE /api/cap-feeds/:id': { action: 'capFeed.delete', prepare: async () => { const f = await http().post('/api/cap-feeds').set(owner.auth).send({ url: 'https://93.184.216.34/c', enabled: false }).expect(201); return () => http().delete(`/api/cap-feeds/${f.body._id}`).set(owner.auth); } },
  'PUT /api/cap-settings': { action: 'settings.cap', prepare: async () => () => http().put('/api/cap-settings').set(owner.auth).send({ ...CAP_SETTINGS_DEFAULT, soundFor: ['Immediate', 'Expected'] }) },
  'POST /api/alert-templates': { action: 'alertTemplate.create', prepare: async () => () => http().post('/api/alert-templates').set(owner.auth).send({ name: `Kod ${uuid().slice(0, 6)}`, title: 'Kod', message: 'x', all: true }) },
  'PUT /api/alert-templates/:id': { action: 'alertTemplate.update', prepare: async () => { const c = await http().post('/api/alert-templates').set(owner.auth).send({ name: `Kod ${uuid().slice(0, 6)}`, title: 'Kod', message: 'x', all: true }).expect(201); return () => http().put(`/api/alert-templates/${c.body._id}`).set(owner.auth).send({ name: `Kod ${uuid().slice(0, 6)}`, title: 'Kod 2', message: 'y', all: true }); } },
  'DELETE /api/alert-templates/:id': { action: 'alertTemplate.delete', prepare: async () => { const c = await http().post('/api/alert-templates').set(owner.auth).send({ name: `Kod ${uuid().slice(0, 6)}`, title: 'Kod', message: 'x', all: true }).expect(201); return () => http().delete(`/api/alert-templates/${c.body._id}`).set(owner.auth); } },
  'POST /api/alert-templates/:id/send': { action: 'alert.send', prepare: async () => { const { screen } = await world(); const c = await http().post('/api/alert-templates').set(owner.auth).send({ name: `Kod ${uuid().slice(0, 6)}`, title: 'Kod', message: 'x', screens: [screen.id] }).expect(201); return () => http().post(`/api/alert-templates/${c.body._id}/send`).set(owner.auth).send({}); } },
  'POST /api/approvals/:id/approve': { action: 'approval.approve', prepare: async () => { const a = await pendingApproval(); return () => http().post(`/api/approvals/${a.id}/approve`).set(a.publisher.auth); } },
  'POST /api/approvals/:id/reject': { action: 'approval.reject', prepare: async () => { const a = await pendingApproval(); return () => http().post(`/api/approvals/${a.id}/reject`).set(a.publisher.auth).send({ reason: 'Henüz değil' }); } },
  'PUT /api/settings': { action: 'settings.display', prepare: async () => () => http().put('/api/settings').set(owner.auth).send({ textColor: `#${uuid().slice(0, 6)}` }) },
  'PUT /api/settings/health': { action: 'settings.health', prepare: async () => () => http().put('/api/settings/health').set(owner.auth).send({ warnMinutes: 20 + Math.floor(Math.random() * 100) }) },
  'POST /api/api-keys': { action: 'apiKey.create', prepare: async () => () => http().post('/api/api-keys').set(owner.auth).send({ name: 'Panel' }) },
  'POST /api/webhooks': { action: 'webhook.create', prepare: async () => () => http().post('/api/webhooks').set(owner.auth).send({ url: 'https://93.184.216.34/pano', events: ['screen.offline'] }) },
  'PUT /api/webhooks/:id': { action: 'webhook.update', prepare: async () => { const h = await http().post('/api/webhooks').set(owner.auth).send({ url: 'https://93.184.216.34/a', events: ['screen.offline'] }).expect(201); return () => http().put(`/api/webhooks/${h.body._id}`).set(owner.auth).send({ url: 'https://93.184.216.34/b', events: ['screen.online'] }); } },
  'DELETE /api/webhooks/:id': { action: 'webhook.delete', prepare: async () => { const h = await http().post('/api/webhooks').set(owner.auth).send({ url: 'https://93.184.216.34/c', events: ['screen.offline'] }).expect(201); return () => http().delete(`/api/webhooks/${h.body._id}`).set(owner.auth); } },
  'DELETE /api/api-keys/:id': { action: 'apiKey.revoke', prepare: async () => { const k = await http().post('/api/api-keys').set(owner.auth).send({ name: 'Eski' }).expect(201); return () => http().delete(`/api/api-keys/${k.body._id}`).set(owner.auth); } },
  'POST /api/devices/pair': { action: 'device.pair', prepare: async () => { const p = await t.ctx.db.purchase.findFirstOrThrow({ where: { accountId: owner.id, status: 'completed' } }); return () => http().post('/api/devices/pair').send({ mobileCode: p.mobileCode, name: 'Lobi TV' }); } },
  'PUT /api/devices/:id': { action: 'device.update', prepare: async () => { const d = await t.ctx.db.device.create({ data: { ownerId: owner.id, name: 'TV' } }); return () => http().put(`/api/devices/${d.id}`).set(owner.auth).send({ name: 'Kasa TV' }); } },
  'DELETE /api/devices/:id': { action: 'device.revoke', prepare: async () => { const d = await t.ctx.db.device.create({ data: { ownerId: owner.id, name: 'TV' } }); return () => http().delete(`/api/devices/${d.id}`).set(owner.auth); } },
  'PUT /api/devices/screen': { action: 'device.selectScreen', prepare: async () => { const { screen } = await world(); const d = await t.ctx.db.device.create({ data: { ownerId: owner.id, name: 'TV' } }); const token = await t.ctx.tokens.signDevice(d.id, owner.id); return () => http().put('/api/devices/screen').set({ Authorization: `Bearer ${token}` }).send({ screenId: screen.id }); } },
  'PUT /api/team': { action: 'account.rename', prepare: async () => () => http().put('/api/team').set(owner.auth).send({ name: `Ajans ${uuid().slice(0, 6)}` }) },
  'PUT /api/team/members/:id': { action: 'member.update', prepare: async () => { const m = await newMember(t, owner.id, 'viewer'); const id = await membership(owner.id, m); return () => http().put(`/api/team/members/${id}`).set(owner.auth).send({ role: 'editor' }); } },
  'DELETE /api/team/members/:id': { action: 'member.remove', prepare: async () => { const m = await newMember(t, owner.id, 'viewer'); const id = await membership(owner.id, m); return () => http().delete(`/api/team/members/${id}`).set(owner.auth); } },
  'POST /api/team/invitations': { action: 'invitation.create', prepare: async () => () => http().post('/api/team/invitations').set(owner.auth).send({ email: `davet-${uuid().slice(0, 6)}@ornek.test`, role: 'viewer', groups: [] }) },
  'DELETE /api/team/invitations/:id': { action: 'invitation.revoke', prepare: async () => { const i = await http().post('/api/team/invitations').set(owner.auth).send({ email: `davet-${uuid().slice(0, 6)}@ornek.test`, role: 'viewer', groups: [] }).expect(201); return () => http().delete(`/api/team/invitations/${i.body._id}`).set(owner.auth); } },
  'POST /api/invitations/:token/accept': { action: 'invitation.accept', prepare: async () => { const i = await http().post('/api/team/invitations').set(owner.auth).send({ email: `davet-${uuid().slice(0, 6)}@ornek.test`, role: 'viewer', groups: [] }).expect(201); const token = String(i.body.link).split('/davet/')[1]; return () => http().post(`/api/invitations/${token}/accept`).send({ firstName: 'Yeni', lastName: 'Üye', password: 'gizli-parola-123' }); } },
  // Another account: the owner hands it on and is an admin there afterwards.
  // A save that changes nothing writes no event: the setting is turned on first, the request turns it off.
  'PUT /api/team/settings': { action: 'account.settings', prepare: async () => { await t.ctx.db.account.update({ where: { id: owner.id }, data: { twoFactorRequired: true } }); return () => http().put('/api/team/settings').set(owner.auth).send({ twoFactorRequired: false }); } },
  'DELETE /api/team': { action: 'account.delete', prepare: async () => { const leaving = await newCustomer(t); return () => http().delete('/api/team').set(leaving.auth).send({ password: 'secret123' }); } },
  'POST /api/team/transfer': { action: 'account.transfer', prepare: async () => { const other = await newCustomer(t); const m = await newMember(t, other.id, 'admin'); const id = await membership(other.id, m); return () => http().post('/api/team/transfer').set(other.auth).send({ memberId: id }); } },
  'POST /api/purchase/create-payment-intent': { action: 'purchase.start', prepare: async () => { const pkg = await newPackage(t, { price: 99 }); return () => http().post('/api/purchase/create-payment-intent').set(owner.auth).send({ packageId: pkg.id }); } },
  'POST /api/purchase/complete-payment': { action: 'purchase.complete', prepare: async () => {
    const buyer = await newUser(t);
    const pkg = await newPackage(t, { price: 99 });
    const intent = await http().post('/api/purchase/create-payment-intent').set(buyer.auth).send({ packageId: pkg.id }).expect(200);
    await http().post('/api/purchase/dev/confirm-card').set(buyer.auth).send({ paymentIntentId: intent.body.paymentIntentId, ...card() }).expect(200);
    return () => http().post('/api/purchase/complete-payment').set(buyer.auth).send({ paymentIntentId: intent.body.paymentIntentId });
  } },
  'POST /api/packages/admin': { action: 'package.create', prepare: async () => () => http().post('/api/packages/admin').set(admin.auth).send({ name: `Paket ${uuid().slice(0, 6)}`, description: 'Açıklama', price: 249.9, features: { maxMediaUpload: 10, maxScreens: 4, maxPlaylists: 12 }, isPopular: false, duration: 60 }) },
  'PUT /api/packages/admin/:id': { action: 'package.update', prepare: async () => { const p = await newPackage(t); return () => http().put(`/api/packages/admin/${p.id}`).set(admin.auth).send({ isActive: false }); } },
  'DELETE /api/packages/admin/:id': { action: 'package.delete', prepare: async () => { const p = await newPackage(t); return () => http().delete(`/api/packages/admin/${p.id}`).set(admin.auth); } },
  'POST /api/auth/register': { action: 'account.create', prepare: async () => () => http().post('/api/auth/register').send({ email: `yeni-${uuid().slice(0, 6)}@ornek.test`, password: 'gizli-parola-123', firstName: 'Yeni' }) },
  'POST /api/auth/admin-register': { action: 'admin.create', prepare: async () => () => http().post('/api/auth/admin-register').send({ email: `admin-${uuid().slice(0, 6)}@ornek.test`, password: 'gizli-parola-123', firstName: 'Yeni', lastName: 'Yönetici', adminKey: 'test-admin-key-123' }) },
  'DELETE /api/auth/admin': { action: 'admin.delete', prepare: async () => { const leaving = await newAdmin(t); return () => http().delete('/api/auth/admin').set(leaving.auth); } },
  'POST /api/settings/apk': { action: 'apk.upload', prepare: async () => () => http().post('/api/settings/apk').set(admin.auth).field('version', '1.2.3').attach('apk', fakeApk(), 'p.apk') },
};
// A preview of an app's data is a read sent as POST (its case above only checks the list is whole).
delete CASES['POST /api/media/apps/preview'];
NO_EVENT['POST /api/media/apps/preview'] = 'a read sent as POST';

describe('audit walk', () => {
  it('every route that changes data is walked, or says why not', () => {
    const listed = { ...CASES, ...NO_EVENT, ...NOT_WALKED_HERE };
    expect(routes.map(key).filter((k) => !(k in listed))).toEqual([]);
    expect(Object.keys(listed).filter((k) => !routes.some((r) => key(r) === k))).toEqual([]);
    expect(Object.keys(RULES).sort()).toEqual(routes.map(key).sort());
  });

  it('each change leaves its event, written by who made it', async () => {
    const missing: string[] = [];
    for (const [route, c] of Object.entries(CASES)) {
      const send = await c.prepare();
      const before = await t.ctx.db.auditEvent.findFirst({ orderBy: { at: 'desc' }, select: { at: true } });
      const count = await eventCount();
      const res = await send();
      expect({ route, status: res.status < 300 ? 'ok' : `${res.status} ${JSON.stringify(res.body)}` }).toEqual({ route, status: 'ok' });
      const events = await t.ctx.db.auditEvent.findMany({ where: { at: { gte: before?.at ?? new Date(0) } }, orderBy: { seq: 'asc' } });
      if ((await eventCount()) === count || !events.some((e) => e.action === c.action && e.actorType !== 'system')) missing.push(route);
    }
    expect(missing).toEqual([]);
  });

  it('a refused request leaves no event', async () => {
    const viewer = await newMember(t, owner.id, 'viewer');
    const wrote: string[] = [];
    for (const r of routes) {
      const rule = RULES[key(r)];
      const path = r.path.replace(/:[A-Za-z]+/g, () => uuid());
      const method = r.method.toLowerCase() as 'post' | 'put' | 'delete';
      const count = await eventCount();
      // Below the route's role: 403. As the owner with a missing id or an empty body: 400 or 404.
      const attempts = [
        ...(rule && rule !== 'not a member route' && !roleAtLeast('viewer', rule) ? [http()[method](path).set(viewer.auth).send({})] : []),
        ...(rule && rule !== 'not a member route' ? [http()[method](path).set(owner.auth).send({})] : []),
        ...(rule === 'not a member route' && r.path !== '/api/auth/logout' ? [http()[method](path).send({})] : []),
      ];
      for (const attempt of attempts) {
        const res = await attempt;
        if (res.status >= 400 && (await eventCount()) !== count) wrote.push(`${key(r)} ${res.status}`);
      }
    }
    expect(wrote).toEqual([]);
    expect(ACCOUNT_ROLES).toContain('viewer');
  });

  it('every chain written during the walk verifies', async () => {
    const res = await http().get('/api/audit/verify').set(owner.auth).expect(200);
    expect(res.body).toMatchObject({ ok: true, brokenAt: null });
    expect(res.body.checked).toBeGreaterThan(30);
    expect((await http().get('/api/audit/platform/verify').set(admin.auth).expect(200)).body).toMatchObject({ ok: true });
  });
});
