import { createHash } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ZMedia, ZScreenConfig } from '@pano/contract';
import { createTestApp, newAdmin, newCustomer, type TestApp, type TestUser } from '../../test/harness.js';
import { startLocalS3, type LocalS3 } from '../../test/s3-server.js';
import { makePlaylist, makeScreen } from '../modules/screens/content.fixtures.js';
import { jpegOf } from '../modules/screen-health/screenshots.fixtures.js';
import { filesOnDisk } from './testing/disk-helpers.js';
import { sampleClip } from './testing/sample-clips.js';
import { fakeApk, tinyPng } from './testing/sample-files.js';
import { storageKey } from './file-storage.js';
import { loadSharp } from './load-sharp.js';
import { checkStorageReachable } from './s3-storage.js';
import { listedWhenProcessed } from '../modules/media/media.fixtures.js';

// docs/architecture/storage.md#the-bucket: with STORAGE_URL every stored file lives in the
// bucket, here a local server speaking the S3 API driven by the real AWS SDK.

let s3: LocalS3;
let t: TestApp;
beforeAll(async () => {
  s3 = await startLocalS3();
  t = await createTestApp({ config: { storage: s3.storage } });
});
afterAll(async () => {
  await t?.close();
  await s3?.close();
});

const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');
const upload = (app: TestApp, u: TestUser, file: Buffer, fileName: string, name = 'Dosya') =>
  app.http.post('/api/media/upload').set(u.auth).field('name', name).attach('file', file, fileName);
/** The bytes behind a served /uploads address: the API's redirect, then the bucket's answer. */
async function fetchServed(app: TestApp, url: string, headers: Record<string, string> = {}) {
  const redirect = await app.http.get(url).expect(302);
  expect(redirect.headers.location).toMatch(new RegExp(`^${s3.endpoint}/${s3.bucket}/uploads/`));
  expect(redirect.headers.location).toContain('X-Amz-Signature=');
  const res = await fetch(redirect.headers.location!, { headers });
  return { res, body: Buffer.from(await res.arrayBuffer()) };
}

