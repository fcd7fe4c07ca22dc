import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { PrismaPg } from '@prisma/adapter-pg';
import { PGlite } from '@electric-sql/pglite';
import { PrismaPGlite } from 'pglite-prisma-adapter';
import { PrismaClient, type Prisma } from './generated/client.js';
import { acquireDataDirLock, type DataDirLock } from './data-dir-lock.js';
import { applyPendingMigrations, type MigrationTarget } from './migrate.js';

export type Db = PrismaClient;
/** The client or the one a `$transaction` callback receives: what query helpers accept. */
export type DbOrTx = PrismaClient | Prisma.TransactionClient;

export type Database = {
  db: Db;
  mode: 'postgres' | 'embedded';
  migrationTarget: MigrationTarget;
  /** Embedded mode only: this process's hold on `$DATA_DIR` (no second writer may open it). */
  dataDirLock?: DataDirLock;
  close: () => Promise<void>;
};

type OpenOptions = {
  databaseUrl?: string;
  dataDir: string;
  poolMax?: number;
  /** How long to wait for another process (a CLI, a booting server) to let go of `$DATA_DIR`. */
  lockWaitMs?: number;
};

/** PostgreSQL when a URL is given, otherwise PGlite in `$DATA_DIR/pg`: one code path for both. */
export async function openDatabase(opts: OpenOptions): Promise<Database> {
  if (opts.databaseUrl) {
    const adapter = new PrismaPg({ connectionString: opts.databaseUrl, max: opts.poolMax ?? 10 });
    const db = new PrismaClient({ adapter });
    return { db, mode: 'postgres', migrationTarget: { kind: 'postgres', url: opts.databaseUrl }, close: () => db.$disconnect() };
  }
  const dataDirLock = await acquireDataDirLock(opts.dataDir, opts.lockWaitMs ?? 30_000);
  try {
    const dir = path.join(opts.dataDir, 'pg');
    await mkdir(dir, { recursive: true });
    const pglite = await PGlite.create(dir);
    const db = new PrismaClient({ adapter: new PrismaPGlite(pglite) });
    return {
      db,
      mode: 'embedded',
      migrationTarget: { kind: 'pglite', pglite },
      dataDirLock,
      close: async () => {
        try { await db.$disconnect(); await pglite.close(); } finally { await dataDirLock.release(); }
      },
    };
  } catch (err) {
    await dataDirLock.release();
    throw err;
  }
}

export async function openMigratedDatabase(opts: OpenOptions & { log?: (m: string) => void }): Promise<Database> {
  const database = await openDatabase(opts);
  try {
    await applyPendingMigrations(database.migrationTarget, { log: opts.log });
  } catch (err) {
    await database.close();
    throw err;
  }
  return database;
}
