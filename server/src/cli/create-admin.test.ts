import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createTestApp } from '../../test/harness.js';
import { freePort, login, npm, operatorEnv, repoRoot, startPano, type PanoProcess } from './pano-process.fixtures.js';

// The README's first steps as a newcomer types them in the repository root: `npm start`,
// then `npm run create-admin -- --email … --password …`, with the embedded database. A
// relative DATA_DIR (under node_modules/.cache, ignored by git) stands in for `./data`:
// every command must read it from the root, as `npm start` does.
describe('first admin on a fresh embedded install', () => {
  const dataDir = path.join('node_modules', '.cache', `pano-first-admin-${randomUUID().slice(0, 8)}`);
  const env = operatorEnv({ DATA_DIR: dataDir, LOG_LEVEL: 'warn' });
  let port: number;
  let server: PanoProcess | undefined;
  const createAdmin = (email: string, password: string) => npm(['run', 'create-admin', '--', '--email', email, '--password', password], env);
  const setupLinks = (output: string) => [...output.matchAll(/\/register-admin\?setup=([\w-]+)/g)].map((m) => m[1]!);
  const setupAdmin = (token: string, email: string) => fetch(`${server!.url}/api/auth/setup-admin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: 'kurulum-sifresi', firstName: 'İlk', lastName: 'Yönetici', setupToken: token }),
  });

  beforeAll(async () => {
    port = await freePort();
    server = await startPano(env, port);
  }, 120_000);
  afterAll(async () => {
    await server?.stop();
    await rm(path.join(repoRoot, dataDir), { recursive: true, force: true });
  });

  it('prints a one-time setup link on the first start; it makes the first admin once', async () => {
    const [token, ...more] = setupLinks(server!.output());
    expect(token).toBeDefined();
    expect(more).toEqual([]);

    const made = await setupAdmin(token!, 'ilk@ornek.com');
    expect(made.status).toBe(201);
    expect(await login(server!.url, 'ilk@ornek.com', 'kurulum-sifresi')).toBe(200);

    const again = await setupAdmin(token!, 'ikinci@ornek.com');
    expect(again.status).toBe(403);
    expect(await again.json()).toMatchObject({ code: 'SETUP_LINK_INVALID', message: expect.stringContaining('kurulum bağlantısı geçersiz') });
    expect(await login(server!.url, 'ikinci@ornek.com', 'kurulum-sifresi')).toBe(401);
  }, 60_000);

  it('create-admin while the server runs goes through it, and the admin can log in', async () => {
    const made = await createAdmin('Yonetici@Ornek.com', 'güçlü-bir-şifre');
    expect(made.stdout).toContain('Admin hesabı oluşturuldu: yonetici@ornek.com (çalışan sunucu üzerinden)');
    expect(made.code).toBe(0);
    expect(await login(server!.url, 'yonetici@ornek.com', 'güçlü-bir-şifre')).toBe(200);

    const twice = await createAdmin('yonetici@ornek.com', 'başka-şifre');
    expect(twice.code).not.toBe(0);
    expect(twice.stderr).toContain('Hata: Bu e-posta adresi zaten kayıtlı');
  }, 60_000);

  it('a second server on the same folder is refused in Turkish, and the first keeps serving', async () => {
    const second = await startPano(env, await freePort()).then(() => 'started', (err: Error) => err.message);
    expect(second).toContain('Pano başlatılamadı: Gömülü veritabanı klasörü');
    expect(second).toContain('başka bir Pano işlemi tarafından kullanılıyor');
    expect(await login(server!.url, 'yonetici@ornek.com', 'güçlü-bir-şifre')).toBe(200);
  }, 60_000);

  it('create-admin with the server stopped opens the database itself and lets go of it', async () => {
    await server!.stop();
    const made = await createAdmin('kapali@ornek.com', 'sunucu-kapali');
    expect(made.stdout).toContain('Admin hesabı oluşturuldu: kapali@ornek.com\n');
    expect(made.code).toBe(0);
    expect(existsSync(path.join(repoRoot, dataDir, 'pano.lock'))).toBe(false);
  }, 60_000);

  it('the next start reads what it wrote, and prints no setup link once an admin exists', async () => {
    server = await startPano(env, port);
    expect(await login(server.url, 'kapali@ornek.com', 'sunucu-kapali')).toBe(200);
    expect(await login(server.url, 'yonetici@ornek.com', 'güçlü-bir-şifre')).toBe(200);
    expect(setupLinks(server.output())).toEqual([]);
  }, 60_000);

  it('refuses in Turkish, and opens nothing, when the folder is held but its server does not answer', async () => {
    const lock = path.join(repoRoot, dataDir, 'pano.lock');
    const held = await readFile(lock, 'utf8');
    // A live process (this one) whose channel port nobody listens on: a server going down.
    await writeFile(lock, JSON.stringify({ pid: process.pid, started: null, channel: { port: await freePort(), secret: 'x' } }));
    try {
      const refused = await createAdmin('reddedilen@ornek.com', 'reddedilen');
      expect(refused.code).not.toBe(0);
      expect(refused.stderr).toContain('Hata: Çalışan Pano sunucusuna ulaşılamadı');
    } finally {
      await writeFile(lock, held);
    }
    expect(await login(server!.url, 'reddedilen@ornek.com', 'reddedilen')).toBe(401);
  }, 60_000);

  it('rejects a short password with the Turkish rule', async () => {
    const refused = await createAdmin('kisa@ornek.com', '123');
    expect(refused.code).not.toBe(0);
    expect(refused.stderr).toContain('Hata: Şifre en az 6 karakter olmalıdır');
  }, 60_000);
});

describe('create-admin with PostgreSQL (DATABASE_URL)', () => {
  it('writes the admin straight to the database; the admin can log in', async () => {
    const email = `pg-${randomUUID().slice(0, 8)}@ornek.com`;
    const made = await npm(['run', 'create-admin', '--', '--email', email, '--password', 'pg-sifresi'],
      operatorEnv({ DATABASE_URL: inject('databaseUrl'), LOG_LEVEL: 'warn' }));
    expect(made.stdout).toContain(`Admin hesabı oluşturuldu: ${email}\n`);
    const t = await createTestApp();
    try {
      const res = await t.http.post('/api/auth/login').send({ email, password: 'pg-sifresi' });
      expect(res.status).toBe(200);
      expect(res.body.user).toMatchObject({ email, role: 'admin' });
    } finally {
      await t.close();
    }
  }, 60_000);
});
