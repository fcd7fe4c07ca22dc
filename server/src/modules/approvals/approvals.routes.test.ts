import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { tinyPng } from '../../storage/testing/sample-files.js';
import { ZApprovalList, ZApprovalPending, ZApprovalPreview, ZNotificationList, ZScreenConfig } from '@pano/contract';
import { createTestApp, newCustomer, newMember, type TestApp, type TestUser } from '../../../test/harness.js';
import { heldTransaction } from '../../../test/held-transaction.js';
import {
  makeApp, makeGroup, makeLayout, makeMedia, makePlaylist, makeSchedule, makeScreen, makeTicker, recordingNotifier,
} from '../screens/content.fixtures.js';

let t: TestApp;
const notifier = recordingNotifier();
beforeAll(async () => { t = await createTestApp({ notifier }); });
afterAll(async () => { await t.close(); });
beforeEach(() => notifier.reset());

/** An account with approval on, its owner, a publisher and an editor, and a screen showing a playlist. */
async function setup(approvalRequired = true) {
  const owner = await newCustomer(t);
  await t.ctx.db.account.update({ where: { id: owner.id }, data: { approvalRequired } });
  const publisher = await newMember(t, owner.id, 'publisher');
  const editor = await newMember(t, owner.id, 'editor');
  const a = await makeMedia(t, owner.id, 'image', 'Afiş');
  const b = await makeMedia(t, owner.id, 'image', 'Menü');
  const playlist = await makePlaylist(t, owner.id, [{ mediaId: a.id, duration: 5 }], 'Lobi');
  const screen = await makeScreen(t, owner.id, { name: 'Giriş', currentPlaylistId: playlist.id });
  return { owner, publisher, editor, a, b, playlist, screen };
}

const configOf = async (screenId: string, u: TestUser) =>
  ZScreenConfig.parse((await t.http.get(`/api/screens/${screenId}/config`).set('Host', 'pano.test:8080').set(u.auth).expect(200)).body);
const shownItems = async (screenId: string, u: TestUser) =>
  (await configOf(screenId, u)).playlist?.mediaItems.map((i) => [i.media.name, i.duration]);
const eventsOf = (accountId: string, prefix: string) =>
  t.ctx.db.auditEvent.findMany({ where: { chain: accountId, action: { startsWith: prefix } }, orderBy: { seq: 'asc' } });
const list = async (u: TestUser, status = '') =>
  ZApprovalList.parse((await t.http.get(`/api/approvals${status ? `?status=${status}` : ''}`).set(u.auth).expect(200)).body);

/** The editor's change of the screen's playlist, stored as a request. */
async function requestChange(s: Awaited<ReturnType<typeof setup>>, duration = 9) {
  const res = await t.http.put(`/api/playlists/${s.playlist.id}`).set(s.editor.auth)
    .send({ name: 'Lobi yeni', mediaItems: [{ media: s.b.id, duration }] });
  expect(res.status).toBe(202);
  return ZApprovalPending.parse(res.body).approval._id;
}

describe('PUT /api/team/settings { approvalRequired }', () => {
  it('an admin turns it on and off; an editor cannot; a wrong value is a Turkish 400', async () => {
    const owner = await newCustomer(t);
    const editor = await newMember(t, owner.id, 'editor');
    await t.http.put('/api/team/settings').set(editor.auth).send({ approvalRequired: true }).expect(403);
    const bad = await t.http.put('/api/team/settings').set(owner.auth).send({ approvalRequired: 'evet' }).expect(400);
    expect(bad.body.message).toContain('Onay akışı açık ya da kapalı olmalıdır');
    const none = await t.http.put('/api/team/settings').set(owner.auth).send({}).expect(400);
    expect(none.body.message).toContain('Değiştirilecek bir hesap ayarı gönderin');
    const on = await t.http.put('/api/team/settings').set(owner.auth).send({ approvalRequired: true }).expect(200);
    expect(on.body).toEqual({ twoFactorRequired: false, approvalRequired: true });
    expect((await t.http.get('/api/team/settings').set(owner.auth).expect(200)).body).toEqual({ twoFactorRequired: false, approvalRequired: true });
    const [event] = await eventsOf(owner.id, 'account.settings');
    expect(event?.changes).toEqual({ approvalRequired: [false, true] });
  });
});

