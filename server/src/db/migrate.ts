// Applies prisma/migrations at boot through the WASM schema engine (the native one is
// unreachable here). The engine's applyMigrations keeps `_prisma_migrations` exactly as
// `prisma migrate deploy` does, so either tool can take over a database later.
import { createHash } from 'node:crypto';
import { readFile, readdir } from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import type { PGlite } from '@electric-sql/pglite';
import { repoRoot } from '../repo-root.js';
import { NO_FILTER, openSchemaEngine, type MigrationList } from './schema-engine.js';

export type MigrationTarget = { kind: 'postgres'; url: string } | { kind: 'pglite'; pglite: PGlite };

export const DEFAULT_MIGRATIONS_DIR = path.join(repoRoot, 'prisma/migrations');
export const SCHEMA_PATH = path.join(repoRoot, 'prisma/schema.prisma');

// Applying migrations needs no models, only the connector.
const PROVIDER_ONLY_SCHEMA = 'datasource db {\n  provider = "postgresql"\n}\n';

// Our own lock, held on a dedicated session for the whole run, so that a second
// process waits (without a timeout) instead of racing. Deliberately not Prisma's
// 72707369: the engine may take that one itself on a pooled connection.
const PRISMA_LOCK_KEY = 72707369;
const BOOT_LOCK_KEY = 72707370;

/** Reads the migrations folder the way Prisma's CLI does (same shape, same order). */
export async function readMigrationsList(dir: string): Promise<MigrationList> {
  const lockPath = 'migration_lock.toml';
  const lockContent = await readFile(path.join(dir, lockPath), 'utf8').catch(() => null);
  const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
  const migrationDirectories = await Promise.all(
    entries
      .filter((e) => e.isDirectory())
      .map(async (e) => ({
        path: e.name,
        migrationFile: {
          path: 'migration.sql',
          content: await readFile(path.join(dir, e.name, 'migration.sql'), 'utf8').then(
            (value) => ({ tag: 'ok' as const, value }),
            (err: Error) => ({ tag: 'error' as const, value: err.message }),
          ),
        },
      })),
  );
  // Timestamped folder names in code-unit order, as Prisma orders them; never the host's locale.
  migrationDirectories.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  return {
    baseDir: dir,
    lockfile: { path: lockPath, content: lockContent },
    shadowDbInitScript: '',
    migrationDirectories,
  };
}

/**
 * Applies every migration under prisma/migrations not yet recorded in
 * `_prisma_migrations`; returns the names applied by this call. For PGlite the
 * instance stays open (the app shares it).
 */
export async function applyPendingMigrations(
  target: MigrationTarget,
  opts: { migrationsDir?: string; log?: (msg: string) => void } = {},
): Promise<string[]> {
  const log = opts.log ?? (() => {});
  const list = await readMigrationsList(opts.migrationsDir ?? DEFAULT_MIGRATIONS_DIR);
  if (list.migrationDirectories.length === 0) {
    log('migrate: no migrations found');
    return [];
  }
  const run = async () => {
    const started = Date.now();
    if (await upToDate(list, (sql) => queryRows(target, sql))) {
      log(`migrate: 0 applied, database up to date (${Date.now() - started} ms)`);
      return [];
    }
    const h = await openSchemaEngine(target, PROVIDER_ONLY_SCHEMA);
    try {
      const { appliedMigrationNames } = await h.engine.applyMigrations({ migrationsList: list, filters: NO_FILTER });
      for (const name of appliedMigrationNames) log(`migrate: applied ${name}`);
      log(`migrate: ${appliedMigrationNames.length} applied, database up to date (${Date.now() - started} ms)`);
      return appliedMigrationNames;
    } finally {
      await h.close();
    }
  };
  if (target.kind === 'pglite') {
    try {
      return await run();
    } finally {
      await releasePrismaLock(target.pglite);
    }
  }

  const lock = new pg.Client({ connectionString: target.url });
  await lock.connect();
  try {
    await lock.query('SELECT pg_advisory_lock($1)', [BOOT_LOCK_KEY]);
    return await run();
  } finally {
    // Ending the session releases the lock even if the unlock fails.
    await lock.query('SELECT pg_advisory_unlock($1)', [BOOT_LOCK_KEY]).catch(() => {});
    await lock.end();
  }
}

type Row = Record<string, unknown>;
type Query = (sql: string) => Promise<Row[]>;

async function queryRows(target: MigrationTarget, sql: string): Promise<Row[]> {
  if (target.kind === 'pglite') return (await target.pglite.query<Row>(sql)).rows;
  const client = new pg.Client({ connectionString: target.url });
  await client.connect();
  try {
    return (await client.query<Row>(sql)).rows;
  } finally {
    await client.end();
  }
}

/**
 * docs/PERFORMANCE.md (P4): a restart of an up-to-date database skips the schema engine,
 * whose WASM takes about half a second of CPU to load and run; an API restart with a fleet
 * waiting is exactly when that matters. Up to date = `_prisma_migrations` holds exactly the
 * folder's migrations, each finished, none rolled back, with the checksum Prisma records (the
 * SHA-256 of migration.sql). Anything else (a new folder, an edited file, a failed or foreign
 * row, no table yet) goes to the engine, which applies or reports it as before.
 */
export async function upToDate(list: MigrationList, query: Query): Promise<boolean> {
  let rows: Row[];
  try {
    rows = await query('SELECT migration_name, checksum, finished_at, rolled_back_at FROM _prisma_migrations');
  } catch {
    return false; // no table yet: a new database
  }
  const applied = new Map<string, string>();
  for (const r of rows) {
    if (r.finished_at === null || r.rolled_back_at !== null || applied.has(String(r.migration_name))) return false;
    applied.set(String(r.migration_name), String(r.checksum));
  }
  if (applied.size !== list.migrationDirectories.length) return false;
  return list.migrationDirectories.every((d) => d.migrationFile.content.tag === 'ok'
    && applied.get(d.path) === createHash('sha256').update(d.migrationFile.content.value).digest('hex'));
}

// The engine takes Prisma's session-level advisory lock and never releases it. On
// PostgreSQL closing its pool ends that session; PGlite has one session shared with
// the app, so release it there.
async function releasePrismaLock(db: PGlite): Promise<void> {
  const held = async () =>
    (
      await db.query(
        `SELECT 1 FROM pg_locks WHERE locktype = 'advisory' AND pid = pg_backend_pid()
         AND classid = 0 AND objid = ${PRISMA_LOCK_KEY} AND objsubid = 1`,
      )
    ).rows.length > 0;
  // Session locks stack: unlock until the lock is gone.
  for (let i = 0; i < 100 && (await held()); i++) await db.query(`SELECT pg_advisory_unlock(${PRISMA_LOCK_KEY})`);
}

/**
 * SQL that would bring the database to prisma/schema.prisma; empty (or only
 * comments) when there is no drift.
 */
export async function diffAgainstSchema(target: MigrationTarget, schemaPath: string = SCHEMA_PATH): Promise<string> {
  const content = await readFile(schemaPath, 'utf8');
  const files = [{ path: 'schema.prisma', content }];
  const h = await openSchemaEngine(target, content);
  try {
    const res = await h.engine.diff({
      from: { tag: 'schemaDatasource', files, configDir: path.dirname(schemaPath) },
      to: { tag: 'schemaDatamodel', files },
      script: true,
      exitCode: null,
      filters: NO_FILTER,
    });
    return res.stdout ?? '';
  } finally {
    await h.close();
  }
}
