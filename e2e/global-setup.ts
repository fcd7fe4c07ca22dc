import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { repoRoot } from './support/paths';

/** Newest modification time of the file, or of any file under the folder (node_modules and dist excluded). */
function newestMtime(dir: string): number {
  let newest = 0;
  if (!existsSync(dir)) return newest;
  if (statSync(dir).isFile()) return statSync(dir).mtimeMs;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const p = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(p) : statSync(p).mtimeMs);
  }
  return newest;
}

/** The built app is stale when any source it is made of (its own, or the contract) is newer. */
function isStale(workspace: string): boolean {
  const dist = path.join(repoRoot, workspace, 'dist', 'index.html');
  if (!existsSync(dist)) return true;
  const built = statSync(dist).mtimeMs;
  // This file too: how the build is made (its mode) is part of what was built.
  const sources = [path.join(repoRoot, workspace), path.join(repoRoot, 'contract', 'src'), fileURLToPath(import.meta.url)];
  if (workspace === 'web') sources.push(path.join(repoRoot, 'player', 'src'));
  return sources.some((s) => newestMtime(s) > built);
}

function build(workspace: string) {
  if (!existsSync(path.join(repoRoot, workspace, 'package.json'))) return;
  if (!isStale(workspace)) {
    console.log(`[e2e] ${workspace}/dist is up to date, build skipped`);
    return;
  }
  console.log(`[e2e] building ${workspace}...`);
  // Several engineers run e2e at once on this machine, each against a server that serves
  // <workspace>/dist. The lock keeps two builds from writing at the same time, and keeping
  // the old hashed assets (no emptyOutDir) means a page another run has open never loses
  // the scripts its index.html names.
  execFileSync(
    'flock',
    [path.join(os.tmpdir(), `pano-build-${workspace}.lock`), 'npm', 'run', 'build', '-w', workspace, '--if-present', '--', '--emptyOutDir=false'],
    // vitest runs with NODE_ENV=test, which would make vite build React's development bundle
    // (three times the size, other code paths): the tests must see what `npm run build` ships.
    { cwd: repoRoot, stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } },
  );
}

export default function setup() {
  if (process.env.E2E_SKIP_BUILD === '1') return;
  build('web');
  build('player');
}