describe('an editor\'s change of content in use', () => {
  it('is stored as a request (202): nothing changes, nothing is pushed, the screen keeps its config', async () => {
    const s = await setup();
    const versionBefore = (await configOf(s.screen.id, s.owner)).version;
    const id = await requestChange(s);

    expect(notifier.calls).toEqual([]);
    // The account's open dashboards ask 'Onay Bekleyenler' again.
    expect(notifier.approvals).toEqual([s.owner.id]);
    expect((await configOf(s.screen.id, s.owner)).version).toBe(versionBefore);
    expect(await shownItems(s.screen.id, s.owner)).toEqual([['Afiş', 5]]);
    expect((await t.ctx.db.playlist.findUniqueOrThrow({ where: { id: s.playlist.id } })).name).toBe('Lobi');
    expect((await eventsOf(s.owner.id, 'playlist.')).length).toBe(0);
    const [asked] = await eventsOf(s.owner.id, 'approval.');
    expect(asked).toMatchObject({ action: 'approval.request', actorId: s.editor.id, targetType: 'playlist', targetId: s.playlist.id });

    const { approvals, pending } = await list(s.publisher, 'pending');
    expect(pending).toBe(1);
    expect(approvals).toEqual([expect.objectContaining({
      _id: id, status: 'pending', action: 'playlist.update',
      target: { type: 'playlist', id: s.playlist.id, name: 'Lobi' },
      requester: { id: s.editor.id, name: expect.any(String) },
      before: { name: 'Lobi', items: ['Afiş (5 sn)'] },
      after: { name: 'Lobi yeni', items: ['Menü (9 sn)'] },
    })]);
  });

  it('approve applies it once, through the edit (its event and its push), and tells the editor', async () => {
    const s = await setup();
    const id = await requestChange(s);
    const res = await t.http.post(`/api/approvals/${id}/approve`).set(s.publisher.auth).expect(200);
    expect(res.body).toMatchObject({ _id: id, status: 'approved', decidedBy: { id: s.publisher.id } });

    expect(notifier.calls).toEqual([[s.screen.id]]);
    expect(await shownItems(s.screen.id, s.owner)).toEqual([['Menü', 9]]);
    const update = await eventsOf(s.owner.id, 'playlist.update');
    expect(update).toEqual([expect.objectContaining({ actorId: s.publisher.id, changes: { name: ['Lobi', 'Lobi yeni'], items: [['Afiş (5 sn)'], ['Menü (9 sn)']] } })]);
    expect((await eventsOf(s.owner.id, 'approval.')).map((e) => [e.action, e.actorId])).toEqual([
      ['approval.request', s.editor.id], ['approval.approve', s.publisher.id],
    ]);
    expect(notifier.notifications).toEqual([`${s.owner.id} ${s.editor.id} 1`]);
    expect(notifier.approvals).toEqual([s.owner.id, s.owner.id]);

    // Twice: 409, nothing applied again.
    const again = await t.http.post(`/api/approvals/${id}/approve`).set(s.publisher.auth).expect(409);
    expect(again.body.message).toBe('Bu istek zaten onaylandı.');
    await t.http.post(`/api/approvals/${id}/reject`).set(s.publisher.auth).send({ reason: 'Geç kaldı' }).expect(409);
    expect(notifier.calls).toEqual([[s.screen.id]]);
    expect(notifier.approvals).toEqual([s.owner.id, s.owner.id]);
    expect((await eventsOf(s.owner.id, 'playlist.update')).length).toBe(1);
    expect((await list(s.publisher, 'pending')).pending).toBe(0);
  });

  it('reject needs a reason (Turkish 400), keeps the change off the screen and tells the editor why', async () => {
    const s = await setup();
    const id = await requestChange(s);
    const missing = await t.http.post(`/api/approvals/${id}/reject`).set(s.publisher.auth).send({ reason: '  ' }).expect(400);
    expect(missing.body.message).toContain('Reddetme nedenini yazın');
    await t.http.post(`/api/approvals/${id}/reject`).set(s.publisher.auth).send({}).expect(400);
    expect((await t.ctx.db.approvalRequest.findUniqueOrThrow({ where: { id } })).status).toBe('pending');

    const res = await t.http.post(`/api/approvals/${id}/reject`).set(s.publisher.auth).send({ reason: 'Menü henüz geçerli değil' }).expect(200);
    expect(res.body).toMatchObject({ status: 'rejected', reason: 'Menü henüz geçerli değil' });
    expect(notifier.calls).toEqual([]);
    expect(notifier.approvals).toEqual([s.owner.id, s.owner.id]);
    expect(await shownItems(s.screen.id, s.owner)).toEqual([['Afiş', 5]]);
    expect((await eventsOf(s.owner.id, 'approval.reject'))[0]?.changes).toEqual({ approval: ['pending', 'rejected'], reason: [null, 'Menü henüz geçerli değil'] });
    const again = await t.http.post(`/api/approvals/${id}/reject`).set(s.publisher.auth).send({ reason: 'x' }).expect(409);
    expect(again.body.message).toBe('Bu istek zaten reddedildi.');
    await t.http.post(`/api/approvals/${id}/approve`).set(s.publisher.auth).expect(409);
    expect(await shownItems(s.screen.id, s.owner)).toEqual([['Afiş', 5]]);

    const mine = ZNotificationList.parse((await t.http.get('/api/notifications').set(s.editor.auth).expect(200)).body);
    expect(mine.unread).toBe(1);
    expect(mine.notifications).toEqual([expect.objectContaining({
      kind: 'approval.rejected', readAt: null,
      approval: expect.objectContaining({ _id: id, status: 'rejected', reason: 'Menü henüz geçerli değil', target: { type: 'playlist', id: s.playlist.id, name: 'Lobi' } }),
    })]);
  });

  it('a conflicting edit meanwhile: approve answers 409 in Turkish and applies nothing', async () => {
    const s = await setup();
    const id = await requestChange(s);
    await t.http.put(`/api/playlists/${s.playlist.id}`).set(s.publisher.auth).send({ name: 'Lobi', mediaItems: [{ media: s.a.id, duration: 20 }] }).expect(200);
    notifier.reset();
    const res = await t.http.post(`/api/approvals/${id}/approve`).set(s.publisher.auth).expect(409);
    expect(res.body.message).toContain('İstek gönderildikten sonra içerik değiştirildi');
    expect(notifier.calls).toEqual([]);
    expect(await shownItems(s.screen.id, s.owner)).toEqual([['Afiş', 20]]);
    expect((await t.ctx.db.approvalRequest.findUniqueOrThrow({ where: { id } })).status).toBe('pending');
    expect((await eventsOf(s.owner.id, 'approval.')).map((e) => e.action)).toEqual(['approval.request']);
    // It can still be rejected.
    await t.http.post(`/api/approvals/${id}/reject`).set(s.publisher.auth).send({ reason: 'Eskidi' }).expect(200);
  });

  it('a second request on the same content: approving the first makes the second stale (409)', async () => {
    const s = await setup();
    const first = await requestChange(s, 9);
    const second = await requestChange(s, 12);
    await t.http.post(`/api/approvals/${first}/approve`).set(s.publisher.auth).expect(200);
    await t.http.post(`/api/approvals/${second}/approve`).set(s.publisher.auth).expect(409);
    expect(await shownItems(s.screen.id, s.owner)).toEqual([['Menü', 9]]);
  });
});

