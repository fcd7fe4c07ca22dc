import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZMedia, ZMediaList } from '@pano/contract';
import { createTestApp, newCustomer, newUser, type TestApp, type TestUser } from '../../../test/harness.js';
import { tinyPng } from '../../storage/testing/sample-files.js';
import { sampleClip } from '../../storage/testing/sample-clips.js';
import { silentNotifier } from '../../realtime/screen-notifier.js';

let t: TestApp;
const notified: string[][] = [];
beforeAll(async () => {
  t = await createTestApp({
    notifier: { ...silentNotifier, screensChanged: async (ids) => void notified.push(ids), ownerScreensChanged: async () => {} },
  });
});
afterAll(async () => { await t.close(); });

const upload = (u: TestUser, file: Buffer | undefined, name: string | undefined, fileName = 'x.png') => {
  let req = t.http.post('/api/media/upload').set(u.auth);
  if (name !== undefined) req = req.field('name', name);
  if (file) req = req.attach('file', file, fileName);
  return req;
};

describe('GET /api/media', () => {
  it('lists only the caller’s media, newest first', async () => {
    const [a, b] = [await newCustomer(t), await newCustomer(t)];
    await upload(a, tinyPng(), 'Birinci').expect(201);
    await upload(a, await sampleClip('playable'), 'İkinci', 'v.mp4').expect(201);
    await upload(b, tinyPng(), 'Başkası').expect(201);
    const res = await t.http.get('/api/media').set(a.auth).expect(200);
    expect(ZMediaList.parse(res.body).map((m) => m.name)).toEqual(['İkinci', 'Birinci']);
  });

  it('401 without a token, 402 without a package', async () => {
    expect((await t.http.get('/api/media')).status).toBe(401);
    expect((await t.http.get('/api/media').set((await newUser(t)).auth)).status).toBe(402);
  });
});

describe('DELETE /api/media/:id', () => {
  it('deletes the row, the file and the playlist items, then tells the screens showing it', async () => {
    const u = await newCustomer(t);
    const media = ZMedia.parse((await upload(u, tinyPng(), 'Silinecek').expect(201)).body);
    const keep = ZMedia.parse((await upload(u, tinyPng(), 'Kalacak').expect(201)).body);
    const playlist = await t.ctx.db.playlist.create({
      data: { ownerId: u.id, name: 'Liste', items: { create: [{ mediaId: media._id, position: 0 }, { mediaId: keep._id, position: 1 }] } },
    });
    const showing = await t.ctx.db.screen.create({ data: { ownerId: u.id, name: 'Lobi', currentPlaylistId: playlist.id } });
    await t.ctx.db.screen.create({ data: { ownerId: u.id, name: 'Boş' } });
    const file = path.join(t.ctx.config.uploadsDir, path.basename(media.filePath));
    expect(existsSync(file)).toBe(true);
    notified.length = 0;

    await t.http.delete(`/api/media/${media._id}`).set(u.auth).expect(200);
    expect(await t.ctx.db.media.findUnique({ where: { id: media._id } })).toBeNull();
    expect(existsSync(file)).toBe(false);
    const items = await t.ctx.db.playlistItem.findMany({ where: { playlistId: playlist.id } });
    expect(items.map((i) => i.mediaId)).toEqual([keep._id]);
    expect(notified).toEqual([[showing.id]]);
    expect(existsSync(path.join(t.ctx.config.uploadsDir, path.basename(keep.filePath)))).toBe(true);
  });

  it('answers 404 for another customer’s media and changes nothing', async () => {
    const [owner, other] = [await newCustomer(t), await newCustomer(t)];
    const media = ZMedia.parse((await upload(owner, tinyPng(), 'Benim').expect(201)).body);
    const res = await t.http.delete(`/api/media/${media._id}`).set(other.auth);
    expect(res.status).toBe(404);
    expect(res.body.message).toBe('Medya bulunamadı');
    expect(await t.ctx.db.media.findUnique({ where: { id: media._id } })).not.toBeNull();
    expect(existsSync(path.join(t.ctx.config.uploadsDir, path.basename(media.filePath)))).toBe(true);
  });

  it('400 for a malformed id, 401 without a token, 402 without a package', async () => {
    const u = await newCustomer(t);
    expect((await t.http.delete('/api/media/not-a-uuid').set(u.auth)).status).toBe(400);
    const media = ZMedia.parse((await upload(u, tinyPng(), 'X').expect(201)).body);
    expect((await t.http.delete(`/api/media/${media._id}`)).status).toBe(401);
    expect((await t.http.delete(`/api/media/${media._id}`).set((await newUser(t)).auth)).status).toBe(402);
    expect(await t.ctx.db.media.findUnique({ where: { id: media._id } })).not.toBeNull();
  });
});
