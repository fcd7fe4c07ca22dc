import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chmod, mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, operatorEnv, repoRoot } from '../src/cli/pano-process.fixtures.js';

type Outcome = { code: number | null; stdout: string; stderr: string };

/** `npm start` without npm (scripts/start.mjs, builds skipped), as `user` would run it. */
function start(env: Record<string, string>, user: string[] = []): Promise<Outcome> {
  const [command, ...args] = [...user, process.execPath, 'scripts/start.mjs'];
  return new Promise((resolve) => {
    execFile(command!, args, { cwd: repoRoot, env: operatorEnv({ SKIP_BUILD: '1', HOST: '127.0.0.1', ...env }), timeout: 60_000 }, (err, stdout, stderr) => {
      resolve({ code: err ? (typeof err.code === 'number' ? err.code : null) : 0, stdout, stderr });
    });
  });
}

/** What the operator reads: the lines after "Pano başlatılamadı", and nothing that looks like a stack or a zod dump. */
function refusal(outcome: Outcome): string {
  expect(outcome.code, outcome.stdout + outcome.stderr).toBe(1);
  expect(outcome.stderr).toContain('Pano başlatılamadı: ');
  expect(outcome.stderr).not.toMatch(/\n\s+at |ZodError|"code":|\[\s*\{/);
  return outcome.stderr.trim();
}

// Refused before the database folder is opened or migrated (docs/OPERATIONS.md#start-up-errors).
describe('start-up errors, in Turkish, before any migration', () => {
  let base: string;
  beforeAll(async () => { base = await mkdtemp(path.join(os.tmpdir(), 'pano-startup-')); });
  afterAll(async () => {
    await chmod(base, 0o700).catch(() => {});
    await rm(base, { recursive: true, force: true });
  });

  it('invalid environment values: one line per variable, secrets not echoed', async () => {
    const dataDir = path.join(base, 'env');
    const text = refusal(await start({
      DATA_DIR: dataDir, PORT: 'üç bin', LOG_LEVEL: 'loud', WORKERS: '2', JWT_SECRET: 'kısa-gizli', SHUTDOWN_TIMEOUT_S: '-5',
      SMTP_URL: 'https://posta:gizli-sifre@smtp.ornek.com', MAIL_FROM: 'x',
    }));
    const lines = text.split('\n').map((l) => l.trim());
    expect(lines).toEqual([
      'Pano başlatılamadı: Ortam değişkenlerinde geçersiz değer var:',
      'PORT="üç bin": 0 ile 65535 arasında bir tam sayı olmalı',
      'JWT_SECRET: en az 32 karakter olmalı',
      'WORKERS="2": 0 ya da 1 olmalı',
      'LOG_LEVEL="loud": fatal, error, warn, info, debug, trace ya da silent olmalı',
      'SHUTDOWN_TIMEOUT_S="-5": 0 ile 3600 arasında bir sayı olmalı (saniye)',
      'SMTP_URL: smtp:// ya da smtps:// ile başlayan bir adres olmalı (örnek: smtp://kullanici:sifre@smtp.ornek.com:587)',
      'MAIL_FROM="x": bir gönderen adresi olmalı (örnek: Pano <pano@ornek.com>)',
    ]);
    expect(text).not.toContain('kısa-gizli');
    expect(text).not.toContain('gizli-sifre');
    expect(existsSync(dataDir)).toBe(false);
  }, 30_000);

  describe('port already in use', () => {
    let taken: Server;
    let port: number;
    beforeAll(async () => {
      port = await freePort();
      taken = createServer();
      await new Promise<void>((resolve) => taken.listen(port, '127.0.0.1', resolve));
    });
    afterAll(() => new Promise<void>((resolve) => taken.close(() => resolve())));

    it('says which port and what to do; the database is never opened', async () => {
      const dataDir = path.join(base, 'port');
      const text = refusal(await start({ DATA_DIR: dataDir, PORT: String(port) }));
      expect(text).toBe(
        `Pano başlatılamadı: ${port} numaralı port kullanımda: başka bir program (belki çalışan başka bir Pano) onu dinliyor. ` +
        'O programı durdurun ya da PORT ile başka bir port seçin.',
      );
      expect(await readdir(dataDir)).toEqual([]);
    }, 30_000);
  });

  it('DATA_DIR that this user may not write to', async () => {
    const parent = path.join(base, 'locked');
    await mkdir(parent, { mode: 0o755 });
    await chmod(parent, 0o555);
    // root writes anywhere through CAP_DAC_OVERRIDE, so as root the server runs without it (and
    // still as root, who can read a checkout that sits in a folder only its owner may enter).
    const asRoot = process.getuid?.() === 0;
    const dataDir = path.join(parent, 'data');
    const text = refusal(await start({ DATA_DIR: dataDir, PORT: '0' }, asRoot ? ['setpriv', '--bounding-set=-dac_override,-dac_read_search', '--'] : []));
    expect(text).toBe(
      `Pano başlatılamadı: DATA_DIR klasörüne (${dataDir}) yazılamıyor: bu kullanıcının orada yazma izni yok. ` +
      'Klasörün sahibini ya da izinlerini düzeltin veya DATA_DIR ile yazılabilir bir klasör seçin.',
    );
    expect(existsSync(dataDir)).toBe(false);
  }, 30_000);

  it('DATA_DIR where a file stands', async () => {
    const file = path.join(base, 'a-file');
    await writeFile(file, 'not a folder');
    for (const dataDir of [file, path.join(file, 'data')]) {
      const text = refusal(await start({ DATA_DIR: dataDir, PORT: '0' }));
      expect(text).toBe(
        `Pano başlatılamadı: DATA_DIR klasörüne (${dataDir}) yazılamıyor: bu yol (ya da üstündeki bir parça) klasör değil, bir dosya. ` +
        'DATA_DIR ile bir klasör yolu verin.',
      );
    }
  }, 30_000);

  describe('the in-memory dev payment provider', () => {
    it.each([
      ['NODE_ENV=production', { NODE_ENV: 'production' }, 'NODE_ENV=production iken'],
      // Nothing listens there: the refusal comes before any connection.
      ['several API instances (REDIS_URL)', { REDIS_URL: 'redis://127.0.0.1:1' }, 'birden çok API sunucusuyla (REDIS_URL ayarlı) çalışırken'],
    ])('refuses to start with %s unless PAYMENTS=dev', async (_, env, where) => {
      const dataDir = path.join(base, `payments-${Object.keys(env)[0]}`);
      const text = refusal(await start({ DATA_DIR: dataDir, PORT: '0', ...env }));
      expect(text).toBe(
        'Pano başlatılamadı: Stripe anahtarları (STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY, STRIPE_WEBHOOK_SECRET) ayarlanmamış. ' +
        `${where} test kartlarıyla satış yapan geliştirme ödeme sağlayıcısı kendiliğinden açılmaz: ödemeleri yalnızca bu işlemin belleğinde tutar. ` +
        'Gerçek ödeme için Stripe anahtarlarını ayarlayın; bilerek test kartlarıyla çalışmak için PAYMENTS=dev ayarlayın.',
      );
      expect(existsSync(dataDir)).toBe(false);
    }, 30_000);
  });
});