describe('what goes ahead at once', () => {
  it('a publisher\'s (and the owner\'s) own change', async () => {
    const s = await setup();
    await t.http.put(`/api/playlists/${s.playlist.id}`).set(s.publisher.auth).send({ name: 'Lobi', mediaItems: [{ media: s.b.id, duration: 3 }] }).expect(200);
    expect(notifier.calls).toEqual([[s.screen.id]]);
    expect(await shownItems(s.screen.id, s.owner)).toEqual([['Menü', 3]]);
    await t.http.put(`/api/playlists/${s.playlist.id}`).set(s.owner.auth).send({ name: 'Lobi', mediaItems: [{ media: s.a.id, duration: 4 }] }).expect(200);
    expect(await t.ctx.db.approvalRequest.count({ where: { accountId: s.owner.id } })).toBe(0);
  });

  it('an editor\'s change of content no screen, schedule or layout uses', async () => {
    const s = await setup();
    const unused = await makePlaylist(t, s.owner.id, [{ mediaId: s.a.id }], 'Taslak');
    await t.http.put(`/api/playlists/${unused.id}`).set(s.editor.auth).send({ name: 'Taslak 2', mediaItems: [{ media: s.b.id, duration: 3 }] }).expect(200);
    expect((await t.ctx.db.playlist.findUniqueOrThrow({ where: { id: unused.id } })).name).toBe('Taslak 2');
    expect(await t.ctx.db.approvalRequest.count({ where: { accountId: s.owner.id } })).toBe(0);
    expect(notifier.approvals).toEqual([]);
  });

  it('an editor\'s change when the account does not require approval', async () => {
    const s = await setup(false);
    await t.http.put(`/api/playlists/${s.playlist.id}`).set(s.editor.auth).send({ name: 'Lobi', mediaItems: [{ media: s.b.id, duration: 3 }] }).expect(200);
    expect(await shownItems(s.screen.id, s.owner)).toEqual([['Menü', 3]]);
  });
});