describe('files in an S3 bucket', () => {
  it('stores an upload in the bucket (nothing on disk but the empty temp folder) and the screen config names /uploads', async () => {
    const u = await newCustomer(t);
    const png = tinyPng();
    const media = ZMedia.parse((await upload(t, u, png, 'a.png').expect(201)).body);
    const fileName = media.filePath.replace('/uploads/', '');
    expect(await s3.keysUnder('uploads/')).toContain(storageKey.upload(fileName));
    expect(await filesOnDisk(t.ctx.config.uploadsDir)).toEqual([]);
    expect(await readdir(t.ctx.config.uploadsDir)).toEqual(['.incoming']);

    const playlist = await makePlaylist(t, u.id, [{ mediaId: media._id }]);
    const screen = await makeScreen(t, u.id, { currentPlaylistId: playlist.id });
    const config = ZScreenConfig.parse((await t.http.get(`/api/screens/${screen.id}/config`).set(u.auth).expect(200)).body);
    expect(config.playlist?.mediaItems[0]?.media.url).toBe(`/uploads/${fileName}`);
    const { res, body } = await fetchServed(t, config.playlist!.mediaItems[0]!.media.url);
    expect(res.status).toBe(200);
    expect(sha(body)).toBe(sha(png));
    expect(res.headers.get('content-type')).toBe('image/png');
  });

  it('answers a range of a video through the redirect, so a player seeks', async () => {
    const u = await newCustomer(t);
    const clip = await sampleClip('playable');
    const media = ZMedia.parse((await upload(t, u, clip, 'v.mp4').expect(201)).body);
    expect(media.status).toBe('ready');
    const redirect = await t.http.get(media.filePath).expect(302);
    expect(redirect.headers['cache-control']).toBe('private, max-age=300');
    // One URL for minutes: the browser's cache keeps hitting.
    expect((await t.http.get(media.filePath).expect(302)).headers.location).toBe(redirect.headers.location);
    const { res, body } = await fetchServed(t, media.filePath, { Range: 'bytes=100-1099' });
    expect(res.status).toBe(206);
    expect(res.headers.get('content-range')).toBe(`bytes 100-1099/${clip.length}`);
    expect(body).toEqual(clip.subarray(100, 1100));
    // Temp folders and what is not there are not redirected.
    await t.http.get('/uploads/.incoming/x').expect(404);
  });

  it('processes a video from the bucket: the converted file and its poster are stored there, the original removed', async () => {
    const u = await newCustomer(t);
    const clip = await sampleClip('mkv');
    const answered = ZMedia.parse((await upload(t, u, clip, 'c.mkv').expect(201)).body);
    expect(answered.status).toBe('processing');
    const original = storageKey.upload(answered.filePath.replace('/uploads/', ''));
    expect(await s3.keysUnder('uploads/')).toContain(original);
    const done = await listedWhenProcessed(t, u, answered._id);
    expect(done).toMatchObject({ status: 'ready', mimeType: 'video/mp4' });
    const keys = await s3.keysUnder('uploads/');
    expect(keys).toContain(storageKey.upload(done.filePath.replace('/uploads/', '')));
    expect(keys).toContain(storageKey.upload(done.posterUrl!.replace('/uploads/', '')));
    // The original goes once the row points at the new file.
    await vi.waitFor(async () => expect(await s3.keysUnder('uploads/')).not.toContain(original), { timeout: 10_000, interval: 50 });
    const { body } = await fetchServed(t, done.filePath);
    expect(sha(body)).toBe(done.sha256);
    expect(await filesOnDisk(t.ctx.config.uploadsDir)).toEqual([]);
  });

  it('deleting media removes its file, its poster and its thumbnail from the bucket', async () => {
    const u = await newCustomer(t);
    const image = ZMedia.parse((await upload(t, u, tinyPng(), 'i.png').expect(201)).body);
    const video = ZMedia.parse((await upload(t, u, await sampleClip('playable'), 'v.mp4').expect(201)).body);
    const name = (url: string) => url.replace('/uploads/', '');
    // The thumbnail is made on its first request, stored in the bucket and redirected to.
    const thumb = await t.http.get(`/uploads/thumbs/${name(image.filePath)}`).expect(302);
    expect(thumb.headers.location).toContain(`/uploads/.thumbs/${name(image.filePath)}.webp`);
    const mine = [storageKey.upload(name(image.filePath)), storageKey.thumb(name(image.filePath)), storageKey.upload(name(video.filePath)), storageKey.upload(name(video.posterUrl!))];
    expect(await s3.keysUnder('uploads/')).toEqual(expect.arrayContaining(mine));
    await t.http.delete(`/api/media/${image._id}`).set(u.auth).expect(200);
    await t.http.delete(`/api/media/${video._id}`).set(u.auth).expect(200);
    const left = await s3.keysUnder('uploads/');
    for (const key of mine) expect(left).not.toContain(key);
  });

  it('keeps screenshots and the APK in the bucket and serves them to whom they belong', async () => {
    const u = await newCustomer(t);
    const screen = await makeScreen(t, u.id);
    const device = await t.ctx.db.device.create({ data: { ownerId: u.id, name: 'Cihaz', screenId: screen.id } });
    const auth = { Authorization: `Bearer ${await t.ctx.tokens.signDevice(device.id, u.id)}` };
    const jpeg = await jpegOf(64, 36);
    await t.http.put('/api/devices/screenshot?kind=screenshot').set(auth).set('Content-Type', 'image/jpeg').send(jpeg).expect(201);
    expect(await s3.keysUnder('screenshots/')).toEqual([storageKey.screenshot(screen.id, 'screenshot')]);
    const got = await t.http.get(`/api/screens/${screen.id}/screenshot`).set(u.auth).responseType('blob').expect(200);
    expect(got.headers['content-type']).toBe('image/jpeg');
    expect(got.body).toEqual(jpeg);
    await t.http.delete(`/api/screens/${screen.id}`).set(u.auth).expect(200);
    expect(await s3.keysUnder('screenshots/')).toEqual([]);

    const admin = await newAdmin(t);
    const apk = fakeApk();
    await t.http.post('/api/settings/apk').set(admin.auth).field('version', '1.0.0').attach('apk', apk, 'p.apk').expect(201);
    const [first] = await s3.keysUnder('uploads/apk/');
    expect(first).toMatch(/^uploads\/apk\/[0-9a-f]{32}\.apk$/);
    const download = await t.http.get('/api/settings/apk/download').responseType('blob').expect(200);
    expect(download.body).toEqual(apk);
    expect(download.headers['content-disposition']).toBe('attachment; filename="pano-1.0.0.apk"');
    // A newer release replaces the older one's object.
    await t.http.post('/api/settings/apk').set(admin.auth).field('version', '1.0.1').attach('apk', apk, 'p.apk').expect(201);
    const after = await s3.keysUnder('uploads/apk/');
    expect(after).toHaveLength(1);
    expect(after).not.toContain(first);
  });

  it('takes a tus upload into the bucket, resumed on another instance, and stores it as media; nothing stays of the upload', async () => {
    const other = await createTestApp({ config: { storage: s3.storage } });
    try {
      const u = await newCustomer(t);
      const file = await sampleClip('playable');
      const half = Math.floor(file.length / 2);
      const tus = { 'Tus-Resumable': '1.0.0' };
      const b64 = (v: string) => Buffer.from(v).toString('base64');
      const created = await t.http.post('/api/uploads').set(u.auth).set(tus)
        .set('Upload-Length', String(file.length)).set('Upload-Metadata', `filename ${b64('a.mp4')},name ${b64('Tanıtım')}`).expect(201);
      const location = created.headers.location as string;
      const patch = (app: TestApp, offset: number, bytes: Buffer) => app.http.patch(location).set(u.auth).set(tus)
        .set('Upload-Offset', String(offset)).set('Content-Type', 'application/offset+octet-stream').send(bytes);
      expect((await patch(t, 0, file.subarray(0, half))).status).toBe(204);
      const id = location.split('/').pop()!;
      // The upload in progress is the bucket's, not one instance's disk.
      expect((await s3.keysUnder(id)).length).toBeGreaterThan(0);
      expect(await filesOnDisk(t.ctx.config.uploadsDir)).toEqual([]);
      // The connection broke; the next request reaches the other instance, which knows the offset.
      const head = await other.http.head(location).set(u.auth).set(tus).expect(200);
      expect(head.headers['upload-offset']).toBe(String(half));
      const last = await patch(other, half, file.subarray(half));
      expect(last.status).toBe(204);
      const media = ZMedia.parse((await t.http.get('/api/media').set(u.auth).expect(200)).body[0]);
      expect(media).toMatchObject({ _id: last.headers['media-id'], name: 'Tanıtım', status: 'ready', size: file.length, sha256: sha(file) });
      expect(await s3.keysUnder(storageKey.upload(''))).toContain(storageKey.upload(media.filePath.replace('/uploads/', '')));
      expect(await s3.keysUnder(id)).toEqual([]);
      expect(await filesOnDisk(other.ctx.config.uploadsDir)).toEqual([]);
      expect((await fetchServed(other, media.filePath)).body).toEqual(file);
    } finally {
      await other.close();
    }
  });

  it('a tus upload replacing a picture (docs/PRODUCT.md#replacing-a-file): the new object stored, the old one and its thumbnail removed, the id kept', async () => {
    const u = await newCustomer(t);
    const before = ZMedia.parse((await upload(t, u, tinyPng(), 'a.png').expect(201)).body);
    const name = (url: string) => url.replace('/uploads/', '');
    await t.http.get(`/uploads/thumbs/${name(before.filePath)}`).expect(302);
    const next = await (await loadSharp())({ create: { width: 8, height: 6, channels: 3, background: '#00f' } }).png().toBuffer();
    const tus = { 'Tus-Resumable': '1.0.0' };
    const created = await t.http.post('/api/uploads').set(u.auth).set(tus).set('Upload-Length', String(next.length))
      .set('Upload-Metadata', `replaces ${Buffer.from(before._id).toString('base64')}`).expect(201);
    const last = await t.http.patch(created.headers.location as string).set(u.auth).set(tus).set('Upload-Offset', '0')
      .set('Content-Type', 'application/offset+octet-stream').send(next);
    expect([last.status, last.headers['media-id']]).toEqual([204, before._id]);
    const after = ZMedia.parse((await t.http.get('/api/media').set(u.auth).expect(200)).body[0]);
    expect(after).toMatchObject({ _id: before._id, width: 8, height: 6, sha256: sha(next), replacement: null });
    const keys = await s3.keysUnder('uploads/');
    expect(keys).toContain(storageKey.upload(name(after.filePath)));
    expect(keys).not.toContain(storageKey.upload(name(before.filePath)));
    expect(keys).not.toContain(storageKey.thumb(name(before.filePath)));
    expect((await fetchServed(t, after.filePath)).body).toEqual(next);
    expect(await s3.keysUnder(created.headers.location!.split('/').pop()!)).toEqual([]);
  });

  it('two API instances with their own data folders share one bucket: uploaded through one, served through the other', async () => {
    const other = await createTestApp({ config: { storage: s3.storage } });
    try {
      const u = await newCustomer(t);
      const png = tinyPng();
      const media = ZMedia.parse((await upload(t, u, png, 'shared.png').expect(201)).body);
      expect(other.dataDir).not.toBe(t.dataDir);
      const { body } = await fetchServed(other, media.filePath);
      expect(body).toEqual(png);
      // And deleted through the other, its object goes.
      await other.http.delete(`/api/media/${media._id}`).set(u.auth).expect(200);
      expect(await s3.keysUnder('uploads/')).not.toContain(storageKey.upload(media.filePath.replace('/uploads/', '')));
    } finally {
      await other.close();
    }
  });

  it('a start stops, in Turkish, on a bucket that is not there or an endpoint that does not answer; a reachable one passes', async () => {
    const uploadsDir = t.ctx.config.uploadsDir;
    await expect(checkStorageReachable({ storage: s3.storage, uploadsDir })).resolves.toBeUndefined();
    await expect(checkStorageReachable({ storage: { ...s3.storage, bucket: 'yok-boyle-kova' } as typeof s3.storage, uploadsDir }))
      .rejects.toThrow("STORAGE_URL'deki kovaya (yok-boyle-kova) ulaşılamıyor: kova yok");
    await expect(checkStorageReachable({ storage: { ...s3.storage, endpoint: 'http://127.0.0.1:9' } as typeof s3.storage, uploadsDir }))
      .rejects.toThrow(/STORAGE_URL'deki kovaya \(pano-test\) ulaşılamıyor/);
  });
});
