import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openMigratedDatabase } from '../db/client.js';
import { verifyPassword } from '../modules/auth/passwords.js';

const run = promisify(execFile);
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const tsx = path.join(root, 'node_modules/.bin/tsx');
const script = path.join(root, 'server/src/cli/create-admin.ts');

// `npm run create-admin` against the embedded database, as on a fresh install.
describe('create-admin CLI', () => {
  let dataDir: string;
  const env = () => ({ ...process.env, DATABASE_URL: '', DATA_DIR: dataDir, LOG_LEVEL: 'silent' });

  beforeAll(async () => { dataDir = await mkdtemp(path.join(os.tmpdir(), 'pano-cli-')); });
  afterAll(async () => { await rm(dataDir, { recursive: true, force: true }); });

  it('creates an admin who can then log in, and refuses a second one with the same email', async () => {
    const args = [script, '--email', 'Yonetici@Ornek.com', '--password', 'guclu-sifre', '--first', 'Ayşe'];
    const { stdout } = await run(tsx, args, { env: env(), cwd: root });
    expect(stdout).toContain('Admin hesabı oluşturuldu: yonetici@ornek.com');

    const again = await run(tsx, args, { env: env(), cwd: root }).then(() => null, (err: { code: number; stderr: string }) => err);
    expect(again?.code).toBe(1);
    expect(again?.stderr).toContain('Bu e-posta adresi zaten kayıtlı');

    const database = await openMigratedDatabase({ dataDir });
    try {
      const admins = await database.db.user.findMany({ where: { email: 'yonetici@ornek.com' } });
      expect(admins).toHaveLength(1);
      expect(admins[0]).toMatchObject({ role: 'admin', firstName: 'Ayşe' });
      expect(await verifyPassword(admins[0]!.passwordHash, 'guclu-sifre')).toBe(true);
    } finally { await database.close(); }
  }, 120_000);

  it('rejects a short password with the Turkish rule before touching the database', async () => {
    const err = await run(tsx, [script, '--email', 'kisa@ornek.com', '--password', '123'], { env: env(), cwd: root })
      .then(() => null, (e: { code: number; stderr: string }) => e);
    expect(err?.code).toBe(1);
    expect(err?.stderr).toContain('Şifre en az 6 karakter olmalıdır');
  }, 60_000);
});