describe('a request whose content is gone', () => {
  it('answers 404 naming the request\'s content; the count of open requests covers it until decided', async () => {
    const s = await setup();
    const id = await requestChange(s);
    expect((await list(s.owner)).pending).toBe(1);
    await t.http.delete(`/api/playlists/${s.playlist.id}`).set(s.publisher.auth).expect(200);
    const gone = await t.http.post(`/api/approvals/${id}/approve`).set(s.publisher.auth).expect(404);
    expect(gone.body.message).toContain('Onaya gönderilen içerik');
    expect((await list(s.owner)).pending).toBe(1);
    await t.http.post(`/api/approvals/${id}/reject`).set(s.publisher.auth).send({ reason: 'Playlist silindi' }).expect(200);
    expect((await list(s.owner)).pending).toBe(0);
  });
});

describe('an editor\'s deletion', () => {
  it('of content in use, or a new file for it, is refused (403) and changes nothing; unused content, and a publisher, delete', async () => {
    const s = await setup();
    const refused = await t.http.delete(`/api/playlists/${s.playlist.id}`).set(s.editor.auth).expect(403);
    expect(refused.body.message).toContain('yalnızca Yayıncı ve üstü roller silebilir');
    // The picture on the playlist on screen is in use too: neither deleted nor given a new file.
    await t.http.delete(`/api/media/${s.a.id}`).set(s.editor.auth).expect(403);
    await t.http.put(`/api/media/${s.a.id}/file`).set(s.editor.auth).attach('file', tinyPng(), 'yeni.png').expect(403);
    expect((await t.ctx.db.media.findUniqueOrThrow({ where: { id: s.a.id } })).fileName).toBe(s.a.fileName);
    expect(await shownItems(s.screen.id, s.owner)).toEqual([['Afiş', 5]]);
    expect(notifier.calls).toEqual([]);
    expect((await eventsOf(s.owner.id, 'playlist.')).length).toBe(0);

    const unused = await makePlaylist(t, s.owner.id, [{ mediaId: s.b.id }], 'Taslak');
    await t.http.delete(`/api/playlists/${unused.id}`).set(s.editor.auth).expect(200);
    await t.http.delete(`/api/playlists/${s.playlist.id}`).set(s.publisher.auth).expect(200);
    expect(await t.ctx.db.playlist.count({ where: { ownerId: s.owner.id } })).toBe(0);
  });

  it('goes ahead when the account does not require approval', async () => {
    const s = await setup(false);
    await t.http.delete(`/api/playlists/${s.playlist.id}`).set(s.editor.auth).expect(200);
  });

  it('a resumable upload that replaces the file of content in use is refused at its start and at every later part', async () => {
    const s = await setup();
    const png = tinyPng();
    const tus = { 'Tus-Resumable': '1.0.0' };
    const b64 = (v: string) => Buffer.from(v).toString('base64');
    const begin = (u: TestUser, mediaId: string) => t.http.post('/api/uploads').set(u.auth).set(tus)
      .set('Upload-Length', String(png.length)).set('Upload-Metadata', `filename ${b64('yeni.png')},replaces ${b64(mediaId)}`);
    const send = (u: TestUser, location: string) => t.http.patch(location).set(u.auth).set(tus)
      .set('Upload-Offset', '0').set('Content-Type', 'application/offset+octet-stream').send(png);

    const refused = await begin(s.editor, s.a.id);
    expect([refused.status, JSON.parse(refused.text).message]).toEqual([403, expect.stringContaining('yalnızca Yayıncı ve üstü roller')]);

    // Begun while the picture was on no screen; it goes on one before the last part arrives.
    const begun = await begin(s.editor, s.b.id);
    expect(begun.status).toBe(201);
    await t.ctx.db.screen.update({ where: { id: s.screen.id }, data: { currentPlaylistId: (await makePlaylist(t, s.owner.id, [{ mediaId: s.b.id }], 'Menü')).id } });
    const late = await send(s.editor, begun.headers.location as string);
    expect(late.status).toBe(403);
    expect((await t.ctx.db.media.findUniqueOrThrow({ where: { id: s.b.id } })).fileName).toBe(s.b.fileName);
    expect(notifier.calls).toEqual([]);

    // A publisher sends the new file.
    const allowed = await begin(s.publisher, s.a.id);
    expect(allowed.status).toBe(201);
    expect((await send(s.publisher, allowed.headers.location as string)).status).toBe(204);
    expect((await t.ctx.db.media.findUniqueOrThrow({ where: { id: s.a.id } })).fileName).not.toBe(s.a.fileName);
  });
});

