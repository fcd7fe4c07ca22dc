// `npm start`: build the dashboard and player bundles if they are missing or stale, then
// run the server (embedded database unless DATABASE_URL is set). One command, one port.
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));

function newestMtime(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : statSync(full).mtimeMs);
  }
  return newest;
}

function buildIfStale(workspace) {
  const dir = path.join(root, workspace);
  if (!existsSync(path.join(dir, 'vite.config.ts'))) return;
  const index = path.join(dir, 'dist', 'index.html');
  const sources = Math.max(newestMtime(dir), newestMtime(path.join(root, 'contract')));
  if (existsSync(index) && statSync(index).mtimeMs >= sources) return;
  console.log(`Building ${workspace}...`);
  execFileSync('npm', ['run', 'build', '-w', workspace], { cwd: root, stdio: 'inherit' });
}

if (process.env.SKIP_BUILD !== '1') {
  buildIfStale('web');
  buildIfStale('player');
}

const tsx = path.join(root, 'node_modules', '.bin', 'tsx');
const child = spawn(tsx, [path.join(root, 'server/src/main.ts')], { cwd: root, stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
