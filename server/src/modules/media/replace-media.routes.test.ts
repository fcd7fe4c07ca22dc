import { createHash, randomUUID } from 'node:crypto';
import { mkdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ZMedia, ZScreenConfig, type TMedia } from '@pano/contract';
import { createTestApp, newCustomer, type TestApp, type TestUser } from '../../../test/harness.js';
import { createInProcessRunner } from '../../jobs/in-process-runner.js';
import type { JobRunner } from '../../jobs/job-runner.js';
import { createLogger } from '../../logger.js';
import { filesOnDisk } from '../../storage/testing/disk-helpers.js';
import { sampleClip, undecodableClip } from '../../storage/testing/sample-clips.js';
import { samplePdf } from '../../storage/testing/sample-pdfs.js';
import { tinyPng } from '../../storage/testing/sample-files.js';
import { storageKey } from '../../storage/file-storage.js';
import { loadSharp } from '../../storage/load-sharp.js';
import { storageUsedBytes } from '../entitlements/limits.js';
import { makeApp, makeLayout, makePlaylist, makeSchedule, makeScreen, recordingNotifier } from '../screens/content.fixtures.js';
import { CONVERT_FAILED, processMedia } from './media-processing.js';
import { KIND_MISMATCH, REPLACEMENT_PENDING } from './replace-media.js';
import { outcomesOf, replacedWhenProcessed } from './media.fixtures.js';

/*
 * docs/PRODUCT.md#replacing-a-file ('Dosyayı Değiştir'): a new file for a media item, by the
 * multipart PUT /api/media/{id}/file or a tus upload naming the item in `replaces`. The item keeps
 * its id; the old file serves until the new one is ready; then every screen showing it is pushed.
 */

const notifier = recordingNotifier();
// `media.process` jobs can be held back, so a test sees a replacement while it still converts.
const inner = createInProcessRunner({ logger: createLogger('silent'), sweepEveryMs: 0 });
const held: (() => Promise<void>)[] = [];
let holding = false;
const jobs: JobRunner = {
  ...inner,
  enqueue: async (name, payload, opts) => {
    if (holding && name === 'media.process') held.push(() => inner.enqueue(name, payload, opts));
    else await inner.enqueue(name, payload, opts);
  },
};
async function holdingJobs<T>(body: () => Promise<T>): Promise<T> {
  holding = true;
  try {
    return await body();
  } finally {
    holding = false;
    for (const run of held.splice(0)) await run();
  }
}

let t: TestApp;
beforeAll(async () => { t = await createTestApp({ notifier, jobs }); });
afterAll(async () => { await t.close(); });

const MB = 1024 ** 2;
const GB = 1024 ** 3;
const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');
const onDisk = (url: string) => path.join(t.ctx.config.uploadsDir, path.basename(url));
const thumbOnDisk = (url: string) => path.join(t.ctx.config.uploadsDir, '.thumbs', `${path.basename(url)}.webp`);
const exists = (p: string) => stat(p).then(() => true, () => false);
const png = async (width: number, height: number, background: string) =>
  (await loadSharp())({ create: { width, height, channels: 3, background } }).png().toBuffer();
/** A picture padded to `bytes`: stored as it is, so a test is about the bytes alone. */
/** A small PDF: its pages draw quickly. */
const smallPdf = (pages: number) => samplePdf(pages, { size: [400, 300] });
const paddedPng = (bytes: number) => Buffer.concat([tinyPng(), Buffer.alloc(bytes - tinyPng().length)]);

/** A PDF document as its upload leaves it (docs/PRODUCT.md#apps), its one page a stored picture: no PDF to draw. */
async function pdfDocument(u: TestUser, name = 'Menü'): Promise<TMedia> {
  const page = `${randomUUID().replaceAll('-', '')}.webp`;
  await mkdir(t.ctx.config.uploadsDir, { recursive: true });
  await writeFile(onDisk(page), await (await loadSharp())({ create: { width: 40, height: 30, channels: 3, background: '#f00' } }).webp().toBuffer());
  const row = await t.ctx.db.media.create({
    data: { ownerId: u.id, name, kind: 'app', fileName: null, mime: 'application/pdf', sizeBytes: 100n, width: 40, height: 30, app: { kind: 'pdf', pages: [page] } },
  });
  return listed(u, row.id);
}