describe('tickers, layouts and apps', () => {
  it('a ticker a schedule shows waits, and approving applies it', async () => {
    const s = await setup();
    const ticker = await makeTicker(t, s.owner.id, ['Hoş geldiniz'], 3, 'Duyuru');
    await makeSchedule(t, s.owner.id, { tickerPlaylistId: ticker.id, playlistId: s.playlist.id, screenIds: [s.screen.id] });
    const res = await t.http.put(`/api/direction-playlists/${ticker.id}`).set(s.editor.auth).send({ directions: [{ text: 'Kapalıyız' }] }).expect(202);
    expect((await list(s.publisher, 'pending')).approvals[0]).toMatchObject({
      before: { name: 'Duyuru', speed: 3, texts: ['Hoş geldiniz'] }, after: { name: 'Duyuru', speed: 3, texts: ['Kapalıyız'] },
    });
    expect(notifier.calls).toEqual([]);
    await t.http.post(`/api/approvals/${res.body.approval._id}/approve`).set(s.publisher.auth).expect(200);
    expect((await t.ctx.db.tickerText.findMany({ where: { playlistId: ticker.id } })).map((x) => x.text)).toEqual(['Kapalıyız']);
    expect(notifier.calls).toEqual([[s.screen.id]]);
  });

  it('a layout a screen shows waits; its after names the zones\' playlists', async () => {
    const s = await setup();
    const layout = await makeLayout(t, s.owner.id, [{ playlistId: s.playlist.id }], 'Bölmeli');
    const other = await makeScreen(t, s.owner.id, { name: 'Kafe', currentLayoutId: layout.id });
    const res = await t.http.put(`/api/layouts/${layout.id}`).set(s.editor.auth).send({ name: 'Bölmeli 2' }).expect(202);
    const [req] = (await list(s.publisher, 'pending')).approvals;
    expect(req).toMatchObject({ before: { name: 'Bölmeli', zones: [expect.objectContaining({ playlist: 'Lobi' })] }, after: { name: 'Bölmeli 2' } });
    expect((await t.ctx.db.layout.findUniqueOrThrow({ where: { id: layout.id } })).name).toBe('Bölmeli');
    await t.http.post(`/api/approvals/${res.body.approval._id}/approve`).set(s.publisher.auth).expect(200);
    expect((await t.ctx.db.layout.findUniqueOrThrow({ where: { id: layout.id } })).name).toBe('Bölmeli 2');
    expect(notifier.calls).toEqual([[other.id]]);
  });

  it('an app a screen shows waits; another media item is renamed at once', async () => {
    const s = await setup();
    const clock = await makeApp(t, s.owner.id, { kind: 'clock', style: 'digital' }, { name: 'Saat' });
    await t.ctx.db.playlistItem.create({ data: { playlistId: s.playlist.id, mediaId: clock.id, duration: 5, position: 1 } });
    const res = await t.http.put(`/api/media/${clock.id}`).set(s.editor.auth).send({ app: { kind: 'clock', style: 'analog' } }).expect(202);
    expect((await t.ctx.db.media.findUniqueOrThrow({ where: { id: clock.id } })).app).toMatchObject({ style: 'digital' });
    await t.http.put(`/api/media/${s.a.id}`).set(s.editor.auth).send({ name: 'Afiş 2' }).expect(200);
    await t.http.post(`/api/approvals/${res.body.approval._id}/approve`).set(s.publisher.auth).expect(200);
    expect((await t.ctx.db.media.findUniqueOrThrow({ where: { id: clock.id } })).app).toMatchObject({ style: 'analog' });
  });
});

