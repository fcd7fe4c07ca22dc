import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZLoginResponse, ZMedia, ZUser } from '@pano/contract';
import { createTestApp, newAdmin, newUser, uniqueEmail, type TestApp } from '../../../test/harness.js';
import { createInProcessRunner } from '../../jobs/in-process-runner.js';
import type { JobRunner } from '../../jobs/job-runner.js';
import { createLogger } from '../../logger.js';
import { filesOnDisk } from '../../storage/testing/disk-helpers.js';
import { sampleClip } from '../../storage/testing/sample-clips.js';
import { samplePdf } from '../../storage/testing/sample-pdfs.js';
import { tinyPng } from '../../storage/testing/sample-files.js';
import { recordingNotifier } from '../screens/content.fixtures.js';

let t: TestApp;
beforeAll(async () => { t = await createTestApp(); });
afterAll(async () => { await t.close(); });

describe('POST /api/auth/register', () => {
  it('creates a customer whose password is hashed and who can then log in', async () => {
    const email = uniqueEmail();
    const res = await t.http.post('/api/auth/register').send({ email: email.toUpperCase(), password: 'secret123' });
    expect(res.status).toBe(201);
    expect(ZUser.parse(res.body.user)).toMatchObject({ email, role: 'customer' });
    const row = await t.ctx.db.user.findUniqueOrThrow({ where: { email } });
    expect(row.passwordHash).toMatch(/^\$argon2id\$/);

    const login = await t.http.post('/api/auth/login').send({ email, password: 'secret123' });
    expect(login.status).toBe(200);
    expect(ZLoginResponse.parse(login.body).user.email).toBe(email);
  });

  it.each([
    [{ password: 'secret123' }, 'E-posta zorunludur'],
    [{ email: 'not-an-email', password: 'secret123' }, 'Geçerli bir e-posta adresi girin'],
    [{ email: uniqueEmail() }, 'Şifre zorunludur'],
    [{ email: uniqueEmail(), password: '123' }, 'Şifre en az 6 karakter olmalıdır'],
  ])('rejects %j with a Turkish message and writes nothing', async (body, message) => {
    const before = await t.ctx.db.user.count();
    const res = await t.http.post('/api/auth/register').send(body);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'VALIDATION_ERROR', message });
    expect(await t.ctx.db.user.count()).toBe(before);
  });

  it('refuses a second account with the same email (409) and keeps the first', async () => {
    const email = uniqueEmail();
    await t.http.post('/api/auth/register').send({ email, password: 'secret123' }).expect(201);
    const res = await t.http.post('/api/auth/register').send({ email, password: 'other-pass' });
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('EMAIL_TAKEN');
    await t.http.post('/api/auth/login').send({ email, password: 'secret123' }).expect(200);
  });

  it('answers malformed JSON with 400 in Turkish', async () => {
    const res = await t.http.post('/api/auth/register').set('Content-Type', 'application/json').send('{"email":');
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Geçersiz JSON gövdesi');
  });
});

describe('POST /api/auth/login', () => {
  it('says "Email veya şifre hatalı" for a wrong password and for an unknown email alike', async () => {
    const u = await newUser(t);
    const wrong = await t.http.post('/api/auth/login').send({ email: u.email, password: 'wrong-pass' });
    const unknown = await t.http.post('/api/auth/login').send({ email: uniqueEmail(), password: 'secret123' });
    for (const res of [wrong, unknown]) {
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ message: 'Email veya şifre hatalı', code: 'INVALID_CREDENTIALS' });
    }
  });
});

describe('GET /api/auth/verify', () => {
  it('returns the user for a valid token', async () => {
    const u = await newUser(t);
    const res = await t.http.get('/api/auth/verify').set(u.auth);
    expect(res.status).toBe(200);
    expect(ZUser.parse(res.body.user)._id).toBe(u.id);
  });

  it('401s without a token, with a forged token and with an expired token', async () => {
    expect((await t.http.get('/api/auth/verify')).status).toBe(401);
    expect((await t.http.get('/api/auth/verify').set('Authorization', 'Bearer abc.def.ghi')).status).toBe(401);
    const { SignJWT } = await import('jose');
    const u = await newUser(t);
    const expired = await new SignJWT({ kind: 'user' }).setProtectedHeader({ alg: 'HS256' }).setSubject(u.id).setIssuer('pano')
      .setIssuedAt(Math.floor(Date.now() / 1000) - 7200).setExpirationTime(Math.floor(Date.now() / 1000) - 3600)
      .sign(new TextEncoder().encode('test-secret-0123456789-0123456789-0123456789'));
    const res = await t.http.get('/api/auth/verify').set('Authorization', `Bearer ${expired}`);
    expect(res.status).toBe(401);
    expect(res.body.code).toBe('TOKEN_EXPIRED');
  });
});

