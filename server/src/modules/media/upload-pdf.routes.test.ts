import { stat } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PDF_MAX_PAGES, PDF_ONLY_BY_UPLOAD, ZMedia, ZMediaList, ZMyPackage, ZPlaylist, ZScreenConfig, type TMedia } from '@pano/contract';
import { createTestApp, newCustomer, type TestApp, type TestUser } from '../../../test/harness.js';
import { makeScreen } from '../screens/content.fixtures.js';
import { filesOnDisk as listFiles } from '../../storage/testing/disk-helpers.js';
import { PAGE_COLOURS, samplePdf } from '../../storage/testing/sample-pdfs.js';
import { thumbPath } from '../../storage/thumbnails.js';

// docs/PRODUCT.md#apps: a PDF uploaded on /media becomes a document, its pages pictures.
let t: TestApp;
beforeAll(async () => { t = await createTestApp(); });
afterAll(async () => { await t.close(); });

const filesOnDisk = () => listFiles(t.ctx.config.uploadsDir);
const upload = (u: TestUser, file: Buffer, name = 'Menü', fileName = 'menu.pdf') =>
  t.http.post('/api/media/upload').set(u.auth).field('name', name).attach('file', file, fileName);
const pagesOf = (m: TMedia) => (m.app?.kind === 'pdf' ? m.app.pages : []);
const onDisk = (page: string) => path.join(t.ctx.config.uploadsDir, path.basename(page));
const usedBytes = async (u: TestUser) =>
  ZMyPackage.parse((await t.http.get(`/api/purchase/my-package/${u.id}`).set(u.auth).expect(200)).body).usage.mediaUsage.usedBytes;

describe('POST /api/media/upload with a PDF', () => {
  it('stores a 3-page PDF as a document of 3 page pictures, by its content whatever its name', async () => {
    const u = await newCustomer(t);
    const before = await filesOnDisk();
    const res = await upload(u, await samplePdf(3), '  Yemek Menüsü ', 'menu.png');
    expect(res.status).toBe(201);
    const media = ZMedia.parse(res.body);
    expect(media).toMatchObject({ name: 'Yemek Menüsü', type: 'app', mediaType: 'Uygulama', filePath: '', mimeType: 'application/pdf', width: 1358, height: 1920 });
    const pages = pagesOf(media);
    expect(pages).toHaveLength(3);
    for (const page of pages) expect(page).toMatch(/^\/uploads\/[0-9a-f]{32}\.webp$/);
    // The pages are what is kept (the PDF is not), and what the size and the quota count.
    expect(await filesOnDisk()).toEqual([...before, ...pages.map(onDisk)].sort());
    const sizes = await Promise.all(pages.map(async (p) => (await stat(onDisk(p))).size));
    expect(media.size).toBe(sizes.reduce((a, b) => a + b, 0));
    expect(await usedBytes(u)).toBe(media.size);
    expect(ZMediaList.parse((await t.http.get('/api/media').set(u.auth).expect(200)).body)[0]).toEqual(media);

    // Each page is served as a WebP at most 1920 px on its long side, the pages in order.
    const colours = [];
    for (const page of pages) {
      const served = await t.http.get(page).responseType('blob').expect(200);
      expect(served.headers['content-type']).toMatch(/^image\/webp/);
      const { data, info } = await sharp(served.body as Buffer).resize(1, 1).raw().toBuffer({ resolveWithObject: true });
      expect([info.width, info.height]).toEqual([1, 1]);
      colours.push([...data].map((c) => Math.round(c / 32)));
      expect(await sharp(served.body as Buffer).metadata()).toMatchObject({ format: 'webp', width: 1358, height: 1920 });
    }
    const expected = PAGE_COLOURS.map((hex) => [1, 3, 5].map((i) => Math.round(Number.parseInt(hex.slice(i, i + 2), 16) / 32)));
    expect(colours).toEqual(expected);
    // The card's thumbnail is the first page's.
    await t.http.get(`/uploads/thumbs/${path.basename(pages[0]!)}`).responseType('blob').expect(200).expect('content-type', /image\/webp/);
  });

  it('ships the page paths in the screen config, the item with its own duration', async () => {
    const u = await newCustomer(t);
    const doc = ZMedia.parse((await upload(u, await samplePdf(2)).expect(201)).body);
    const p = ZPlaylist.parse((await t.http.post('/api/playlists').set(u.auth).send({ name: 'Lobi', mediaItems: [{ media: doc._id, duration: 10 }] }).expect(201)).body);
    const screen = await makeScreen(t, u.id, { currentPlaylistId: p._id });
    const config = ZScreenConfig.parse((await t.http.get(`/api/screens/${screen.id}/config`).set(u.auth).expect(200)).body);
    expect(config.playlist!.mediaItems).toEqual([{ duration: 10, media: expect.objectContaining({ type: 'app', url: '', app: { kind: 'pdf', pages: pagesOf(doc) } }) }]);
  });

  it.each([
    ['an encrypted PDF', () => samplePdf(1, { userPassword: 'gizli' }), 'PDF okunamadı: dosya parola korumalı. Lütfen parolasız bir PDF yükleyin.'],
    ['a PDF cut short', async () => (await samplePdf(2)).subarray(0, 600), 'PDF okunamadı: dosya bozuk ya da geçerli bir PDF değil.'],
    ['a PDF header over nothing', async () => Buffer.from('%PDF-1.7\n%%EOF\n'), 'PDF okunamadı: dosya bozuk ya da geçerli bir PDF değil.'],
  ])('refuses %s with a Turkish 415, storing nothing', async (_what, make, message) => {
    const u = await newCustomer(t);
    const before = await filesOnDisk();
    const res = await upload(u, await make());
    expect([res.status, res.body.code, res.body.message]).toEqual([415, 'UNSUPPORTED_FILE_TYPE', message]);
    expect(await t.ctx.db.media.count({ where: { ownerId: u.id } })).toBe(0);
    expect(await filesOnDisk()).toEqual(before);
  });

  it(`refuses a PDF of more than ${PDF_MAX_PAGES} pages with 413, storing nothing`, async () => {
    const u = await newCustomer(t);
    const before = await filesOnDisk();
    const res = await upload(u, await samplePdf(PDF_MAX_PAGES + 1));
    expect([res.status, res.body.message]).toEqual([413, `PDF en fazla ${PDF_MAX_PAGES} sayfa olabilir; bu dosyada ${PDF_MAX_PAGES + 1} sayfa var.`]);
    expect(await t.ctx.db.media.count({ where: { ownerId: u.id } })).toBe(0);
    expect(await filesOnDisk()).toEqual(before);
  });

  it('refuses pages that would pass the storage limit with 409, storing nothing', async () => {
    const u = await newCustomer(t, { maxMediaUploadGb: 1 });
    const pdf = await samplePdf(3);
    // Room for the PDF's own bytes (so the streaming check lets it in), not for its pages' pictures.
    await t.ctx.db.media.create({
      data: { ownerId: u.id, name: 'Dolu', fileName: `pdf-fill-${u.id}.mp4`, kind: 'video', mime: 'video/mp4', sizeBytes: BigInt(1024 ** 3 - pdf.length - 100) },
    });
    const before = await filesOnDisk();
    const res = await upload(u, pdf);
    expect([res.status, res.body.code]).toEqual([409, 'LIMIT_REACHED']);
    expect(await t.ctx.db.media.count({ where: { ownerId: u.id } })).toBe(1);
    expect(await filesOnDisk()).toEqual(before);
  });
});