describe('GET /api/approvals/{id}/preview', () => {
  const preview = async (u: TestUser, id: string) =>
    ZApprovalPreview.parse((await t.http.get(`/api/approvals/${id}/preview`).set(u.auth).expect(200)).body);

  it("shows each kind's result as a screen would, with nothing written: a playlist and an app full screen, a ticker as the bar, a layout as itself", async () => {
    const s = await setup();
    const playlistAsk = await requestChange(s);
    const p = await preview(s.publisher, playlistAsk);
    expect(p.layout).toMatchObject({ name: 'Lobi yeni', orientation: 'landscape' });
    expect(p.layout.zones).toHaveLength(1);
    expect(p.layout.zones[0]).toMatchObject({ x: 0, y: 0, width: 100, height: 100, directionPlaylist: null });
    expect(p.layout.zones[0]!.playlist!.mediaItems.map((i) => [i.media._id, i.media.name, i.media.url, i.duration]))
      .toEqual([[s.b.id, 'Menü', `/uploads/${s.b.fileName}`, 9]]);
    expect(p.displaySettings).toBeDefined();

    const ticker = await makeTicker(t, s.owner.id, ['Hoş geldiniz'], 3, 'Duyuru');
    await t.ctx.db.screen.update({ where: { id: s.screen.id }, data: { currentTickerPlaylistId: ticker.id } });
    const tickerAsk = await t.http.put(`/api/direction-playlists/${ticker.id}`).set(s.editor.auth).send({ speed: 5, directions: [{ text: 'Kapalıyız' }] }).expect(202);
    const bar = (await preview(s.publisher, tickerAsk.body.approval._id)).layout.zones;
    expect(bar).toEqual([expect.objectContaining({ y: 88, height: 12, playlist: null, directionPlaylist: { _id: ticker.id, name: 'Duyuru', speed: 5, directions: [{ text: 'Kapalıyız' }] } })]);

    const layout = await makeLayout(t, s.owner.id, [{ playlistId: s.playlist.id }], 'Bölmeli');
    await makeScreen(t, s.owner.id, { name: 'Kafe', currentLayoutId: layout.id });
    const layoutAsk = await t.http.put(`/api/layouts/${layout.id}`).set(s.editor.auth).send({
      background: '#112233',
      zones: [{ name: 'Sol', x: 0, y: 0, width: 50, height: 100, playlist: s.playlist.id }, { name: 'Sağ', x: 50, y: 0, width: 50, height: 100, directionPlaylist: ticker.id }],
    }).expect(202);
    const l = (await preview(s.publisher, layoutAsk.body.approval._id)).layout;
    expect(l).toMatchObject({ _id: layout.id, name: 'Bölmeli', background: '#112233' });
    expect(l.zones.map((z) => [z.name, z.x, z.width, z.playlist?.name ?? null, z.directionPlaylist?.name ?? null]))
      .toEqual([['Sol', 0, 50, 'Lobi', null], ['Sağ', 50, 50, null, 'Duyuru']]);

    const clock = await makeApp(t, s.owner.id, { kind: 'clock', style: 'digital' }, { name: 'Saat' });
    await t.ctx.db.playlistItem.create({ data: { playlistId: s.playlist.id, mediaId: clock.id, duration: 5, position: 1 } });
    const appAsk = await t.http.put(`/api/media/${clock.id}`).set(s.editor.auth).send({ name: 'Lobi saati', app: { kind: 'clock', style: 'analog' } }).expect(202);
    const [item] = (await preview(s.publisher, appAsk.body.approval._id)).layout.zones[0]!.playlist!.mediaItems;
    expect(item!.media).toMatchObject({ _id: clock.id, name: 'Lobi saati', app: { kind: 'clock', style: 'analog' } });

    // Nothing was applied by looking.
    expect(await shownItems(s.screen.id, s.owner)).toEqual([['Afiş', 5], ['Saat', 5]]);
    expect((await t.ctx.db.media.findUniqueOrThrow({ where: { id: clock.id } })).app).toMatchObject({ style: 'digital' });
    expect((await list(s.publisher, 'pending')).pending).toBe(4);
  });

  it('is for those who decide: an editor 403, another account 404, a decided request 409, content gone 404', async () => {
    const s = await setup();
    const id = await requestChange(s);
    await t.http.get(`/api/approvals/${id}/preview`).set(s.editor.auth).expect(403);
    const stranger = await newCustomer(t);
    await t.http.get(`/api/approvals/${id}/preview`).set(stranger.auth).expect(404);
    await t.http.get('/api/approvals/bozuk/preview').set(s.publisher.auth).expect(400);

    const other = await requestChange(s, 12);
    await t.http.post(`/api/approvals/${id}/reject`).set(s.publisher.auth).send({ reason: 'Hayır' }).expect(200);
    const decided = await t.http.get(`/api/approvals/${id}/preview`).set(s.publisher.auth).expect(409);
    expect(decided.body.message).toBe('Bu istek zaten reddedildi.');
    await t.ctx.db.playlist.delete({ where: { id: s.playlist.id } });
    const gone = await t.http.get(`/api/approvals/${other}/preview`).set(s.publisher.auth).expect(404);
    expect(gone.body.message).toContain('Onaya gönderilen içerik');
  });
});