const upload = async (u: TestUser, file: Buffer, fileName: string, name = 'Medya') =>
  ZMedia.parse((await t.http.post('/api/media/upload').set(u.auth).field('name', name).attach('file', file, fileName).expect(201)).body);
const put = (u: TestUser, id: string, file: Buffer, fileName: string) =>
  t.http.put(`/api/media/${id}/file`).set(u.auth).attach('file', file, fileName);
const listed = async (u: TestUser, id: string): Promise<TMedia> =>
  ZMedia.array().parse((await t.http.get('/api/media').set(u.auth).expect(200)).body).find((m) => m._id === id)!;
const configOf = async (u: TestUser, screenId: string) =>
  ZScreenConfig.parse((await t.http.get(`/api/screens/${screenId}/config`).set(u.auth).expect(200)).body);

const tus = { 'Tus-Resumable': '1.0.0' };
const b64 = (s: string) => Buffer.from(s, 'utf8').toString('base64');
const tusCreate = (u: TestUser, replaces: string, length: number) => t.http.post('/api/uploads').set(u.auth).set(tus)
  .set('Upload-Length', String(length)).set('Upload-Metadata', `filename ${b64('yeni')},replaces ${b64(replaces)}`);
/** A whole tus upload replacing `replaces`: the creation's refusal, or the last PATCH's answer. */
async function tusReplace(u: TestUser, replaces: string, file: Buffer) {
  const created = await tusCreate(u, replaces, file.length);
  if (created.status !== 201) return created;
  return t.http.patch(created.headers.location as string).set(u.auth).set(tus).set('Upload-Offset', '0')
    .set('Content-Type', 'application/offset+octet-stream').send(file);
}


