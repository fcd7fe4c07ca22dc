// `npm start`: build the dashboard and player bundles if they are missing or stale, then
// run the server (embedded database unless DATABASE_URL is set). One command, one port.
import { execFileSync, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureBuilt } from './build-freshness.mjs';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));

function buildIfStale(workspace) {
  if (!existsSync(path.join(root, workspace, 'vite.config.ts'))) return;
  ensureBuilt(root, workspace, () => {
    console.log(`Building ${workspace}...`);
    execFileSync('npm', ['run', 'build', '-w', workspace], { cwd: root, stdio: 'inherit' });
  });
}

if (process.env.SKIP_BUILD !== '1') {
  buildIfStale('web');
  buildIfStale('player');
}

const tsx = path.join(root, 'node_modules', '.bin', 'tsx');
const child = spawn(tsx, [path.join(root, 'server/src/main.ts')], { cwd: root, stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
