import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ensureBuilt } from '../scripts/build-freshness.mjs';
import { repoRoot } from './support/paths';

function build(workspace: string) {
  if (!existsSync(path.join(repoRoot, workspace, 'package.json'))) return;
  // Same decision as `npm start` (scripts/build-freshness.mjs): dist must have been built from these sources.
  const built = ensureBuilt(repoRoot, workspace, () => {
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
  });
  if (!built) console.log(`[e2e] ${workspace}/dist was built from these sources, build skipped`);
}

export default function setup() {
  if (process.env.E2E_SKIP_BUILD === '1') return;
  build('web');
  build('player');
}
