import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { PrismaPg } from '@prisma/adapter-pg';
import { PGlite } from '@electric-sql/pglite';
import { PrismaPGlite } from 'pglite-prisma-adapter';
import { PrismaClient, type Prisma } from './generated/client.js';
import { applyPendingMigrations, type MigrationTarget } from './migrate.js';

export type Db = PrismaClient;
/** The client or the one a `$transaction` callback receives: what query helpers accept. */
export type DbOrTx = PrismaClient | Prisma.TransactionClient;

export type Database = {
  db: Db;
  mode: 'postgres' | 'embedded';
  migrationTarget: MigrationTarget;
  close: () => Promise<void>;
};

/** PostgreSQL when a URL is given, otherwise PGlite in `$DATA_DIR/pg`: one code path for both. */
export async function openDatabase(opts: { databaseUrl?: string; dataDir: string; poolMax?: number }): Promise<Database> {
  if (opts.databaseUrl) {
    const adapter = new PrismaPg({ connectionString: opts.databaseUrl, max: opts.poolMax ?? 10 });
    const db = new PrismaClient({ adapter });
    return { db, mode: 'postgres', migrationTarget: { kind: 'postgres', url: opts.databaseUrl }, close: () => db.$disconnect() };
  }
  const dir = path.join(opts.dataDir, 'pg');
  await mkdir(dir, { recursive: true });
  const pglite = await PGlite.create(dir);
  const db = new PrismaClient({ adapter: new PrismaPGlite(pglite) });
  return {
    db,
    mode: 'embedded',
    migrationTarget: { kind: 'pglite', pglite },
    close: async () => { await db.$disconnect(); await pglite.close(); },
  };
}

export async function openMigratedDatabase(opts: Parameters<typeof openDatabase>[0] & { log?: (m: string) => void }): Promise<Database> {
  const database = await openDatabase(opts);
  await applyPendingMigrations(database.migrationTarget, { log: opts.log });
  return database;
}
