import { createHash } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZMedia } from '@pano/contract';
import { createTestApp, newCustomer, newMember, newUser, type TestApp, type TestUser } from '../../../test/harness.js';
import { sampleClip } from '../../storage/testing/sample-clips.js';
import { minimalMp4, tinyPng } from '../../storage/testing/sample-files.js';
import { removeAbandonedUploads } from './resumable-uploads.js';
import { UPLOADS_BEGUN_PER_MINUTE } from './resumable-uploads.routes.js';

/*
 * docs/PRODUCT.md#resumable-uploads: the tus 1.0 protocol at /api/uploads, spoken byte by byte
 * (creation, HEAD, PATCH, termination), against the real server and database.
 */

let t: TestApp;
beforeAll(async () => { t = await createTestApp(); });
afterAll(async () => { await t.close(); });

const GB = 1024 ** 3;
const MB = 1024 ** 2;
const b64 = (s: string) => Buffer.from(s, 'utf8').toString('base64');
const tus = { 'Tus-Resumable': '1.0.0' };
const tusDir = () => path.join(t.ctx.config.uploadsDir, '.tus');
const inProgress = async () => (await readdir(tusDir()).catch(() => [] as string[])).filter((f) => !f.endsWith('.json'));

/** POST: a new upload of `length` bytes named `name`; its path (Location) on 201. */
async function create(u: TestUser, length: number, name = 'Afiş', filename = 'afis.png') {
  const res = await t.http.post('/api/uploads').set(u.auth).set(tus)
    .set('Upload-Length', String(length)).set('Upload-Metadata', `filename ${b64(filename)},name ${b64(name)}`);
  return { res, location: res.headers.location as string | undefined };
}
const patch = (u: TestUser, location: string, offset: number, bytes: Buffer) => t.http.patch(location).set(u.auth).set(tus)
  .set('Upload-Offset', String(offset)).set('Content-Type', 'application/offset+octet-stream').send(bytes);
const head = (u: TestUser, location: string) => t.http.head(location).set(u.auth).set(tus);

