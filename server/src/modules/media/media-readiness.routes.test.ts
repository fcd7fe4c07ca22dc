import { createHash } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZMediaList, ZScreenConfig } from '@pano/contract';
import { createTestApp, newCustomer, type TestApp } from '../../../test/harness.js';
import { makeMedia, makePlaylist, makeScreen, recordingNotifier } from '../screens/content.fixtures.js';
import { sampleClip } from '../../storage/testing/sample-clips.js';
import { processMedia } from './media-processing.js';

let t: TestApp;
const notifier = recordingNotifier();
beforeAll(async () => { t = await createTestApp({ notifier }); });
afterAll(async () => { await t.close(); });

/** docs/PRODUCT.md#media-processing: media that is not ready never plays. */
describe('media that is not ready', () => {
  it('lists the processing fields: apps and ready files ready, a processing one with its progress', async () => {
    const u = await newCustomer(t);
    const app = (await t.http.post('/api/media/apps').set(u.auth).send({ name: 'Saat', app: { kind: 'clock' } }).expect(201)).body as { _id: string };
    const busy = await makeMedia(t, u.id, 'video', 'Dönüşüyor', 'processing');
    await t.ctx.db.media.update({ where: { id: busy.id }, data: { progress: 42 } });
    const list = ZMediaList.parse((await t.http.get('/api/media').set(u.auth).expect(200)).body);
    expect(list.find((m) => m._id === app._id)).toMatchObject({ status: 'ready', progress: 100, error: null, durationSeconds: null, posterUrl: null, sha256: null });
    expect(list.find((m) => m._id === busy.id)).toMatchObject({ status: 'processing', progress: 42, error: null });
  });

  it.each([
    ['processing', '"Dönüşen" henüz işleniyor; işlenmesi bitince listeye ekleyebilirsiniz.'],
    ['failed', '"Dönüşen" işlenemediği için listeye eklenemez.'],
  ] as const)('refuses a %s item in a playlist with a Turkish 409 and changes nothing', async (status, message) => {
    const u = await newCustomer(t);
    const ready = await makeMedia(t, u.id, 'image', 'Afiş');
    const busy = await makeMedia(t, u.id, 'video', 'Dönüşen', status);
    const created = await t.http.post('/api/playlists').set(u.auth)
      .send({ name: 'Lobi', mediaItems: [{ media: ready.id, duration: 5 }, { media: busy.id, duration: 5 }] });
    expect(created.status).toBe(409);
    expect(created.body).toEqual({ code: 'MEDIA_NOT_READY', message });
    expect(await t.ctx.db.playlist.count({ where: { ownerId: u.id } })).toBe(0);

    const p = await makePlaylist(t, u.id, [{ mediaId: ready.id, duration: 7 }]);
    const updated = await t.http.put(`/api/playlists/${p.id}`).set(u.auth)
      .send({ name: 'Yeni', mediaItems: [{ media: busy.id, duration: 5 }] });
    expect(updated.status).toBe(409);
    const kept = await t.ctx.db.playlist.findUniqueOrThrow({ where: { id: p.id }, include: { items: true } });
    expect([kept.name, kept.items.map((i) => [i.mediaId, i.duration])]).toEqual(['Liste', [[ready.id, 7]]]);
  });

  it("answers another customer's media as missing (404), processing or not", async () => {
    const [a, b] = [await newCustomer(t), await newCustomer(t)];
    const theirs = await makeMedia(t, b.id, 'video', 'Onların', 'processing');
    const res = await t.http.post('/api/playlists').set(a.auth).send({ name: 'L', mediaItems: [{ media: theirs.id, duration: 5 }] });
    expect(res.status).toBe(404);
    await t.http.put(`/api/media/${theirs.id}`).set(a.auth).send({ name: 'X' }).expect(404);
    await t.http.delete(`/api/media/${theirs.id}`).set(a.auth).expect(404);
    const list = ZMediaList.parse((await t.http.get('/api/media').set(a.auth).expect(200)).body);
    expect(list.map((m) => m._id)).not.toContain(theirs.id);
  });

  it('leaves a not-ready item out of the screen config, and pushes the screen once it is ready', async () => {
    const u = await newCustomer(t);
    const image = await makeMedia(t, u.id, 'image', 'Afiş');
    // Stored as it was uploaded, before its job: a playable file whose job has yet to run.
    const video = await makeMedia(t, u.id, 'video', 'Tanıtım', 'processing');
    await mkdir(t.ctx.config.uploadsDir, { recursive: true });
    await writeFile(path.join(t.ctx.config.uploadsDir, video.fileName!), await sampleClip('playable'));
    // Put there before it was processing (the API refuses it now): rows made directly.
    const p = await makePlaylist(t, u.id, [{ mediaId: video.id, duration: 30 }, { mediaId: image.id, duration: 7 }]);
    const s = await makeScreen(t, u.id, { currentPlaylistId: p.id });
    const config = async () => ZScreenConfig.parse((await t.http.get(`/api/screens/${s.id}/config`).set(u.auth).expect(200)).body);
    expect((await config()).playlist?.mediaItems.map((i) => i.media._id)).toEqual([image.id]);

    notifier.reset();
    await processMedia(t.ctx, video.id);
    expect(await t.ctx.db.media.findUniqueOrThrow({ where: { id: video.id } })).toMatchObject({ status: 'ready', progress: 100 });
    expect(notifier.calls).toEqual([[s.id]]);
    expect(notifier.media).toEqual([{ ownerId: u.id, mediaId: video.id, status: 'ready', progress: 100, error: null }]);
    const items = (await config()).playlist?.mediaItems.map((i) => i.media);
    expect(items?.map((m) => m._id)).toEqual([video.id, image.id]);
    // The player checks each file against its hash (issue #24 item 6); unknown for the hand-made image row.
    expect(items?.map((m) => m.sha256)).toEqual([createHash('sha256').update(await sampleClip('playable')).digest('hex'), undefined]);
  });
});
