import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { asAdmin, databaseUrl } from '../../test/pg-admin.js';
import { DEFAULT_MIGRATIONS_DIR } from './migrate.js';

const root = path.resolve(import.meta.dirname, '../../..');
const run = promisify(execFile);

/*
 * `npm run db:migrate` (prisma/tools/migrate-dev.ts, docs/OPERATIONS.md) on a database it has to
 * bring up to date first: a developer's first run, or one after pulling others' migrations.
 */
describe('npm run db:migrate', () => {
  const name = `pano_migdev_${randomBytes(6).toString('hex')}`;
  const url = databaseUrl(name);
  afterAll(() => asAdmin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));

  // It used to apply them and then stop with 'PostgreSQL shadow DB must be provided through an
  // external factory', exit 1; only a second run went on.
  it('on a database without the migrations applies them all and goes on, writing nothing for an unchanged schema', async () => {
    const before = await readdir(DEFAULT_MIGRATIONS_DIR);
    const { stdout } = await run(process.execPath, ['--import', 'tsx', 'prisma/tools/migrate-dev.ts', '--name', 'unchanged', '--skip-generate'], {
      cwd: root, env: { ...process.env, DATABASE_URL: url },
    });
    expect(stdout).toContain(`Created database "${name}".`);
    expect(stdout).toContain('Applied pending migration');
    expect(stdout).toContain('Already in sync: schema.prisma has no changes since the last migration. Nothing written.');
    expect(await readdir(DEFAULT_MIGRATIONS_DIR)).toEqual(before);
  });
});