describe('/api/uploads (tus 1.0)', () => {
  it('creates an upload, takes it in two PATCHes resuming from HEAD\'s offset, and stores it as media named in Media-Id', async () => {
    const u = await newCustomer(t);
    const file = await sampleClip('playable');
    const half = Math.floor(file.length / 2);
    const { res, location } = await create(u, file.length, '  Tanıtım  ', 'tanitim.mp4');
    expect(res.status).toBe(201);
    expect(location).toMatch(/^\/api\/uploads\/[0-9a-f]{32}$/);

    const first = await patch(u, location!, 0, file.subarray(0, half));
    expect([first.status, first.headers['upload-offset']]).toEqual([204, String(half)]);
    expect(first.headers['media-id']).toBeUndefined();
    // The connection broke here: the client asks where to go on.
    const h = await head(u, location!);
    expect([h.status, h.headers['upload-offset'], h.headers['upload-length']]).toEqual([200, String(half), String(file.length)]);
    // Sending from a wrong offset is refused in Turkish, nothing written.
    const wrong = await patch(u, location!, half - 10, file.subarray(half - 10));
    expect(wrong.status).toBe(409);
    expect(JSON.parse(wrong.text)).toEqual({ code: 'CONFLICT', message: 'Yükleme kaldığı yerden sürdürülmeli: sunucudaki konum farklı' });

    const last = await patch(u, location!, half, file.subarray(half));
    expect([last.status, last.headers['upload-offset']]).toEqual([204, String(file.length)]);
    const mediaId = last.headers['media-id'] as string;
    expect(last.headers['access-control-expose-headers']).toContain('Media-Id');

    const media = ZMedia.parse((await t.http.get('/api/media').set(u.auth)).body[0]);
    // A playable MP4 is kept byte for byte, and ready at once (docs/PRODUCT.md#media-processing).
    expect(media).toMatchObject({ _id: mediaId, name: 'Tanıtım', type: 'video', mimeType: 'video/mp4', size: file.length, status: 'ready' });
    expect(await readFile(path.join(t.ctx.config.uploadsDir, media.filePath.replace('/uploads/', '')))).toEqual(file);
    // Hashed whole once the last PATCH arrived, as a multipart upload is while it streams.
    expect(media.sha256).toBe(createHash('sha256').update(file).digest('hex'));
    expect(await inProgress()).toEqual([]);
    // Finished: the upload itself is gone.
    expect((await head(u, location!)).status).toBe(404);
  });

  it('an upload survives a server restart: a new process over the same folder answers its offset and takes the rest', async () => {
    // The uploads folder outside both apps' data folders (a test app removes its own on close).
    const uploadsDir = await mkdtemp(path.join(os.tmpdir(), 'pano-tus-'));
    const first = await createTestApp({ config: { uploadsDir } });
    const u = await newCustomer(first);
    const file = tinyPng();
    const created = await first.http.post('/api/uploads').set(u.auth).set(tus)
      .set('Upload-Length', String(file.length)).set('Upload-Metadata', `name ${b64('Logo')}`);
    const location = created.headers.location as string;
    await first.http.patch(location).set(u.auth).set(tus).set('Upload-Offset', '0')
      .set('Content-Type', 'application/offset+octet-stream').send(file.subarray(0, 20)).expect(204);
    await first.close();

    const second = await createTestApp({ config: { uploadsDir } });
    try {
      const h = await second.http.head(location).set(u.auth).set(tus);
      expect([h.status, h.headers['upload-offset']]).toEqual([200, '20']);
      const rest = await second.http.patch(location).set(u.auth).set(tus).set('Upload-Offset', '20')
        .set('Content-Type', 'application/offset+octet-stream').send(file.subarray(20));
      expect(rest.status).toBe(204);
      const stored = await second.ctx.db.media.findUniqueOrThrow({ where: { id: rest.headers['media-id'] as string } });
      expect([stored.name, stored.kind, Number(stored.sizeBytes)]).toEqual(['Logo', 'image', file.length]);
    } finally {
      await second.close();
      await rm(uploadsDir, { recursive: true, force: true });
    }
  });

  it('refuses at creation, in Turkish and writing nothing: no name, no length, over the size cap, over the storage left', async () => {
    const u = await newCustomer(t, { maxMediaUploadGb: 1 });
    await t.ctx.db.media.create({ data: { ownerId: u.id, name: 'Dolu', fileName: `fill-${u.id}.mp4`, kind: 'video', mime: 'video/mp4', sizeBytes: BigInt(GB - MB) } });
    const before = await inProgress();
    const noName = await t.http.post('/api/uploads').set(u.auth).set(tus).set('Upload-Length', '10').set('Upload-Metadata', `filename ${b64('a.png')}`);
    expect([noName.status, JSON.parse(noName.text).code]).toEqual([400, 'VALIDATION_ERROR']);
    expect(JSON.parse(noName.text).message).toMatch(/ad/i);
    const deferred = await t.http.post('/api/uploads').set(u.auth).set(tus).set('Upload-Defer-Length', '1').set('Upload-Metadata', `name ${b64('A')}`);
    expect(deferred.status).toBe(400);
    expect(JSON.parse(deferred.text).message).toBe('Dosyanın boyutu yüklemenin başında bildirilmelidir');
    const huge = await create(u, t.ctx.config.maxUploadBytes + 1);
    expect(huge.res.status).toBe(413);
    expect(JSON.parse(huge.res.text).code).toBe('FILE_TOO_LARGE');
    const full = await create(u, 2 * MB);
    expect(full.res.status).toBe(409);
    expect(JSON.parse(full.res.text)).toEqual({ code: 'LIMIT_REACHED', message: 'Medya depolama sınırınıza ulaştınız (1 GB). Yer açmak için medya silin veya paketinizi yükseltin.' });
    expect(await inProgress()).toEqual(before);
  });

  it("counts the customer's unfinished uploads: two that each fit alone cannot both begin", async () => {
    const u = await newCustomer(t, { maxMediaUploadGb: 1 });
    await t.ctx.db.media.create({ data: { ownerId: u.id, name: 'Dolu', fileName: `fill2-${u.id}.mp4`, kind: 'video', mime: 'video/mp4', sizeBytes: BigInt(GB - 3 * MB) } });
    const first = await create(u, 2 * MB, 'Birinci', 'a.mp4');
    expect(first.res.status).toBe(201);
    const second = await create(u, 2 * MB, 'İkinci', 'b.mp4');
    expect([second.res.status, JSON.parse(second.res.text).code]).toEqual([409, 'LIMIT_REACHED']);
    // Another customer's uploads are not counted against this one, and the first goes on.
    expect((await create(await newCustomer(t, { maxMediaUploadGb: 1 }), 2 * MB)).res.status).toBe(201);
    expect((await patch(u, first.location!, 0, minimalMp4(2 * MB).subarray(0, MB))).status).toBe(204);
    // Ended, it no longer holds the space.
    await t.http.delete(first.location!).set(u.auth).set(tus).expect(204);
    expect((await create(u, 2 * MB, 'İkinci', 'b.mp4')).res.status).toBe(201);
  });

  it("a member's uploads are the account's: counted against its storage, stored as its media, able to replace its items", async () => {
    const owner = await newCustomer(t, { maxMediaUploadGb: 1 });
    const editor = await newMember(t, owner.id, 'editor');
    await t.ctx.db.media.create({ data: { ownerId: owner.id, name: 'Dolu', fileName: `fill3-${owner.id}.mp4`, kind: 'video', mime: 'video/mp4', sizeBytes: BigInt(GB - 3 * MB) } });
    const first = await create(owner, 2 * MB, 'Birinci', 'a.mp4');
    expect(first.res.status).toBe(201);
    // The owner's open upload leaves no room for the editor's: one account, one storage.
    const second = await create(editor, 2 * MB, 'İkinci', 'b.mp4');
    expect([second.res.status, JSON.parse(second.res.text).code]).toEqual([409, 'LIMIT_REACHED']);
    await t.http.delete(first.location!).set(owner.auth).set(tus).expect(204);

    const png = tinyPng();
    const { location } = await create(editor, png.length, 'Afiş');
    const done = await patch(editor, location!, 0, png).expect(204);
    const media = await t.ctx.db.media.findUniqueOrThrow({ where: { id: done.headers['media-id'] as string } });
    expect(media.ownerId).toBe(owner.id);
    const replacement = await t.http.post('/api/uploads').set(editor.auth).set(tus).set('Upload-Length', String(png.length))
      .set('Upload-Metadata', `filename ${b64('yeni.png')},replaces ${b64(media.id)}`);
    expect(replacement.status).toBe(201);
  });

  it('refuses the rest of an upload when other files filled the storage meanwhile', async () => {
    const u = await newCustomer(t, { maxMediaUploadGb: 1 });
    const { location } = await create(u, 2 * MB, 'Video', 'v.mp4');
    expect((await patch(u, location!, 0, minimalMp4(2 * MB).subarray(0, MB))).status).toBe(204);
    await t.ctx.db.media.create({ data: { ownerId: u.id, name: 'Başka', fileName: `other-${u.id}.mp4`, kind: 'video', mime: 'video/mp4', sizeBytes: BigInt(GB - MB) } });
    const rest = await patch(u, location!, MB, minimalMp4(2 * MB).subarray(MB));
    expect(rest.status).toBe(409);
    expect(JSON.parse(rest.text).code).toBe('LIMIT_REACHED');
    expect(await t.ctx.db.media.count({ where: { ownerId: u.id, name: 'Video' } })).toBe(0);
  });

  it("another customer's upload reads as missing; nobody reads an upload back; no token, no package: refused", async () => {
    const u = await newCustomer(t);
    const other = await newCustomer(t);
    const { location } = await create(u, tinyPng().length, 'Logo');
    expect((await head(other, location!)).status).toBe(404);
    const theirs = await patch(other, location!, 0, tinyPng());
    expect([theirs.status, JSON.parse(theirs.text).message]).toEqual([404, 'Yükleme bulunamadı']);
    expect((await t.http.delete(location!).set(other.auth).set(tus)).status).toBe(404);
    expect((await t.http.get(location!).set(u.auth)).status).toBe(405);
    expect((await t.http.head(location!).set(tus)).status).toBe(401);
    expect((await t.http.post('/api/uploads').set((await newUser(t)).auth).set(tus).set('Upload-Length', '1')).status).toBe(402);
    // Still the owner's, and untouched.
    expect((await head(u, location!)).headers['upload-offset']).toBe('0');
  });

  it('a person may begin 300 uploads a minute; more is refused in Turkish (429), others unaffected', async () => {
    const u = await newCustomer(t);
    for (let i = 0; i < UPLOADS_BEGUN_PER_MINUTE; i++) expect((await create(u, 1, `D${i}`)).res.status).toBe(201);
    const over = await create(u, 1, 'Fazla');
    expect([over.res.status, over.res.body.message]).toEqual([429, 'Çok sık yükleme başlatıldı. Lütfen biraz bekleyip tekrar deneyin.']);
    expect((await create(await newCustomer(t), 1)).res.status).toBe(201);
  });

  it('termination removes the upload and its bytes', async () => {
    const u = await newCustomer(t);
    const { location } = await create(u, 1000, 'Yarım');
    await patch(u, location!, 0, Buffer.alloc(500));
    const id = location!.split('/').pop()!;
    expect(await inProgress()).toContain(id);
    expect((await t.http.delete(location!).set(u.auth).set(tus)).status).toBe(204);
    expect(await inProgress()).not.toContain(id);
    expect((await head(u, location!)).status).toBe(404);
  });

  it('a finished file that is not media is refused in Turkish (415) and nothing stays', async () => {
    const u = await newCustomer(t);
    const text = Buffer.from('bu bir metin dosyası, görsel değil');
    const { location } = await create(u, text.length, 'Metin', 'not.txt');
    const res = await patch(u, location!, 0, text);
    expect(res.status).toBe(415);
    expect(JSON.parse(res.text).message).toMatch(/^Desteklenmeyen dosya türü/);
    expect(await inProgress()).not.toContain(location!.split('/').pop());
    expect(await t.ctx.db.media.count({ where: { ownerId: u.id } })).toBe(0);
  });

  it('the hourly sweep removes uploads untouched for 24 hours, and only those', async () => {
    const u = await newCustomer(t);
    const old = (await create(u, 1000, 'Eski')).location!.split('/').pop()!;
    const fresh = (await create(u, 1000, 'Yeni')).location!.split('/').pop()!;
    // Backdate the old one's record: the store counts from its creation time.
    const info = path.join(tusDir(), `${old}.json`);
    const record = JSON.parse(await readFile(info, 'utf8')) as { creation_date: string };
    record.creation_date = new Date(Date.now() - 25 * 3600_000).toISOString();
    await writeFile(info, JSON.stringify(record));
    expect(await removeAbandonedUploads(t.ctx)).toBeGreaterThanOrEqual(1);
    const left = await inProgress();
    expect(left).not.toContain(old);
    expect(left).toContain(fresh);
  });
});