describe('an app edited while its approval is applied', () => {
  it('the approval waits for the edit, then answers 409; the edit stays', async () => {
    const s = await setup();
    const clock = await makeApp(t, s.owner.id, { kind: 'clock', style: 'digital' }, { name: 'Saat' });
    await t.ctx.db.playlistItem.create({ data: { playlistId: s.playlist.id, mediaId: clock.id, duration: 5, position: 1 } });
    const asked = await t.http.put(`/api/media/${clock.id}`).set(s.editor.auth).send({ app: { kind: 'clock', style: 'analog' } }).expect(202);

    // Another edit of the app in progress, holding its row as an edit does.
    const edit = await heldTransaction(t.ctx.db, async (tx) => {
      await tx.$queryRaw`SELECT id FROM media WHERE id = ${clock.id} FOR UPDATE`;
      await tx.media.update({ where: { id: clock.id }, data: { name: 'Saat (lobi)' } });
    });
    const approving = t.http.post(`/api/approvals/${asked.body.approval._id}/approve`).set(s.publisher.auth).then((r) => r);
    await edit.someoneWaits();
    await edit.release();

    const res = await approving;
    expect([res.status, res.body.message]).toEqual([409, expect.stringContaining('İstek gönderildikten sonra içerik değiştirildi')]);
    expect(await t.ctx.db.media.findUniqueOrThrow({ where: { id: clock.id } })).toMatchObject({ name: 'Saat (lobi)', app: { style: 'digital' } });
    expect((await list(s.publisher, 'pending')).pending).toBe(1);
  });
});

