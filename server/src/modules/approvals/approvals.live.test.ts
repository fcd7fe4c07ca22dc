import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import {
  caughtUp, closeAllSockets, connectSocket, liveCustomer, liveMember, record, startLiveServer, type LiveServer,
} from '../../realtime/live-server.fixtures.js';

/* docs/architecture/approval.md#live: the account's open dashboards hear of a request made or decided. */

let s: LiveServer;
beforeAll(async () => { s = await startLiveServer(); });
afterEach(() => closeAllSockets());
afterAll(async () => { await s.close(); });

it("a request made and decided reaches the account's dashboards as approvals:changed, and the requester's as notifications:changed; another account hears nothing", async () => {
  const db = s.ctx.db;
  const owner = await liveCustomer(s);
  await db.account.update({ where: { id: owner.id }, data: { approvalRequired: true } });
  const [editor, publisher] = [await liveMember(s, owner.id, 'editor'), await liveMember(s, owner.id, 'publisher')];
  const media = await db.media.create({ data: { ownerId: owner.id, name: 'Afiş', kind: 'image', fileName: 'a.png', mime: 'image/png', sizeBytes: 10n } });
  const playlist = await db.playlist.create({ data: { ownerId: owner.id, name: 'Lobi', items: { create: [{ mediaId: media.id, duration: 5, position: 0 }] } } });
  await db.screen.create({ data: { ownerId: owner.id, name: 'Giriş', currentPlaylistId: playlist.id } });
  const stranger = await liveCustomer(s);

  const publisherDash = await connectSocket(s, { token: publisher.token });
  const editorDash = await connectSocket(s, { token: editor.token });
  const strangerDash = await connectSocket(s, { token: stranger.token });
  const publisherHeard = record(publisherDash, 'approvals:changed');
  const strangerHeard = record(strangerDash, 'approvals:changed');
  const editorTold = record(editorDash, 'notifications:changed');

  const asked = await s.api.put(`/api/playlists/${playlist.id}`).set(editor.auth)
    .send({ name: 'Lobi yeni', mediaItems: [{ media: media.id, duration: 9 }] }).expect(202);
  await expect.poll(() => publisherHeard.length).toBe(1);

  await s.api.post(`/api/approvals/${asked.body.approval._id}/reject`).set(publisher.auth).send({ reason: 'Yanlış süre' }).expect(200);
  await expect.poll(() => publisherHeard.length).toBe(2);
  await expect.poll(() => editorTold).toEqual([{ unread: 1 }]);

  await caughtUp(s, [strangerDash, publisherDash]);
  expect(strangerHeard).toEqual([]);
  expect(publisherHeard).toHaveLength(2);
});