describe('replacing a media file', () => {
  it('PUT /api/media/{id}/file: a picture keeps its id; every screen showing it (playlist, layout zone, schedule) gets a new config; the old file and thumbnail go', async () => {
    const u = await newCustomer(t);
    const before = await upload(u, await png(40, 20, '#c00'), 'a.png', 'Afiş');
    await t.http.get(`/uploads/thumbs/${path.basename(before.filePath)}`).expect(200);
    expect(await exists(thumbOnDisk(before.filePath))).toBe(true);
    const playlist = await makePlaylist(t, u.id, [{ mediaId: before._id, duration: 8 }]);
    const direct = await makeScreen(t, u.id, { currentPlaylistId: playlist.id });
    const zoned = await makeScreen(t, u.id, { currentLayoutId: (await makeLayout(t, u.id, [{ playlistId: playlist.id }])).id });
    const scheduled = await makeScreen(t, u.id);
    await makeSchedule(t, u.id, { playlistId: playlist.id, screenIds: [scheduled.id] });
    await makeScreen(t, u.id, { currentPlaylistId: (await makePlaylist(t, u.id, [])).id });
    const screens = [direct.id, zoned.id, scheduled.id];
    const versions = await Promise.all(screens.map(async (id) => (await configOf(u, id)).version));
    notifier.reset();

    const next = await png(20, 40, '#0c0');
    const res = await put(u, before._id, next, 'b.png');
    expect(res.status).toBe(200);
    const after = ZMedia.parse(res.body);
    expect(after).toMatchObject({ _id: before._id, name: 'Afiş', width: 20, height: 40, size: next.length, sha256: sha(next), status: 'ready', replacement: null });
    expect(after.filePath).toMatch(/^\/uploads\/[0-9a-f]{32}\.png$/);
    expect(after.filePath).not.toBe(before.filePath);
    expect(await readFile(onDisk(after.filePath))).toEqual(next);
    expect(await exists(onDisk(before.filePath))).toBe(false);
    expect(await exists(thumbOnDisk(before.filePath))).toBe(false);

    expect(notifier.calls).toEqual([[...screens].sort()]);
    expect(notifier.media).toEqual([{ ownerId: u.id, mediaId: before._id, status: 'ready', progress: 100, error: null, replacement: true }]);
    const configs = await Promise.all(screens.map((id) => configOf(u, id)));
    configs.forEach((c, i) => expect(c.version).not.toBe(versions[i]));
    expect(configs[0]!.playlist?.mediaItems).toEqual([expect.objectContaining({ duration: 8, media: expect.objectContaining({ url: after.filePath }) as unknown })]);
  });

  it('a picture an active alert shows: the alert\'s screens are pushed and show the new file; an ended alert\'s screens are not', async () => {
    const u = await newCustomer(t, { maxScreens: 5 });
    const before = await upload(u, await png(40, 20, '#c00'), 'a.png', 'Kaçış Planı');
    const alerted = await makeScreen(t, u.id);
    const past = await makeScreen(t, u.id);
    await t.http.post('/api/alerts').set(u.auth).send({ title: 'Yangın', message: 'Merdivenleri kullanın', screens: [alerted.id], mediaId: before._id }).expect(201);
    const ended = (await t.http.post('/api/alerts').set(u.auth).send({ title: 'Tatbikat', message: 'Bitti', screens: [past.id], mediaId: before._id }).expect(201)).body as { _id: string };
    await t.ctx.db.alert.update({ where: { id: ended._id }, data: { endedAt: new Date() } });
    expect((await configOf(u, alerted.id)).alerts[0]?.imageUrl).toMatch(new RegExp(`${before.filePath}$`));
    notifier.reset();

    const after = ZMedia.parse((await put(u, before._id, await png(20, 40, '#0c0'), 'b.png').expect(200)).body);
    expect(notifier.calls).toEqual([[alerted.id]]);
    expect((await configOf(u, alerted.id)).alerts[0]?.imageUrl).toMatch(new RegExp(`${after.filePath}$`));
    expect(await exists(onDisk(before.filePath))).toBe(false);
  });

  it('tus with `replaces`: a video to convert waits beside the old one, which plays until the new one is ready; then the items that ran the old length run the new one', async () => {
    const u = await newCustomer(t);
    const old = await upload(u, await sampleClip('playable'), 'v.mp4', 'Tanıtım');
    const oldLength = Math.ceil(old.durationSeconds!);
    const playlist = await makePlaylist(t, u.id, [{ mediaId: old._id, duration: oldLength }, { mediaId: old._id, duration: 9 }]);
    const screen = await makeScreen(t, u.id, { currentPlaylistId: playlist.id });
    const webm = await sampleClip('webm', 4);

    await holdingJobs(async () => {
      const last = await tusReplace(u, old._id, webm);
      expect(last.status).toBe(204);
      expect(last.headers['media-id']).toBe(old._id);
      const waiting = await listed(u, old._id);
      expect(waiting).toMatchObject({
        filePath: old.filePath, posterUrl: old.posterUrl, sha256: old.sha256, size: old.size, status: 'ready',
        replacement: { status: 'processing', progress: 0, error: null },
      });
      expect((await configOf(u, screen.id)).playlist?.mediaItems[0]?.media.url).toBe(old.filePath);
      // The storage limit counts the larger of the two files meanwhile.
      expect(Number(await storageUsedBytes(t.ctx.db, u.id))).toBe(Math.max(old.size, webm.length));

      // A second replacement is refused while this one converts, both ways, and nothing is written.
      const row = await t.ctx.db.media.findUniqueOrThrow({ where: { id: old._id } });
      const files = await filesOnDisk(t.ctx.config.uploadsDir);
      const second = await put(u, old._id, await sampleClip('playable'), 'x.mp4');
      expect([second.status, second.body]).toEqual([409, { code: 'REPLACEMENT_PENDING', message: REPLACEMENT_PENDING }]);
      const secondTus = await tusCreate(u, old._id, 1000);
      expect([secondTus.status, JSON.parse(secondTus.text)]).toEqual([409, { code: 'REPLACEMENT_PENDING', message: REPLACEMENT_PENDING }]);
      expect(await t.ctx.db.media.findUniqueOrThrow({ where: { id: old._id } })).toEqual(row);
      expect(await filesOnDisk(t.ctx.config.uploadsDir)).toEqual(files);
      notifier.reset();
    });

    const done = await replacedWhenProcessed(t, u, old._id);
    expect(done).toMatchObject({ _id: old._id, name: 'Tanıtım', status: 'ready', mimeType: 'video/mp4', replacement: null });
    expect(done.durationSeconds).toBeCloseTo(4, 0);
    expect(done.filePath).not.toBe(old.filePath);
    const stored = await readFile(onDisk(done.filePath));
    expect(done).toMatchObject({ size: stored.length, sha256: sha(stored) });
    const items = await t.ctx.db.playlistItem.findMany({ where: { playlistId: playlist.id }, orderBy: { position: 'asc' } });
    expect(items.map((i) => i.duration)).toEqual([Math.ceil(done.durationSeconds!), 9]);
    // The playlist changed with it, and says so in the history.
    const playlistEvents = await t.ctx.db.auditEvent.findMany({ where: { action: 'playlist.update', targetId: playlist.id } });
    expect(playlistEvents.map((e) => [e.actorType, e.changes])).toEqual([['system', { itemDuration: [oldLength, Math.ceil(done.durationSeconds!)] }]]);
    // The old video and its poster left the storage, and so did the unconverted WebM.
    const names = (await filesOnDisk(t.ctx.config.uploadsDir)).map((f) => path.basename(f));
    expect(names).not.toContain(path.basename(old.filePath));
    expect(names).not.toContain(path.basename(old.posterUrl!));
    expect(names.filter((n) => n.endsWith('.webm'))).toEqual([]);
    expect(names).toContain(path.basename(done.posterUrl!));
    expect(notifier.calls).toEqual([[screen.id]]);
    expect(notifier.media.at(-1)).toEqual({ ownerId: u.id, mediaId: old._id, status: 'ready', progress: 100, error: null, replacement: true });
    // The swap is the server's work, recorded with it (docs/architecture/audit.md#events).
    expect(await outcomesOf(t, old._id)).toEqual([{
      action: 'media.process', actorType: 'system', chain: u.id,
      changes: { replacement: ['processing', 'ready'], mime: ['video/mp4', 'video/mp4'], sizeBytes: [String(old.size), String(done.size)] },
    }]);
    expect((await configOf(u, screen.id)).playlist?.mediaItems.map((i) => [i.media.url, i.duration]))
      .toEqual([[done.filePath, Math.ceil(done.durationSeconds!)], [done.filePath, 9]]);
  });

  it('a push that fails after the swap keeps the new file the row points at', async () => {
    const u = await newCustomer(t);
    const before = await upload(u, await png(40, 20, '#c00'), 'a.png');
    await makeScreen(t, u.id, { currentPlaylistId: (await makePlaylist(t, u.id, [{ mediaId: before._id }])).id });
    const next = await png(20, 40, '#0c0');
    const push = notifier.screensChanged;
    notifier.screensChanged = () => Promise.reject(new Error('the push failed'));
    try {
      await put(u, before._id, next, 'b.png');
    } finally {
      notifier.screensChanged = push;
    }
    const row = await t.ctx.db.media.findUniqueOrThrow({ where: { id: before._id } });
    expect(row.fileName).not.toBe(path.basename(before.filePath));
    expect(await readFile(onDisk(row.fileName!))).toEqual(next);
  });

  it('answers the swapped row even when the item is deleted right after the swap commits', async () => {
    const u = await newCustomer(t);
    const before = await upload(u, await png(40, 20, '#c00'), 'a.png', 'Afiş');
    await makeScreen(t, u.id, { currentPlaylistId: (await makePlaylist(t, u.id, [{ mediaId: before._id }])).id });
    const push = notifier.screensChanged;
    // The push comes after the commit: a delete then is a delete right after the swap.
    notifier.screensChanged = async () => { await t.ctx.db.media.delete({ where: { id: before._id } }); };
    let res;
    try {
      res = await put(u, before._id, await png(20, 40, '#0c0'), 'b.png');
    } finally {
      notifier.screensChanged = push;
    }
    expect(res.status).toBe(200);
    expect(ZMedia.parse(res.body)).toMatchObject({ _id: before._id, name: 'Afiş', width: 20, height: 40, replacement: null });
  });

  it('a converted replacement whose unconverted file cannot be removed is still swapped in, told and pushed', async () => {
    const u = await newCustomer(t);
    const old = await upload(u, await sampleClip('playable'), 'v.mp4');
    const screen = await makeScreen(t, u.id, { currentPlaylistId: (await makePlaylist(t, u.id, [{ mediaId: old._id }])).id });
    const pending = await holdingJobs(async () => {
      await put(u, old._id, await sampleClip('webm'), 'w.webm').expect(200);
      return t.ctx.db.media.findUniqueOrThrow({ where: { id: old._id } });
    });
    notifier.reset();
    // The storage refuses to remove the unconverted file (a bucket that does not answer, say).
    const storage = t.ctx.storage;
    const remove = storage.remove.bind(storage);
    storage.remove = (key) => (key === storageKey.upload(pending.replacementFileName!) ? Promise.reject(new Error('EIO')) : remove(key));
    try {
      const done = await replacedWhenProcessed(t, u, old._id);
      expect(done.replacement).toBeNull();
      await vi.waitFor(() => expect(notifier.calls).toEqual([[screen.id]]));
    } finally {
      storage.remove = remove;
    }
    expect(notifier.media.at(-1)).toEqual({ ownerId: u.id, mediaId: old._id, status: 'ready', progress: 100, error: null, replacement: true });
  });

  it('a job naming another replacement file than the one waiting converts nothing', async () => {
    const u = await newCustomer(t);
    const old = await upload(u, await sampleClip('playable'), 'v.mp4');
    await holdingJobs(async () => {
      await put(u, old._id, await sampleClip('webm'), 'w.webm').expect(200);
      const pending = await t.ctx.db.media.findUniqueOrThrow({ where: { id: old._id } });
      // A job of an earlier replacement, run again (a retry) after this one began.
      await processMedia(t.ctx, old._id, 'f'.repeat(32) + '.webm');
      expect(await t.ctx.db.media.findUniqueOrThrow({ where: { id: old._id } })).toEqual(pending);
    });
    expect((await replacedWhenProcessed(t, u, old._id)).replacement).toBeNull();
  });

  it('a replacement ffmpeg cannot convert leaves the old file playing, says why on the item, counts nothing and keeps no new file', async () => {
    const u = await newCustomer(t);
    const old = await upload(u, await sampleClip('playable'), 'v.mp4');
    const used = await storageUsedBytes(t.ctx.db, u.id);
    const pending = await holdingJobs(async () => {
      await put(u, old._id, await undecodableClip(), 'bozuk.mp4').expect(200);
      return t.ctx.db.media.findUniqueOrThrow({ where: { id: old._id } });
    });
    expect(pending.replacementFileName).not.toBeNull();
    notifier.reset();
    const done = await replacedWhenProcessed(t, u, old._id);
    expect(done).toMatchObject({
      filePath: old.filePath, posterUrl: old.posterUrl, sha256: old.sha256, size: old.size, status: 'ready',
      replacement: { status: 'failed', progress: 0, error: CONVERT_FAILED },
    });
    expect(await exists(onDisk(old.filePath))).toBe(true);
    expect(await exists(onDisk(pending.replacementFileName!))).toBe(false);
    if (pending.replacementPosterFileName) expect(await exists(onDisk(pending.replacementPosterFileName))).toBe(false);
    expect(await storageUsedBytes(t.ctx.db, u.id)).toBe(used);
    expect(notifier.media).toEqual([{ ownerId: u.id, mediaId: old._id, status: 'failed', progress: 0, error: CONVERT_FAILED, replacement: true }]);
    expect(notifier.calls).toEqual([]);
    expect(await outcomesOf(t, old._id)).toEqual([{ action: 'media.processFail', actorType: 'system', chain: u.id, changes: { replacement: ['processing', 'failed'], error: [null, CONVERT_FAILED] } }]);

    // Another try is taken, and its success clears the reason.
    const again = ZMedia.parse((await put(u, old._id, await sampleClip('playable', 3), 'c.mp4').expect(200)).body);
    expect(again).toMatchObject({ _id: old._id, replacement: null });
    expect(again.durationSeconds).toBeCloseTo(3, 0);
  });

  it('a PDF document replaced by another: its new pages, the same id, the old pages gone', async () => {
    const u = await newCustomer(t);
    const doc = await pdfDocument(u);
    const oldPages = doc.app?.kind === 'pdf' ? doc.app.pages : [];
    const screen = await makeScreen(t, u.id, { currentPlaylistId: (await makePlaylist(t, u.id, [{ mediaId: doc._id }])).id });
    notifier.reset();
    const after = ZMedia.parse((await put(u, doc._id, await smallPdf(2), 'b.pdf').expect(200)).body);
    expect(after).toMatchObject({ _id: doc._id, name: 'Menü', type: 'app', replacement: null });
    const pages = after.app?.kind === 'pdf' ? after.app.pages : [];
    expect(pages).toHaveLength(2);
    for (const page of pages) expect(await exists(onDisk(page))).toBe(true);
    for (const page of oldPages) expect(await exists(onDisk(page))).toBe(false);
    expect(notifier.calls).toEqual([[screen.id]]);
  });

  it.each([
    ['a picture by a video', 'image', 'video'],
    ['a video by a picture', 'video', 'image'],
    ['a PDF by a picture', 'pdf', 'image'],
    ['a picture by a PDF', 'image', 'pdf'],
  ] as const)('refuses to replace %s in Turkish (415), changing nothing', async (_, from, to) => {
    const u = await newCustomer(t);
    const files = { image: [tinyPng(), 'a.png'], video: [await sampleClip('playable'), 'v.mp4'] } as const;
    const media = from === 'pdf' ? await pdfDocument(u) : await upload(u, Buffer.from(files[from][0]), files[from][1]);
    const row = await t.ctx.db.media.findUniqueOrThrow({ where: { id: media._id } });
    const before = await filesOnDisk(t.ctx.config.uploadsDir);
    notifier.reset();
    const file = to === 'pdf' ? await smallPdf(1) : Buffer.from(files[to][0]);
    const res = await put(u, media._id, file, to === 'pdf' ? 'b.pdf' : files[to][1]);
    expect([res.status, res.body]).toEqual([415, { code: 'UNSUPPORTED_FILE_TYPE', message: KIND_MISMATCH }]);
    const viaTus = await tusReplace(u, media._id, file);
    expect([viaTus.status, JSON.parse(viaTus.text).message]).toEqual([415, KIND_MISMATCH]);
    expect(await t.ctx.db.media.findUniqueOrThrow({ where: { id: media._id } })).toEqual(row);
    expect(await filesOnDisk(t.ctx.config.uploadsDir)).toEqual(before);
    expect(notifier.calls).toEqual([]);
  });

  it("another customer's media reads as missing (404), a malformed id and an app without a file are refused; nothing is written", async () => {
    const u = await newCustomer(t);
    const other = await newCustomer(t);
    const theirs = await upload(other, tinyPng(), 'a.png');
    const row = await t.ctx.db.media.findUniqueOrThrow({ where: { id: theirs._id } });
    const before = await filesOnDisk(t.ctx.config.uploadsDir);
    const res = await put(u, theirs._id, await png(4, 4, '#00f'), 'b.png');
    expect([res.status, res.body]).toEqual([404, { code: 'NOT_FOUND', message: 'Medya bulunamadı' }]);
    const viaTus = await tusCreate(u, theirs._id, 100);
    expect([viaTus.status, JSON.parse(viaTus.text)]).toEqual([404, { code: 'NOT_FOUND', message: 'Medya bulunamadı' }]);
    const malformed = await tusCreate(u, 'bu-bir-kimlik-değil', 100);
    expect([malformed.status, JSON.parse(malformed.text).message]).toEqual([400, 'Geçersiz kimlik']);
    const clock = await makeApp(t, u.id, { kind: 'clock' });
    const app = await put(u, clock.id, tinyPng(), 'c.png');
    expect([app.status, app.body.message]).toEqual([400, 'Bu uygulamanın değiştirilecek bir dosyası yok; ayarlarını düzenleyin.']);
    expect(await t.ctx.db.media.findUniqueOrThrow({ where: { id: theirs._id } })).toEqual(row);
    expect(await filesOnDisk(t.ctx.config.uploadsDir)).toEqual(before);
    expect((await t.http.put(`/api/media/${theirs._id}/file`).set(u.auth)).status).toBe(404);
  });

  it('a tus replacement keeps the item\'s name as it is, whatever the rules for a new name', async () => {
    const u = await newCustomer(t);
    // A name no form would take now (written before a rule, or by an import): the file can still change.
    const row = await t.ctx.db.media.create({
      data: { ownerId: u.id, name: 'Ad'.repeat(101), fileName: `${randomUUID().replaceAll('-', '')}.png`, kind: 'image', mime: 'image/png', sizeBytes: 100n },
    });
    const created = await tusCreate(u, row.id, 1000);
    expect([created.status, created.text]).toEqual([201, '']);
    await t.http.delete(created.headers.location as string).set(u.auth).set(tus).expect(204);
  });

  it('the storage limit counts that the old file goes: a replacement fits where a new upload would not; one that does not fit is refused both ways', async () => {
    const u = await newCustomer(t, { maxMediaUploadGb: 1 });
    await t.ctx.db.media.create({ data: { ownerId: u.id, name: 'Dolu', fileName: `fill-${u.id}.mp4`, kind: 'video', mime: 'video/mp4', sizeBytes: BigInt(GB - 3 * MB) } });
    const media = await upload(u, paddedPng(2 * MB), 'a.png');
    // 1 MB left: a new 2.5 MB file would not fit, a 2.5 MB file replacing the 2 MB one does.
    const bigger = paddedPng(2.5 * MB);
    expect((await t.http.post('/api/media/upload').set(u.auth).field('name', 'Yeni').attach('file', bigger, 'n.png')).status).toBe(409);
    expect(ZMedia.parse((await put(u, media._id, bigger, 'b.png').expect(200)).body)).toMatchObject({ _id: media._id, size: bigger.length });

    const row = await t.ctx.db.media.findUniqueOrThrow({ where: { id: media._id } });
    const tooBig = paddedPng(4 * MB);
    const refused = await put(u, media._id, tooBig, 'c.png');
    expect([refused.status, refused.body.code]).toEqual([409, 'LIMIT_REACHED']);
    const refusedTus = await tusCreate(u, media._id, tooBig.length);
    expect([refusedTus.status, JSON.parse(refusedTus.text).code]).toEqual([409, 'LIMIT_REACHED']);
    expect(await t.ctx.db.media.findUniqueOrThrow({ where: { id: media._id } })).toEqual(row);

    // Exactly what is left once the old file goes: taken through tus.
    const exact = paddedPng(3 * MB);
    const last = await tusReplace(u, media._id, exact);
    expect([last.status, last.headers['media-id']]).toEqual([204, media._id]);
    expect(Number(await storageUsedBytes(t.ctx.db, u.id))).toBe(GB);
  });

  it('two tus uploads replacing the same item count the old file as freed once, not once each', async () => {
    const u = await newCustomer(t, { maxMediaUploadGb: 1 });
    await t.ctx.db.media.create({ data: { ownerId: u.id, name: 'Dolu', fileName: `fill-${u.id}.mp4`, kind: 'video', mime: 'video/mp4', sizeBytes: BigInt(GB - 3 * MB) } });
    const media = await upload(u, paddedPng(2 * MB), 'a.png');
    // 1 MB left, 3 MB once the old file goes: one 2.4 MB replacement fits, a second beside it does not.
    const first = await tusCreate(u, media._id, Math.round(2.4 * MB)).expect(201);
    const second = await tusCreate(u, media._id, Math.round(2.4 * MB));
    expect(second.status).toBe(409);
    expect(JSON.parse(second.text).code).toBe('LIMIT_REACHED');
    await t.http.delete(first.headers.location as string).set(u.auth).set(tus).expect(204);
  });

  it('deleting media while its replacement converts removes both files', async () => {
    const u = await newCustomer(t);
    const old = await upload(u, await sampleClip('playable'), 'v.mp4');
    const row = await holdingJobs(async () => {
      await put(u, old._id, await sampleClip('webm'), 'w.webm').expect(200);
      const pending = await t.ctx.db.media.findUniqueOrThrow({ where: { id: old._id } });
      await t.http.delete(`/api/media/${old._id}`).set(u.auth).expect(200);
      return pending;
    });
    const names = [row.fileName, row.posterFileName, row.replacementFileName, row.replacementPosterFileName];
    expect(names.every(Boolean)).toBe(true);
    const left = (await filesOnDisk(t.ctx.config.uploadsDir)).map((f) => path.basename(f));
    for (const name of names) expect(left).not.toContain(name);
  });
});
