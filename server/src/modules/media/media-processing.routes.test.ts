import { createHash } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZMedia } from '@pano/contract';
import { createTestApp, newCustomer, type TestApp, type TestUser } from '../../../test/harness.js';
import { filesOnDisk } from '../../storage/testing/disk-helpers.js';
import { CLIP_SECONDS, sampleClip, undecodableClip } from '../../storage/testing/sample-clips.js';
import { minimalMp4 } from '../../storage/testing/sample-files.js';
import { moovBeforeMdat, probeVideo } from '../../storage/video-tools.js';
import { loadSharp } from '../../storage/load-sharp.js';
import { recordingNotifier } from '../screens/content.fixtures.js';
import { listedWhenProcessed, outcomesOf } from './media.fixtures.js';

let t: TestApp;
const notifier = recordingNotifier();
beforeAll(async () => { t = await createTestApp({ notifier }); });
afterAll(async () => { await t.close(); });

const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');
const onDisk = (m: { filePath: string }) => path.join(t.ctx.config.uploadsDir, path.basename(m.filePath));

const upload = (u: TestUser, file: Buffer, fileName: string, name = 'Video') =>
  t.http.post('/api/media/upload').set(u.auth).field('name', name).attach('file', file, fileName);


describe('media processing with the real ffmpeg', () => {
  it('keeps a playable MP4 byte-identical and answers it ready, with its poster, length and hash', async () => {
    const u = await newCustomer(t);
    const clip = await sampleClip('playable');
    const media = ZMedia.parse((await upload(u, clip, 'a.mp4').expect(201)).body);
    expect(media).toMatchObject({ status: 'ready', progress: 100, error: null, sha256: sha(clip), width: 320, height: 240, size: clip.length });
    expect(media.durationSeconds).toBeCloseTo(CLIP_SECONDS, 1);
    expect(media.duration).toBe(media.durationSeconds);
    expect(await readFile(onDisk(media))).toEqual(clip);
    expect(media.posterUrl).toMatch(/^\/uploads\/[0-9a-f]{32}\.webp$/);
    const poster = await (await loadSharp())(onDisk({ filePath: media.posterUrl! })).metadata();
    expect(poster).toMatchObject({ format: 'webp', width: 320, height: 240 });
    // Served like any upload.
    await t.http.get(media.posterUrl!).expect(200);
  });

  it('moves the index of a faststart-less MP4 to the front, then it is ready', async () => {
    const u = await newCustomer(t);
    const clip = await sampleClip('no-faststart');
    const tmp = path.join(os.tmpdir(), `pano-nofast-${process.pid}.mp4`);
    await writeFile(tmp, clip);
    expect(await moovBeforeMdat(tmp)).toBe(false);
    const answered = ZMedia.parse((await upload(u, clip, 'b.mp4').expect(201)).body);
    expect(answered).toMatchObject({ status: 'processing', progress: 0 });
    expect(answered.posterUrl).not.toBeNull();
    const done = await listedWhenProcessed(t, u, answered._id);
    expect(done).toMatchObject({ status: 'ready', progress: 100, mimeType: 'video/mp4', error: null });
    expect(await moovBeforeMdat(onDisk(done))).toBe(true);
    const stored = await readFile(onDisk(done));
    expect(done).toMatchObject({ size: stored.length, sha256: sha(stored) });
    // The original is gone: only the new file and the poster are stored.
    expect(await filesOnDisk(t.ctx.config.uploadsDir)).not.toContain(onDisk(answered));
    expect(notifier.media.filter((e) => e.mediaId === answered._id).at(-1)).toEqual({ ownerId: u.id, mediaId: answered._id, status: 'ready', progress: 100, error: null });
    // Recorded by the system in the item's account, in the transaction of its write.
    expect(await outcomesOf(t, answered._id)).toEqual([
      { action: 'media.process', actorType: 'system', chain: u.id, changes: { status: ['processing', 'ready'], sizeBytes: [String(answered.size), String(done.size)] } },
    ]);
  });

  it.each([['hevc', 'c.mp4'], ['mkv', 'c.mkv']] as const)('converts a %s clip to an H.264 MP4 with its index first', async (kind, name) => {
    const u = await newCustomer(t);
    const answered = ZMedia.parse((await upload(u, await sampleClip(kind), name).expect(201)).body);
    expect(answered.status).toBe('processing');
    const done = await listedWhenProcessed(t, u, answered._id);
    expect(done).toMatchObject({ status: 'ready', mimeType: 'video/mp4', width: 320, height: 240 });
    expect(done.filePath).toMatch(/\.mp4$/);
    const probe = await probeVideo(t.ctx.config.ffprobePath, onDisk(done));
    expect(probe).toMatchObject({ videoCodec: 'h264', audioCodec: 'aac', pixelFormat: 'yuv420p' });
    expect(await moovBeforeMdat(onDisk(done))).toBe(true);
    expect(done.durationSeconds).toBeCloseTo(CLIP_SECONDS, 0);
    // The storage limit counts the final file.
    const row = await t.ctx.db.media.findUniqueOrThrow({ where: { id: done._id } });
    expect(Number(row.sizeBytes)).toBe((await readFile(onDisk(done))).length);
  });

  it('gives a rotated phone video its upright size', async () => {
    const u = await newCustomer(t);
    const media = ZMedia.parse((await upload(u, await sampleClip('portrait-rotated'), 'p.mp4').expect(201)).body);
    expect(media).toMatchObject({ status: 'ready', width: 240, height: 320 });
    const poster = await (await loadSharp())(onDisk({ filePath: media.posterUrl! })).metadata();
    expect(poster).toMatchObject({ width: 240, height: 320 });
  });

  it('refuses a video ffprobe cannot read with a Turkish 415 and stores nothing', async () => {
    const u = await newCustomer(t);
    const before = await filesOnDisk(t.ctx.config.uploadsDir);
    const res = await upload(u, minimalMp4(4096), 'bozuk.mp4');
    expect(res.status).toBe(415);
    expect(res.body).toMatchObject({ code: 'UNSUPPORTED_FILE_TYPE', message: expect.stringMatching(/^Video okunamadı/) as unknown });
    expect(await t.ctx.db.media.count({ where: { ownerId: u.id } })).toBe(0);
    expect(await filesOnDisk(t.ctx.config.uploadsDir)).toEqual(before);
  });

  it('ends failed, with a Turkish reason and no stored bytes, when ffmpeg cannot convert the file', async () => {
    const u = await newCustomer(t);
    const answered = ZMedia.parse((await upload(u, await undecodableClip(), 'bozuk.mp4').expect(201)).body);
    expect(answered.status).toBe('processing');
    const done = await listedWhenProcessed(t, u, answered._id);
    expect(done).toMatchObject({ status: 'failed', size: 0, filePath: '', posterUrl: null });
    expect(done.error).toMatch(/^Video dönüştürülemedi/);
    const names = (await filesOnDisk(t.ctx.config.uploadsDir)).map((f) => path.basename(f));
    expect(names).not.toContain(path.basename(answered.filePath));
    expect(names).not.toContain(path.basename(answered.posterUrl ?? 'none'));
    expect(notifier.media.filter((e) => e.mediaId === answered._id).at(-1)).toMatchObject({ status: 'failed', error: done.error });
    expect(await outcomesOf(t, answered._id)).toEqual([{
      action: 'media.processFail', actorType: 'system', chain: u.id,
      changes: { status: ['processing', 'failed'], error: [null, done.error], sizeBytes: [String(answered.size), '0'] },
    }]);
  });

  it('turns an EXIF-rotated JPEG upright and scales a huge picture down to 3840 px', async () => {
    const u = await newCustomer(t);
    const sharp = await loadSharp();
    // Stored 40×20 with orientation 6: a viewer shows it 20 wide, 40 high.
    const turned = await sharp({ create: { width: 40, height: 20, channels: 3, background: '#c00' } }).jpeg().withMetadata({ orientation: 6 }).toBuffer();
    const media = ZMedia.parse((await upload(u, turned, 'foto.jpg', 'Foto').expect(201)).body);
    expect(media).toMatchObject({ status: 'ready', width: 20, height: 40, durationSeconds: null, posterUrl: null });
    const stored = await readFile(onDisk(media));
    const meta = await sharp(stored).metadata();
    expect(meta).toMatchObject({ width: 20, height: 40 });
    expect(meta.orientation ?? 1).toBe(1);
    expect(media).toMatchObject({ size: stored.length, sha256: sha(stored) });

    const huge = await sharp({ create: { width: 5000, height: 1000, channels: 3, background: '#0c0' } }).png().toBuffer();
    const big = ZMedia.parse((await upload(u, huge, 'genis.png', 'Geniş').expect(201)).body);
    expect(big).toMatchObject({ width: 3840, height: 768 });
  });
});
