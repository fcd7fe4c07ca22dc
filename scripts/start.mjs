// `npm start`, `npm run worker` and `npm run create-admin`: build what is missing or stale
// (the dashboard and player bundles for the server, and the server itself), then run the
// built server in this very process. No child process: npm passes SIGTERM and SIGINT to the
// process it started (package.json starts it with `exec`, so no shell sits in between), and
// that process is the server, which drains and exits 0 (docs/OPERATIONS.md#shutdown).
//   node scripts/start.mjs [server | worker | create-admin [args] | storage-migrate]
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { ensureBuiltAsync } from './build-freshness.mjs';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const ENTRIES = { server: 'main.js', worker: 'worker.js', 'create-admin': 'create-admin.js', 'storage-migrate': 'storage-migrate.js' };
const role = process.argv[2] in ENTRIES ? process.argv[2] : 'server';
const args = process.argv.slice(process.argv[2] in ENTRIES ? 3 : 2);

// A stop asked for while building: the build is stopped with it, and nothing starts.
let building;
let stopAsked;
const stopBuild = (signal) => {
  stopAsked ??= signal;
  building?.kill(signal);
};
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, stopBuild);

function run(command, argv, label) {
  console.log(`Building ${label}...`);
  return new Promise((resolve, reject) => {
    building = spawn(command, argv, { cwd: root, stdio: 'inherit' });
    building.once('error', reject);
    building.once('exit', (code, signal) => {
      building = undefined;
      if (stopAsked) process.exit(0);
      if (code === 0) resolve();
      else reject(new Error(`building ${label} failed (${signal ?? `exit code ${code}`})`));
    });
  });
}

if (process.env.SKIP_BUILD !== '1') {
  if (role === 'server') {
    for (const workspace of ['web', 'player']) {
      if (!existsSync(path.join(root, workspace, 'vite.config.ts'))) continue;
      await ensureBuiltAsync(root, workspace, () => run('npm', ['run', 'build', '-w', workspace], workspace));
    }
  }
  // Its own process too, so a signal can stop it; esbuild takes about a second.
  await ensureBuiltAsync(root, 'server', () => run(process.execPath, [path.join(root, 'scripts/build-server.mjs')], 'server'));
}

const entry = path.join(root, 'server', 'dist', ENTRIES[role]);
if (!existsSync(entry)) {
  console.error(`\n  Pano başlatılamadı: ${path.relative(root, entry)} yok. Önce sunucuyu derleyin: npm run build\n`);
  process.exit(1);
}
if (stopAsked) process.exit(0);
// The entry sees the arguments meant for it, as if started as `node server/dist/<entry>`.
process.argv = [process.argv[0], entry, ...args];
process.setSourceMapsEnabled(true);
// The server and the worker handle signals themselves from their first line on; until then
// (loading modules) one is kept here and handed over once the import has finished.
const handsOver = role !== 'create-admin' && role !== 'storage-migrate';
if (!handsOver) for (const signal of ['SIGINT', 'SIGTERM']) process.off(signal, stopBuild);
await import(pathToFileURL(entry).href);
if (handsOver) {
  for (const signal of ['SIGINT', 'SIGTERM']) process.off(signal, stopBuild);
  if (stopAsked) process.kill(process.pid, stopAsked);
}
