import { existsSync } from 'node:fs';
import { readdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZMedia } from '@pano/contract';
import { createTestApp, newCustomer, type TestApp, type TestUser } from '../../test/harness.js';
import { tinyPng } from './testing/sample-files.js';
import { sampleClip } from './testing/sample-clips.js';
import { THUMB_PX, thumbPath, thumbsDir } from './thumbnails.js';

let t: TestApp;
beforeAll(async () => { t = await createTestApp(); });
afterAll(async () => { await t.close(); });

/** A photo-sized picture with detail in it, so its thumbnail is much smaller than it. */
const photo = (width: number, height: number) => sharp({
  create: { width, height, channels: 3, background: { r: 128, g: 128, b: 128 }, noise: { type: 'gaussian', mean: 128, sigma: 40 } },
}).png().toBuffer();

async function uploaded(u: TestUser, file: Buffer, fileName: string) {
  const res = await t.http.post('/api/media/upload').set(u.auth).field('name', fileName).attach('file', file, fileName).expect(201);
  return path.basename(ZMedia.parse(res.body).filePath);
}

/** The thumbnail's answer, its body read as bytes whatever the type. */
const getThumb = (name: string) => t.http.get(`/uploads/thumbs/${name}`).responseType('blob');

describe('GET /uploads/thumbs/:file', () => {
  it('answers a WebP at most THUMB_PX on its long side, made once and then read from disk', async () => {
    const u = await newCustomer(t);
    const original = await photo(1600, 900);
    const name = await uploaded(u, original, 'foto.png');

    const res = await getThumb(name).expect(200);
    expect(res.headers['content-type']).toBe('image/webp');
    expect(res.headers['cache-control']).toContain('immutable');
    const meta = await sharp(res.body as Buffer).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', THUMB_PX, 270]);
    expect((res.body as Buffer).length).toBeLessThan(original.length / 5);

    // Kept on disk and served from there: a marker written over it comes back as it is.
    expect(existsSync(thumbPath(t.ctx.config.uploadsDir, name))).toBe(true);
    await writeFile(thumbPath(t.ctx.config.uploadsDir, name), 'marker');
    expect(String((await getThumb(name).expect(200)).body)).toBe('marker');
  });

  it('never enlarges a small picture, and makes one file for requests arriving together', async () => {
    const u = await newCustomer(t);
    const name = await uploaded(u, tinyPng(), 'nokta.png');
    const answers = await Promise.all([getThumb(name), getThumb(name), getThumb(name)]);
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    const meta = await sharp(answers[0]!.body as Buffer).metadata();
    expect([meta.width, meta.height]).toEqual([1, 1]);
    expect((await readdir(thumbsDir(t.ctx.config.uploadsDir))).filter((f) => f.startsWith(name))).toEqual([`${name}.webp`]);
  });

  it('redirects to the original what cannot have a thumbnail: a video, a broken picture', async () => {
    const u = await newCustomer(t);
    const video = await uploaded(u, await sampleClip('playable'), 'film.mp4');
    const res = await t.http.get(`/uploads/thumbs/${video}`).redirects(0).expect(302);
    expect(res.headers.location).toBe(`/uploads/${video}`);

    const broken = 'bozuk0123456789abcdef.png';
    await writeFile(path.join(t.ctx.config.uploadsDir, broken), Buffer.concat([tinyPng().subarray(0, 16), Buffer.alloc(64, 7)]));
    const again = await t.http.get(`/uploads/thumbs/${broken}`).redirects(0).expect(302);
    expect(again.headers.location).toBe(`/uploads/${broken}`);
    // Nothing half-written is left behind to be served later.
    expect((await readdir(thumbsDir(t.ctx.config.uploadsDir))).filter((f) => f.startsWith(broken))).toEqual([]);
  });

  it('404 in Turkish for a file that is not there or a name that leaves the uploads; .thumbs is not served as a folder', async () => {
    for (const url of ['/uploads/thumbs/yok0123456789.png', '/uploads/thumbs/..%2F..%2Fpackage.json', '/uploads/thumbs/.thumbs']) {
      const res = await t.http.get(url).expect(404);
      expect(res.body).toEqual({ message: 'Dosya bulunamadı', code: 'NOT_FOUND' });
    }
    const u = await newCustomer(t);
    const name = await uploaded(u, await photo(800, 600), 'gizli.png');
    await getThumb(name).expect(200);
    expect((await t.http.get(`/uploads/.thumbs/${name}.webp`)).status).toBeGreaterThanOrEqual(400);
  });

  it('goes with its media: deleting the media deletes the thumbnail', async () => {
    const u = await newCustomer(t);
    const res = await t.http.post('/api/media/upload').set(u.auth).field('name', 'Silinecek').attach('file', await photo(640, 480), 'sil.png').expect(201);
    const media = ZMedia.parse(res.body);
    const name = path.basename(media.filePath);
    await getThumb(name).expect(200);
    expect(existsSync(thumbPath(t.ctx.config.uploadsDir, name))).toBe(true);
    await t.http.delete(`/api/media/${media._id}`).set(u.auth).expect(200);
    expect(existsSync(thumbPath(t.ctx.config.uploadsDir, name))).toBe(false);
    expect((await t.http.get(`/uploads/thumbs/${name}`)).status).toBe(404);
  });
});
