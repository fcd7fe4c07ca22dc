import { createHash, randomBytes } from 'node:crypto';
import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_URL, asAdmin, databaseUrl } from '../../test/pg-admin.js';
import { DEFAULT_MIGRATIONS_DIR, applyPendingMigrations, diffAgainstSchema, readMigrationsList, upToDate } from './migrate.js';


/** The diff with comment lines and blank space removed: '' means no drift. */
const statements = (sql: string) =>
  sql
    .split('\n')
    .filter((l) => !l.trim().startsWith('--'))
    .join('\n')
    .trim();

async function migrationFolders() {
  const entries = await readdir(DEFAULT_MIGRATIONS_DIR, { withFileTypes: true });
  const names = entries.filter((e) => e.isDirectory()).map((e) => e.name).sort();
  return Promise.all(
    names.map(async (name) => ({
      name,
      checksum: createHash('sha256')
        .update(await readFile(path.join(DEFAULT_MIGRATIONS_DIR, name, 'migration.sql')))
        .digest('hex'),
    })),
  );
}

async function withAdmin<T>(fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const c = new pg.Client({ connectionString: ADMIN_URL });
  await c.connect();
  try {
    return await fn(c);
  } finally {
    await c.end();
  }
}

type Row = { migration_name: string; checksum: string; finished_at: Date | null; rolled_back_at: Date | null; applied_steps_count: number };

describe('migrations on PostgreSQL', () => {
  const dbNames: string[] = [];
  const freshDb = async () => {
    const name = `pano_mig_${randomBytes(6).toString('hex')}`;
    await asAdmin(`CREATE DATABASE ${name}`);
    dbNames.push(name);
    return databaseUrl(name);
  };
  let url: string;

  beforeAll(async () => {
    url = await freshDb();
  });
  afterAll(async () => {
    await withAdmin(async (c) => {
      for (const n of dbNames) await c.query(`DROP DATABASE IF EXISTS ${n} WITH (FORCE)`);
    });
  });

  it('applies every migration to an empty database, records them like Prisma, leaves no drift', async () => {
    const folders = await migrationFolders();
    expect(folders.length).toBeGreaterThan(0);

    const applied = await applyPendingMigrations({ kind: 'postgres', url });
    expect(applied).toEqual(folders.map((f) => f.name));

    expect(statements(await diffAgainstSchema({ kind: 'postgres', url }))).toBe('');

    const db = new pg.Client({ connectionString: url });
    await db.connect();
    try {
      const { rows } = await db.query<Row>('SELECT * FROM _prisma_migrations ORDER BY migration_name');
      expect(rows.map((r) => ({ name: r.migration_name, checksum: r.checksum }))).toEqual(folders);
      for (const r of rows) {
        expect(r.finished_at).toBeInstanceOf(Date);
        expect(r.rolled_back_at).toBeNull();
        expect(r.applied_steps_count).toBe(1);
      }
      // Same columns and types as the native engine's table.
      const { rows: cols } = await db.query<{ column_name: string; data_type: string }>(
        `SELECT column_name, data_type FROM information_schema.columns
         WHERE table_name = '_prisma_migrations' ORDER BY ordinal_position`,
      );
      expect(cols.map((c) => `${c.column_name}:${c.data_type}`)).toEqual([
        'id:character varying',
        'checksum:character varying',
        'finished_at:timestamp with time zone',
        'migration_name:character varying',
        'logs:text',
        'rolled_back_at:timestamp with time zone',
        'started_at:timestamp with time zone',
        'applied_steps_count:integer',
      ]);
    } finally {
      await db.end();
    }
  });

  it('applies nothing the second time', async () => {
    expect(await applyPendingMigrations({ kind: 'postgres', url })).toEqual([]);
  });

  it('knows an up-to-date database without the schema engine, and only that one', async () => {
    const list = await readMigrationsList(DEFAULT_MIGRATIONS_DIR);
    const db = new pg.Client({ connectionString: url });
    await db.connect();
    const query = async (sql: string) => (await db.query<Record<string, unknown>>(sql)).rows;
    try {
      expect(await upToDate(list, query)).toBe(true);
      // A new folder, an edited migration, a row that failed or was rolled back: the engine decides.
      const newFolder = { ...list.migrationDirectories[0]!, path: '29991231000000_next' };
      expect(await upToDate({ ...list, migrationDirectories: [...list.migrationDirectories, newFolder] }, query)).toBe(false);
      const [first, ...rest] = list.migrationDirectories;
      const edited = { ...first!, migrationFile: { ...first!.migrationFile, content: { tag: 'ok' as const, value: '-- edited' } } };
      expect(await upToDate({ ...list, migrationDirectories: [edited, ...rest] }, query)).toBe(false);
      await db.query('BEGIN');
      await db.query(`UPDATE _prisma_migrations SET finished_at = NULL WHERE migration_name = $1`, [first!.path]);
      expect(await upToDate(list, query)).toBe(false);
      await db.query('ROLLBACK');
      await db.query('BEGIN');
      await db.query(`UPDATE _prisma_migrations SET rolled_back_at = now() WHERE migration_name = $1`, [first!.path]);
      expect(await upToDate(list, query)).toBe(false);
      await db.query('ROLLBACK');
      expect(await upToDate(list, query)).toBe(true);
    } finally {
      await db.end();
    }
    const empty = new pg.Client({ connectionString: await freshDb() });
    await empty.connect();
    try {
      expect(await upToDate(list, async (sql) => (await empty.query<Record<string, unknown>>(sql)).rows)).toBe(false);
    } finally {
      await empty.end();
    }
  });

  it('applies each migration once when two processes boot together', async () => {
    const shared = await freshDb();
    const [a, b] = await Promise.all([
      applyPendingMigrations({ kind: 'postgres', url: shared }),
      applyPendingMigrations({ kind: 'postgres', url: shared }),
    ]);
    const folders = await migrationFolders();
    expect([...a, ...b].sort()).toEqual(folders.map((f) => f.name));
    const { rows } = await withAdmin(async () => {
      const db = new pg.Client({ connectionString: shared });
      await db.connect();
      try {
        return await db.query<{ n: string }>('SELECT count(*) AS n FROM _prisma_migrations');
      } finally {
        await db.end();
      }
    });
    expect(Number(rows[0]!.n)).toBe(folders.length);
  });
});

describe('migrations on PGlite', () => {
  let dir: string;
  let db: PGlite;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'pano-mig-'));
    db = await PGlite.create(dir);
  });
  afterAll(async () => {
    await db?.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('applies every migration, leaves no drift, and keeps the instance usable', async () => {
    const folders = await migrationFolders();
    const applied = await applyPendingMigrations({ kind: 'pglite', pglite: db });
    expect(applied).toEqual(folders.map((f) => f.name));
    expect(statements(await diffAgainstSchema({ kind: 'pglite', pglite: db }))).toBe('');

    const { rows } = await db.query<Row>('SELECT * FROM _prisma_migrations ORDER BY migration_name');
    expect(rows.map((r) => ({ name: r.migration_name, checksum: r.checksum }))).toEqual(folders);
    expect(rows.every((r) => r.finished_at !== null)).toBe(true);

    expect(await applyPendingMigrations({ kind: 'pglite', pglite: db })).toEqual([]);
  });
});
