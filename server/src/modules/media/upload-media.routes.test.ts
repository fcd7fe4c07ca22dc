import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZMedia } from '@pano/contract';
import { createTestApp, newCustomer, newUser, type TestApp, type TestUser } from '../../../test/harness.js';
import { filesOnDisk as listFiles } from '../../storage/testing/disk-helpers.js';
import { minimalMp4, tinyPng } from '../../storage/testing/sample-files.js';
import { sampleClip } from '../../storage/testing/sample-clips.js';
import { processed } from './media.fixtures.js';
import { incomingDir } from '../../storage/upload-to-disk.js';

let t: TestApp;
beforeAll(async () => { t = await createTestApp(); });
afterAll(async () => { await t.close(); });

const filesOnDisk = (dir = t.ctx.config.uploadsDir) => listFiles(dir);

const upload = (u: TestUser, file: Buffer | undefined, name: string | undefined, fileName = 'x.png', app = t) => {
  let req = app.http.post('/api/media/upload').set(u.auth);
  if (name !== undefined) req = req.field('name', name);
  if (file) req = req.attach('file', file, fileName);
  return req;
};

describe('POST /api/media/upload', () => {
  it('stores a PNG under a random name and answers the media shape', async () => {
    const u = await newCustomer(t);
    const res = await upload(u, tinyPng(), '  Logo  ', 'logo.png');
    expect(res.status).toBe(201);
    const media = ZMedia.parse(res.body);
    expect(media).toMatchObject({ name: 'Logo', mediaType: 'Resim', type: 'image', mimeType: 'image/png', size: tinyPng().length, width: 1, height: 1 });
    expect(media.filePath).toMatch(/^\/uploads\/[0-9a-f]{32}\.png$/);
    const onDisk = path.join(t.ctx.config.uploadsDir, path.basename(media.filePath));
    expect(await readFile(onDisk)).toEqual(tinyPng());
    const row = await t.ctx.db.media.findUniqueOrThrow({ where: { id: media._id } });
    expect(row).toMatchObject({ ownerId: u.id, kind: 'image', sizeBytes: BigInt(tinyPng().length) });
    expect(await readdir(incomingDir(t.ctx.config.uploadsDir))).toEqual([]);
  });

  it('recognises MP4 and WebM by content whatever the name says', async () => {
    const u = await newCustomer(t);
    const mp4 = ZMedia.parse((await upload(u, await sampleClip('playable'), 'Tanıtım', 'clip.bin').expect(201)).body);
    expect(mp4).toMatchObject({ mediaType: 'Video', type: 'video', mimeType: 'video/mp4', width: 320 });
    expect(mp4.filePath).toMatch(/\.mp4$/);
    const webm = ZMedia.parse((await upload(u, await sampleClip('webm'), 'Klip', 'klip.png').expect(201)).body);
    expect(webm).toMatchObject({ mediaType: 'Video', mimeType: 'video/webm', status: 'processing' });
    expect(webm.filePath).toMatch(/\.webm$/);
    // Converted for every player (media-processing.routes.test.ts has the details).
    expect(await processed(t, webm._id)).toMatchObject({ status: 'ready', mime: 'video/mp4' });
  });

  it.each([
    ['mov', 'video/quicktime', 'mov'],
    ['m4v', 'video/x-m4v', 'm4v'],
  ] as const)('accepts a %s clip as %s', async (kind, mime, ext) => {
    const u = await newCustomer(t);
    const media = ZMedia.parse((await upload(u, await sampleClip(kind), 'Film', 'film').expect(201)).body);
    expect(media).toMatchObject({ mediaType: 'Video', mimeType: mime });
    expect(media.filePath.endsWith(`.${ext}`)).toBe(true);
    expect(await processed(t, media._id)).toMatchObject({ status: 'ready', mime: 'video/mp4' });
  });

  it('serves an uploaded video with HTTP Range (206) so players can seek', async () => {
    const u = await newCustomer(t);
    const body = await sampleClip('playable');
    const media = ZMedia.parse((await upload(u, body, 'Video', 'v.mp4').expect(201)).body);
    const res = await t.http.get(media.filePath).set('Range', 'bytes=100-199').buffer(true)
      .parse((r, cb) => { const chunks: Buffer[] = []; r.on('data', (c: Buffer) => chunks.push(c)); r.on('end', () => cb(null, Buffer.concat(chunks))); });
    expect(res.status).toBe(206);
    expect(res.headers['content-range']).toBe(`bytes 100-199/${body.length}`);
    expect(res.headers['content-type']).toMatch(/^video\/mp4/);
    expect(res.body).toEqual(body.subarray(100, 200));
  });

  it.each([
    ['no file', undefined, 'Logo'],
    ['no name', tinyPng(), undefined],
    ['a blank name', tinyPng(), '   '],
    ['an empty file', Buffer.alloc(0), 'Logo'],
  ])('refuses %s with 400 and keeps nothing', async (_what, file, name) => {
    const u = await newCustomer(t);
    const before = await filesOnDisk();
    const res = await upload(u, file, name);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'VALIDATION_ERROR', message: 'Lütfen bir dosya seçin ve medya adı girin' });
    expect(await t.ctx.db.media.count({ where: { ownerId: u.id } })).toBe(0);
    expect(await filesOnDisk()).toEqual(before);
  });

  it('refuses a file under another field name, or two files, with 400 and leaves no file', async () => {
    const u = await newCustomer(t);
    const before = await filesOnDisk();
    const wrongField = await t.http.post('/api/media/upload').set(u.auth).field('name', 'X').attach('image', tinyPng(), 'x.png');
    const twoFiles = await t.http.post('/api/media/upload').set(u.auth).field('name', 'X')
      .attach('file', tinyPng(), 'a.png').attach('file', tinyPng(), 'b.png');
    for (const res of [wrongField, twoFiles]) {
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('VALIDATION_ERROR');
    }
    expect(await t.ctx.db.media.count({ where: { ownerId: u.id } })).toBe(0);
    expect(await filesOnDisk()).toEqual(before);
  });

  it('answers a cut-short or boundary-less multipart body with a Turkish 400, not a 500, and leaves no file', async () => {
    const u = await newCustomer(t);
    const before = await filesOnDisk();
    const truncated = await t.http.post('/api/media/upload').set(u.auth)
      .set('Content-Type', 'multipart/form-data; boundary=zzz')
      .send(`--zzz\r\nContent-Disposition: form-data; name="name"\r\n\r\nLogo\r\n--zzz\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n${tinyPng().toString('latin1')}`);
    const noBoundary = await t.http.post('/api/media/upload').set(u.auth).set('Content-Type', 'multipart/form-data').send('x');
    for (const res of [truncated, noBoundary]) {
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ code: 'VALIDATION_ERROR', message: 'Dosya yüklenemedi: gönderilen form eksik veya bozuk. Lütfen tekrar deneyin.' });
    }
    expect(await t.ctx.db.media.count({ where: { ownerId: u.id } })).toBe(0);
    expect(await filesOnDisk()).toEqual(before);
    expect(await readdir(incomingDir(t.ctx.config.uploadsDir))).toEqual([]);
  });

  it('never serves the temp folder of uploads in progress', async () => {
    const dir = incomingDir(t.ctx.config.uploadsDir);
    await mkdir(dir, { recursive: true });
    await writeFile(path.join(dir, 'partial'), 'half a video');
    const res = await t.http.get('/uploads/.incoming/partial');
    expect(res.status).not.toBe(200);
    expect(res.text).not.toContain('half a video');
    await rm(path.join(dir, 'partial'));
  });

  it('refuses a text file named .png with 415 and leaves no file', async () => {
    const u = await newCustomer(t);
    const before = await filesOnDisk();
    const res = await upload(u, Buffer.from('definitely not an image\n'.repeat(20)), 'Sahte', 'fake.png');
    expect(res.status).toBe(415);
    expect(res.body.code).toBe('UNSUPPORTED_FILE_TYPE');
    expect(res.body.message).toMatch(/^Desteklenmeyen dosya türü/);
    expect(await t.ctx.db.media.count({ where: { ownerId: u.id } })).toBe(0);
    expect(await filesOnDisk()).toEqual(before);
  });

  it('refuses audio in an MP4 container (M4A): players show pictures and video only', async () => {
    const u = await newCustomer(t);
    const res = await upload(u, minimalMp4(512, 'M4A '), 'Şarkı', 'song.mp4');
    expect(res.status).toBe(415);
    expect(await t.ctx.db.media.count({ where: { ownerId: u.id } })).toBe(0);
  });

  it('refuses an SVG (script-capable) even though it is an image', async () => {
    const u = await newCustomer(t);
    const svg = Buffer.from('<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    expect((await upload(u, svg, 'Svg', 'a.svg')).status).toBe(415);
  });

  it('answers 413 above maxUploadBytes and removes the partial file', async () => {
    const small = await createTestApp({ config: { maxUploadBytes: 1024 } });
    try {
      const u = await newCustomer(small);
      const res = await upload(u, minimalMp4(8192), 'Büyük', 'big.mp4', small);
      expect(res.status).toBe(413);
      expect(res.body).toMatchObject({ code: 'FILE_TOO_LARGE', message: 'Dosya çok büyük. En fazla 1 KB yüklenebilir.' });
      expect(await small.ctx.db.media.count({ where: { ownerId: u.id } })).toBe(0);
      expect(await filesOnDisk(small.ctx.config.uploadsDir)).toEqual([]);
      // Just under the cap still works.
      await upload(u, tinyPng(), 'Küçük', 'ok.png', small).expect(201);
    } finally {
      await small.close();
    }
  });

  it('answers 409 LIMIT_REACHED when the file would exceed the storage limit, writing nothing', async () => {
    const u = await newCustomer(t, { maxMediaUploadGb: 1 });
    // Existing media fill the 1 GB up to 10 bytes short: the early check passes, the one in the transaction must not.
    await t.ctx.db.media.create({
      data: { ownerId: u.id, name: 'Dolu', fileName: `fill-${u.id}.mp4`, kind: 'video', mime: 'video/mp4', sizeBytes: BigInt(1024 ** 3 - 10) },
    });
    const before = await filesOnDisk();
    const res = await upload(u, tinyPng(), 'Logo');
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('LIMIT_REACHED');
    expect(res.body.message).toContain('1 GB');
    expect(await t.ctx.db.media.count({ where: { ownerId: u.id } })).toBe(1);
    expect(await filesOnDisk()).toEqual(before);
  });

  it('lets only one of two parallel uploads take the last free bytes', async () => {
    const u = await newCustomer(t, { maxMediaUploadGb: 1 });
    const room = tinyPng().length + 10; // space for one PNG, not two
    await t.ctx.db.media.create({
      data: { ownerId: u.id, name: 'Dolu', fileName: `room-${u.id}.mp4`, kind: 'video', mime: 'video/mp4', sizeBytes: BigInt(1024 ** 3 - room) },
    });
    const before = await filesOnDisk();
    const results = await Promise.all([upload(u, tinyPng(), 'A'), upload(u, tinyPng(), 'B')]);
    expect(results.map((r) => r.status).sort()).toEqual([201, 409]);
    expect(await t.ctx.db.media.count({ where: { ownerId: u.id } })).toBe(2);
    expect((await filesOnDisk()).length).toBe(before.length + 1);
  });

  it('answers 409 before reading the body when the storage is already full', async () => {
    const u = await newCustomer(t, { maxMediaUploadGb: 1 });
    await t.ctx.db.media.create({
      data: { ownerId: u.id, name: 'Dolu', fileName: `full-${u.id}.mp4`, kind: 'video', mime: 'video/mp4', sizeBytes: BigInt(1024 ** 3) },
    });
    const before = await filesOnDisk();
    expect((await upload(u, tinyPng(), 'Logo')).status).toBe(409);
    expect(await filesOnDisk()).toEqual(before);
  });

  it('401 without a token, 402 without a package', async () => {
    expect((await t.http.post('/api/media/upload').field('name', 'x').attach('file', tinyPng(), 'x.png')).status).toBe(401);
    const u = await newUser(t);
    const res = await upload(u, tinyPng(), 'Logo');
    expect(res.status).toBe(402);
    expect(res.body.code).toBe('PACKAGE_REQUIRED');
    expect(await t.ctx.db.media.count({ where: { ownerId: u.id } })).toBe(0);
  });

  it('removes the partial temp file when the client aborts mid-upload', async () => {
    const u = await newCustomer(t);
    const server = http.createServer(t.app).listen(0, '127.0.0.1');
    await new Promise((r) => server.once('listening', r));
    try {
      const boundary = 'pano-abort-boundary';
      const req = http.request({
        port: (server.address() as AddressInfo).port, host: '127.0.0.1', method: 'POST', path: '/api/media/upload',
        headers: { ...u.auth, 'Content-Type': `multipart/form-data; boundary=${boundary}`, 'Content-Length': String(10_000_000) },
      });
      req.on('error', () => {});
      req.write(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="v.mp4"\r\nContent-Type: video/mp4\r\n\r\n`);
      req.write(minimalMp4(200_000));
      const dir = incomingDir(t.ctx.config.uploadsDir);
      await expect.poll(async () => (await readdir(dir)).length > 0).toBe(true);
      req.destroy();
      await expect.poll(async () => (await readdir(dir)).length === 0).toBe(true);
      expect(await t.ctx.db.media.count({ where: { ownerId: u.id } })).toBe(0);
    } finally {
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
    }
  });
});
