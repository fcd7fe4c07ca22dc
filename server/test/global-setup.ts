import type { TestProject } from 'vitest/node';
import pg from 'pg';
import { ensureBuiltAsync } from '../../scripts/build-freshness.mjs';
import { buildServer } from '../../scripts/build-server.mjs';
import { applyPendingMigrations } from '../src/db/migrate.js';
import { repoRoot } from '../src/repo-root.js';

const ADMIN_URL = process.env.TEST_PG_ADMIN_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres';

/**
 * A fresh, migrated database per run; tests isolate by creating their own users. And the
 * built server (server/dist) of these sources, which tests of `npm start` run.
 */
export default async function setup(project: TestProject) {
  await ensureBuiltAsync(repoRoot, 'server', () => buildServer(repoRoot));
  const name = `pano_test_${process.pid}`;
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  await applyPendingMigrations({ kind: 'postgres', url: url.toString() });
  project.provide('databaseUrl', url.toString());
  project.provide('pgAdminUrl', ADMIN_URL);

  return async () => {
    const c = new pg.Client({ connectionString: ADMIN_URL });
    await c.connect();
    await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await c.end();
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    databaseUrl: string;
    pgAdminUrl: string;
  }
}