describe('who sees and decides', () => {
  it('editors cannot list or decide; another account neither sees nor decides (404)', async () => {
    const s = await setup();
    const id = await requestChange(s);
    await t.http.get('/api/approvals').set(s.editor.auth).expect(403);
    await t.http.post(`/api/approvals/${id}/approve`).set(s.editor.auth).expect(403);
    const stranger = await newCustomer(t);
    expect((await list(stranger)).approvals).toEqual([]);
    await t.http.post(`/api/approvals/${id}/approve`).set(stranger.auth).expect(404);
    await t.http.post(`/api/approvals/${id}/reject`).set(stranger.auth).send({ reason: 'Hayır' }).expect(404);
    expect((await t.ctx.db.approvalRequest.findUniqueOrThrow({ where: { id } })).status).toBe('pending');
    expect(await shownItems(s.screen.id, s.owner)).toEqual([['Afiş', 5]]);
  });

  it('a group-limited publisher sees only requests whose screens are all theirs', async () => {
    const s = await setup();
    const mine = await makeGroup(t, s.owner.id, 'Kat 1');
    const limited = await newMember(t, s.owner.id, 'publisher', [mine.id]);
    const id = await requestChange(s);
    expect(await list(limited)).toEqual({ approvals: [], pending: 0 });
    await t.http.post(`/api/approvals/${id}/approve`).set(limited.auth).expect(404);
    await t.ctx.db.screenGroupMember.create({ data: { groupId: mine.id, screenId: s.screen.id } });
    expect((await list(limited)).pending).toBe(1);
    await t.http.post(`/api/approvals/${id}/approve`).set(limited.auth).expect(200);
  });
});

describe('GET /api/notifications and marking read', () => {
  it('are the person\'s own; marking read lowers the count and is pushed to their dashboards', async () => {
    const s = await setup();
    const id = await requestChange(s);
    await t.http.post(`/api/approvals/${id}/approve`).set(s.publisher.auth).expect(200);
    expect((await t.http.get('/api/notifications').set(s.publisher.auth).expect(200)).body).toEqual({ notifications: [], unread: 0 });
    const mine = ZNotificationList.parse((await t.http.get('/api/notifications').set(s.editor.auth).expect(200)).body);
    expect(mine.unread).toBe(1);
    const nid = mine.notifications[0]!._id;
    await t.http.post(`/api/notifications/${nid}/read`).set(s.publisher.auth).expect(404);
    notifier.reset();
    expect((await t.http.post(`/api/notifications/${nid}/read`).set(s.editor.auth).expect(200)).body).toEqual({ unread: 0 });
    expect(notifier.notifications).toEqual([`${s.owner.id} ${s.editor.id} 0`]);
    const second = await requestChange(s, 30);
    await t.http.post(`/api/approvals/${second}/reject`).set(s.publisher.auth).send({ reason: 'Uzun' }).expect(200);
    expect((await t.http.post('/api/notifications/read').set(s.editor.auth).expect(200)).body).toEqual({ unread: 0 });
  });
});