describe('a PDF document afterwards', () => {
  it('is renamed by PUT; its settings are not for changing', async () => {
    const u = await newCustomer(t);
    const doc = ZMedia.parse((await upload(u, await samplePdf(1)).expect(201)).body);
    const renamed = ZMedia.parse((await t.http.put(`/api/media/${doc._id}`).set(u.auth).send({ name: 'Kahvaltı' }).expect(200)).body);
    expect(renamed).toEqual({ ...doc, name: 'Kahvaltı' });
    const asPdf = await t.http.put(`/api/media/${doc._id}`).set(u.auth).send({ app: { kind: 'pdf', pages: ['/uploads/x.webp'] } });
    expect([asPdf.status, asPdf.body.message]).toEqual([400, PDF_ONLY_BY_UPLOAD]);
    const asClock = await t.http.put(`/api/media/${doc._id}`).set(u.auth).send({ app: { kind: 'clock' } });
    expect([asClock.status, asClock.body.message]).toEqual([400, 'Uygulamanın türü değiştirilemez']);
    expect(ZMedia.parse((await t.http.get('/api/media').set(u.auth).expect(200)).body[0])).toEqual({ ...doc, name: 'Kahvaltı' });
  });

  it("is another customer's 404 to rename or delete, its pages untouched", async () => {
    const owner = await newCustomer(t);
    const other = await newCustomer(t);
    const doc = ZMedia.parse((await upload(owner, await samplePdf(2)).expect(201)).body);
    const before = await filesOnDisk();
    expect((await t.http.put(`/api/media/${doc._id}`).set(other.auth).send({ name: 'Benim' })).status).toBe(404);
    expect((await t.http.delete(`/api/media/${doc._id}`).set(other.auth)).status).toBe(404);
    expect(await filesOnDisk()).toEqual(before);
    expect((await t.ctx.db.media.findUniqueOrThrow({ where: { id: doc._id } })).name).toBe('Menü');
  });

  it('is deleted with its page pictures and their thumbnails; the quota frees them', async () => {
    const u = await newCustomer(t);
    const before = await filesOnDisk();
    const doc = ZMedia.parse((await upload(u, await samplePdf(3)).expect(201)).body);
    await t.http.get(`/uploads/thumbs/${path.basename(pagesOf(doc)[0]!)}`).responseType('blob').expect(200);
    expect(await filesOnDisk()).toContain(thumbPath(t.ctx.config.uploadsDir, path.basename(pagesOf(doc)[0]!)));
    await t.http.delete(`/api/media/${doc._id}`).set(u.auth).expect(200);
    expect(await filesOnDisk()).toEqual(before);
    for (const page of pagesOf(doc)) await t.http.get(page).expect(404);
    expect(await usedBytes(u)).toBe(0);
  });
});

describe('POST /api/media/apps', () => {
  it('refuses kind pdf: a document comes only from an upload', async () => {
    const u = await newCustomer(t);
    const res = await t.http.post('/api/media/apps').set(u.auth).send({ name: 'Menü', app: { kind: 'pdf', pages: ['/uploads/a.webp'] } });
    expect([res.status, res.body.message]).toEqual([400, PDF_ONLY_BY_UPLOAD]);
    expect(await t.ctx.db.media.count({ where: { ownerId: u.id } })).toBe(0);
  });
});
