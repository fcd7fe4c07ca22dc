import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { ensureBuilt } from '../scripts/build-freshness.mjs';
import { openMigratedDatabase } from '../server/src/db/client';
import { repoRoot } from './support/paths';

declare module 'vitest' {
  export interface ProvidedContext {
    /** An embedded database (`$DATA_DIR/pg`) holding every migration and no rows; see e2e/support/server.ts. */
    e2eDatabaseTemplate: string;
  }
}

function build(workspace: string) {
  if (!existsSync(path.join(repoRoot, workspace, 'package.json'))) return;
  // Same decision as `npm start` (scripts/build-freshness.mjs): dist must have been built from these sources.
  const built = ensureBuilt(repoRoot, workspace, () => {
    console.log(`[e2e] building ${workspace}...`);
    // Several engineers run e2e at once on this machine, each against a server that serves
    // <workspace>/dist. The lock keeps two builds from writing at the same time, and keeping
    // the old hashed assets (no emptyOutDir) means a page another run has open never loses
    // the scripts its index.html names. The server is built as `npm start` builds it
    // (scripts/build-server.mjs), which swaps the new server/dist in whole.
    const command = workspace === 'server'
      ? [process.execPath, path.join(repoRoot, 'scripts/build-server.mjs')]
      : ['npm', 'run', 'build', '-w', workspace, '--if-present', '--', '--emptyOutDir=false'];
    execFileSync(
      'flock',
      [path.join(os.tmpdir(), `pano-build-${workspace}.lock`), ...command],
      // vitest runs with NODE_ENV=test, which would make vite build React's development bundle
      // (three times the size, other code paths): the tests must see what `npm run build` ships.
      { cwd: repoRoot, stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } },
    );
  });
  if (!built) console.log(`[e2e] ${workspace}/dist was built from these sources, build skipped`);
}

/**
 * Creating an embedded database is most of a server's start (PGlite's initdb, ~12 s of the
 * ~17 s on this machine, docs/architecture/tests.md#e2e-setup): it is done once per run, with
 * the server's own migration code, and every test file's server starts on a copy.
 */
async function databaseTemplate(): Promise<{ pgDir: string; remove: () => Promise<void> }> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'pano-e2e-template-'));
  try {
    const database = await openMigratedDatabase({ dataDir });
    await database.close();
  } catch (err) {
    await rm(dataDir, { recursive: true, force: true });
    throw err;
  }
  // Only pg/: the server's lock file and everything else in DATA_DIR stay each server's own.
  return { pgDir: path.join(dataDir, 'pg'), remove: () => rm(dataDir, { recursive: true, force: true }) };
}

export default async function setup(project: TestProject) {
  if (process.env.E2E_SKIP_BUILD !== '1') {
    build('web');
    build('player');
    // The servers start from server/dist, as `npm start` runs them (e2e/support/server.ts).
    build('server');
  }
  const template = await databaseTemplate();
  project.provide('e2eDatabaseTemplate', template.pgDir);
  return template.remove;
}
