import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZApkInfo } from '@pano/contract';
import { createTestApp, newAdmin, newCustomer, type TestApp, type TestUser } from '../../../test/harness.js';
import { filesOnDisk as listFiles } from '../../storage/testing/disk-helpers.js';
import { fakeApk, tinyPng, zipWith } from '../../storage/testing/sample-files.js';

// APK releases are global (not per user), so this file assumes no other run uploads APKs at the same moment.
let t: TestApp;
beforeAll(async () => { t = await createTestApp(); });
afterAll(async () => { await t.close(); });

const filesOnDisk = (dir = t.ctx.config.uploadsDir) => listFiles(dir);

/** The download, with the body kept as raw bytes. */
const download = () => t.http.get('/api/settings/apk/download').responseType('blob');

const uploadApk = (u: TestUser | undefined, file: Buffer | undefined, version?: string, app = t) => {
  let req = app.http.post('/api/settings/apk');
  if (u) req = req.set(u.auth);
  if (version !== undefined) req = req.field('version', version);
  if (file) req = req.attach('apk', file, 'app.apk');
  return req;
};

describe('POST /api/settings/apk', () => {
  it('stores an admin’s APK and serves it as the current download', async () => {
    const admin = await newAdmin(t);
    const apk = fakeApk();
    const res = await uploadApk(admin, apk, ' 1.2.3 ');
    expect(res.status).toBe(201);
    expect(ZApkInfo.parse(res.body)).toMatchObject({ version: '1.2.3', apkUrl: '/api/settings/apk/download', size: apk.length });
    const row = await t.ctx.db.apkRelease.findFirstOrThrow({ orderBy: { createdAt: 'desc' } });
    expect(row).toMatchObject({ version: '1.2.3', uploadedById: admin.id });
    expect(row.fileName).toMatch(/^[0-9a-f]{32}\.apk$/);
    expect(existsSync(path.join(t.ctx.config.uploadsDir, 'apk', row.fileName))).toBe(true);

    const info = await t.http.get('/api/settings/apk').expect(200);
    expect(ZApkInfo.parse(info.body)).toEqual(res.body);

    const dl = await download().expect(200);
    expect(dl.headers['content-type']).toBe('application/vnd.android.package-archive');
    expect(dl.headers['content-disposition']).toBe('attachment; filename="pano-1.2.3.apk"');
    expect(dl.body).toEqual(apk);
  });

  it('replaces the previous release: old row and file go once the new one is in', async () => {
    const admin = await newAdmin(t);
    await uploadApk(admin, fakeApk(), '1.0').expect(201);
    const old = await t.ctx.db.apkRelease.findFirstOrThrow({ orderBy: { createdAt: 'desc' } });
    const second = zipWith({ 'AndroidManifest.xml': '<manifest v="2"/>' });
    const res = await uploadApk(admin, second).expect(201);
    expect(res.body.version).toBeNull();
    expect(await t.ctx.db.apkRelease.findUnique({ where: { id: old.id } })).toBeNull();
    // The replacement is recorded with the upload, in its transaction (docs/architecture/audit.md#events).
    const current = await t.ctx.db.apkRelease.findFirstOrThrow({ orderBy: { createdAt: 'desc' } });
    const event = await t.ctx.db.auditEvent.findFirstOrThrow({ where: { action: 'apk.upload', targetId: current.id } });
    expect(event.changes).toMatchObject({ replaces: ['1.0', null] });
    expect(existsSync(path.join(t.ctx.config.uploadsDir, 'apk', old.fileName))).toBe(false);
    const dl = await download().expect(200);
    expect(dl.headers['content-disposition']).toBe('attachment; filename="pano.apk"');
    expect(dl.body).toEqual(second);
  });

  it('403s a customer with the spec text and 401s without a token, storing nothing', async () => {
    const before = { rows: await t.ctx.db.apkRelease.count(), files: await filesOnDisk() };
    const res = await uploadApk(await newCustomer(t), fakeApk(), '9.9');
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ code: 'FORBIDDEN', message: 'Bu sayfayı sadece admin kullanabilir' });
    expect((await uploadApk(undefined, fakeApk(), '9.9')).status).toBe(401);
    expect(await t.ctx.db.apkRelease.count()).toBe(before.rows);
    expect(await filesOnDisk()).toEqual(before.files);
  });

  it.each([
    ['no file', undefined, '1.0', 400, 'Lütfen bir APK dosyası seçin'],
    ['an empty file', Buffer.alloc(0), '1.0', 400, 'Lütfen bir APK dosyası seçin'],
    ['a too long version', fakeApk(), 'v'.repeat(51), 400, 'Sürüm en fazla 50 karakter olabilir'],
    ['a ZIP without AndroidManifest.xml', zipWith({ 'readme.txt': 'hi' }), '1.0', 415, undefined],
    ['a PNG named .apk', tinyPng(), '1.0', 415, undefined],
  ])('refuses %s and keeps nothing', async (_what, file, version, status, message) => {
    const admin = await newAdmin(t);
    const before = { rows: await t.ctx.db.apkRelease.count(), files: await filesOnDisk() };
    const res = await uploadApk(admin, file, version);
    expect(res.status).toBe(status);
    if (message) expect(res.body.message).toBe(message);
    if (status === 415) expect(res.body).toMatchObject({ code: 'UNSUPPORTED_FILE_TYPE', message: expect.stringMatching(/^Geçersiz APK dosyası/) });
    expect(await t.ctx.db.apkRelease.count()).toBe(before.rows);
    expect(await filesOnDisk()).toEqual(before.files);
  });

  it('413s above maxApkBytes and leaves no file', async () => {
    const small = await createTestApp({ config: { maxApkBytes: 100 } });
    try {
      const admin = await newAdmin(small);
      const before = await small.ctx.db.apkRelease.count();
      const res = await uploadApk(admin, fakeApk(), '1.0', small);
      expect(res.status).toBe(413);
      expect(res.body).toMatchObject({ code: 'FILE_TOO_LARGE', message: 'APK dosyası çok büyük. En fazla 100 bayt yüklenebilir.' });
      expect(await small.ctx.db.apkRelease.count()).toBe(before);
      expect(await filesOnDisk(small.ctx.config.uploadsDir)).toEqual([]);
    } finally {
      await small.close();
    }
  });
});

describe('GET /api/settings/apk when there is none', () => {
  it('answers 404 "APK bulunamadı" for the info and the download', async () => {
    await t.ctx.db.apkRelease.deleteMany();
    for (const url of ['/api/settings/apk', '/api/settings/apk/download']) {
      const res = await t.http.get(url);
      expect(res.status).toBe(404);
      expect(res.body).toMatchObject({ code: 'NOT_FOUND', message: 'APK bulunamadı' });
    }
  });

  it('answers 404 for the download when the newest release’s file is missing', async () => {
    await t.ctx.db.apkRelease.create({ data: { version: '0.1', fileName: `missing-${Date.now()}.apk`, sizeBytes: 10n } });
    expect((await t.http.get('/api/settings/apk').expect(200)).body.version).toBe('0.1');
    const res = await t.http.get('/api/settings/apk/download');
    expect(res.status).toBe(404);
    expect(res.body.message).toBe('APK bulunamadı');
  });
});