describe('POST /api/auth/admin-register', () => {
  const body = () => ({ email: uniqueEmail('adm'), password: 'secret123', firstName: 'Ayşe', lastName: 'Yılmaz', adminKey: 'test-admin-key-123' });

  it('creates an admin with the right key', async () => {
    const res = await t.http.post('/api/auth/admin-register').send(body());
    expect(res.status).toBe(201);
    expect(res.body.user.role).toBe('admin');
  });

  it('refuses a wrong key (403) and writes nothing', async () => {
    const b = { ...body(), adminKey: 'wrong' };
    const res = await t.http.post('/api/auth/admin-register').send(b);
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ code: 'INVALID_ADMIN_KEY', message: 'Geçersiz admin anahtarı' });
    expect(await t.ctx.db.user.findUnique({ where: { email: b.email } })).toBeNull();
  });

  it('is closed with a clear Turkish message when no key is configured', async () => {
    const closed = await createTestApp({ config: { adminRegistrationKey: undefined } });
    try {
      const res = await closed.http.post('/api/auth/admin-register').send(body());
      expect(res.status).toBe(403);
      expect(res.body.code).toBe('ADMIN_REGISTRATION_CLOSED');
      expect(res.body.message).toContain('Admin kaydı bu sunucuda kapalı');
    } finally { await closed.close(); }
  });

  it('requires all five fields', async () => {
    const res = await t.http.post('/api/auth/admin-register').send({ ...body(), firstName: ' ' });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Ad zorunludur');
  });
});

describe('DELETE /api/auth/admin', () => {
  it('deletes the admin; the old token then answers 401', async () => {
    await newAdmin(t); // a colleague stays: the last admin may not leave (last-admin.routes.test.ts)
    const a = await newAdmin(t);
    const res = await t.http.delete('/api/auth/admin').set(a.auth);
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Admin hesabı silindi.');
    expect(await t.ctx.db.user.findUnique({ where: { id: a.id } })).toBeNull();
    expect((await t.http.get('/api/auth/verify').set(a.auth)).status).toBe(401);
  });

  it("removes the admin's uploaded files with the rows and tells their screens' caches", async () => {
    const notifier = recordingNotifier();
    const app = await createTestApp({ notifier });
    try {
      await newAdmin(app);
      const a = await newAdmin(app);
      const up = await app.http.post('/api/media/upload').set(a.auth).field('name', 'Logo').attach('file', tinyPng(), 'logo.png');
      expect(up.status).toBe(201);
      const file = path.join(app.ctx.config.uploadsDir, path.basename(up.body.filePath));
      expect(existsSync(file)).toBe(true);
      const screen = await app.http.post('/api/screens').set(a.auth).send({ name: 'Lobi' });
      notifier.reset();

      expect((await app.http.delete('/api/auth/admin').set(a.auth)).status).toBe(200);
      expect(existsSync(file)).toBe(false);
      expect((await app.http.get(up.body.filePath)).status).toBe(404);
      expect(await app.ctx.db.media.count({ where: { ownerId: a.id } })).toBe(0);
      expect(notifier.calls).toEqual([[screen.body._id]]);
    } finally { await app.close(); }
  });

  it("leaves none of the admin's files: a video's poster and thumbnails, a PDF's pages, a replacement still converting", async () => {
    // media.process never runs here: the replacement stays waiting beside its item.
    const inner = createInProcessRunner({ logger: createLogger('silent'), sweepEveryMs: 0 });
    const jobs: JobRunner = { ...inner, enqueue: (name, payload, opts) => (name === 'media.process' ? Promise.resolve() : inner.enqueue(name, payload, opts)) };
    const app = await createTestApp({ jobs });
    try {
      await newAdmin(app);
      const a = await newAdmin(app);
      const upload = async (file: Buffer, fileName: string) =>
        ZMedia.parse((await app.http.post('/api/media/upload').set(a.auth).field('name', fileName).attach('file', file, fileName).expect(201)).body);
      const video = await upload(await sampleClip('playable'), 'v.mp4');
      const pdf = await upload(await samplePdf(2, { size: [400, 300] }), 'menu.pdf');
      const pages = pdf.app?.kind === 'pdf' ? pdf.app.pages : [];
      for (const url of [video.posterUrl!, ...pages.map((p) => `/uploads/${p}`)]) {
        await app.http.get(`/uploads/thumbs/${path.basename(url)}`).expect(200);
      }
      const replaced = await upload(await sampleClip('playable'), 'w.mp4');
      await app.http.put(`/api/media/${replaced._id}/file`).set(a.auth).attach('file', await sampleClip('webm'), 'w.webm').expect(200);
      const waiting = await app.ctx.db.media.findUniqueOrThrow({ where: { id: replaced._id } });
      expect(waiting.replacementFileName).not.toBeNull();
      expect((await filesOnDisk(app.ctx.config.uploadsDir)).length).toBeGreaterThan(0);

      expect((await app.http.delete('/api/auth/admin').set(a.auth)).status).toBe(200);
      expect(await filesOnDisk(app.ctx.config.uploadsDir)).toEqual([]);
    } finally { await app.close(); }
  });

  it('refuses a customer (403) and keeps the account', async () => {
    const u = await newUser(t);
    expect((await t.http.delete('/api/auth/admin').set(u.auth)).status).toBe(403);
    expect(await t.ctx.db.user.findUnique({ where: { id: u.id } })).not.toBeNull();
  });
});

describe('rate limits', () => {
  it('answers 429 with a Turkish message once the login limit is used up', async () => {
    const limited = await createTestApp({ config: { authRateLimitPer15Min: 3 } });
    try {
      for (let i = 0; i < 3; i++) await limited.http.post('/api/auth/login').send({ email: 'x@y.z', password: 'nope12' });
      const res = await limited.http.post('/api/auth/login').send({ email: 'x@y.z', password: 'nope12' });
      expect(res.status).toBe(429);
      expect(res.body.code).toBe('RATE_LIMITED');
    } finally { await limited.close(); }
  });
});
