import { randomBytes, randomUUID } from 'node:crypto';
import { cp, mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { asAdmin, databaseUrl } from '../../test/pg-admin.js';
import { DEFAULT_MIGRATIONS_DIR, applyPendingMigrations } from './migrate.js';

/*
 * The accounts migration (docs/architecture/accounts.md) on a database with customers from the
 * schema before it: each user becomes the owner of an account with their id, so everything they
 * owned stays theirs and nothing is lost.
 */

const ACCOUNTS = '20261128075842_accounts';

const name = `pano_accmig_${randomBytes(6).toString('hex')}`;
let url: string;
let before: string;
let db: pg.Client;

beforeAll(async () => {
  await asAdmin(`CREATE DATABASE ${name}`);
  url = databaseUrl(name);
  // The migrations up to the one before accounts: today's schema.
  before = await mkdtemp(path.join(tmpdir(), 'pano-accmig-'));
  for (const entry of await readdir(DEFAULT_MIGRATIONS_DIR, { withFileTypes: true })) {
    if (entry.isDirectory() && entry.name >= ACCOUNTS) continue;
    await cp(path.join(DEFAULT_MIGRATIONS_DIR, entry.name), path.join(before, entry.name), { recursive: true });
  }
  await applyPendingMigrations({ kind: 'postgres', url }, { migrationsDir: before });
  db = new pg.Client({ connectionString: url });
  await db.connect();
});

afterAll(async () => {
  await db?.end();
  await rm(before, { recursive: true, force: true });
  await asAdmin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
});

it('gives every existing user an account of their own with their id, keeping what they owned and bought', async () => {
  const ayse = randomUUID();
  const admin_ = randomUUID();
  const noName = randomUUID();
  await db.query(`INSERT INTO users (id, email, "passwordHash", "firstName", "lastName", role) VALUES
    ($1, 'ayse@ornek.com', 'x', 'Ayşe', 'Yılmaz', 'customer'), ($2, 'admin@ornek.com', 'x', 'Ali', NULL, 'admin'),
    ($3, 'isimsiz@ornek.com', 'x', NULL, NULL, 'customer')`, [ayse, admin_, noName]);
  const screen = randomUUID();
  const media = randomUUID();
  const purchase = randomUUID();
  await db.query(`INSERT INTO screens (id, "ownerId", name) VALUES ($1, $2, 'Lobi')`, [screen, ayse]);
  await db.query(`INSERT INTO media (id, "ownerId", name, "fileName", mime, "sizeBytes", kind)
    VALUES ($1, $2, 'Afiş', 'afis.png', 'image/png', 10, 'image')`, [media, ayse]);
  await db.query(`INSERT INTO purchases (id, "userId", status, provider, amount, "packageName", "durationDays", "maxMediaUploadGb", "maxScreens", "maxPlaylists")
    VALUES ($1, $2, 'completed', 'test', 499, 'Temel', 30, 5, 3, 10)`, [purchase, ayse]);

  // The accounts migration first, then whatever came after it.
  expect((await applyPendingMigrations({ kind: 'postgres', url }))[0]).toBe(ACCOUNTS);

  const accounts = await db.query(`SELECT id, name FROM accounts ORDER BY name`);
  expect(accounts.rows).toEqual([
    { id: admin_, name: 'Ali' }, { id: ayse, name: 'Ayşe Yılmaz' }, { id: noName, name: 'isimsiz@ornek.com' },
  ]);
  const members = await db.query(`SELECT "accountId", "userId", role FROM memberships ORDER BY "accountId"`);
  expect(members.rows).toHaveLength(3);
  for (const m of members.rows) expect(m).toEqual({ accountId: m.userId, userId: m.userId, role: 'owner' });
  expect((await db.query(`SELECT "ownerId" FROM screens WHERE id = $1`, [screen])).rows).toEqual([{ ownerId: ayse }]);
  expect((await db.query(`SELECT "ownerId" FROM media WHERE id = $1`, [media])).rows).toEqual([{ ownerId: ayse }]);
  expect((await db.query(`SELECT "userId", "accountId", "maxMembers" FROM purchases WHERE id = $1`, [purchase])).rows)
    .toEqual([{ userId: ayse, accountId: ayse, maxMembers: 5 }]);

  // What they own now hangs on the account: deleting it takes the screen with it, the user stays.
  await db.query(`DELETE FROM accounts WHERE id = $1`, [ayse]);
  expect((await db.query(`SELECT count(*)::int AS n FROM screens WHERE id = $1`, [screen])).rows[0].n).toBe(0);
  expect((await db.query(`SELECT count(*)::int AS n FROM users WHERE id = $1`, [ayse])).rows[0].n).toBe(1);
});
