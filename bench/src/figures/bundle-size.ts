import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build, type InlineConfig } from 'vite';
import { ratioOf, type FigureRow } from '../lib/result.js';
import { round } from '../lib/stats.js';

const benchDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const playerDir = path.resolve(benchDir, '../player');

/** gzip bytes (level 9) of the JavaScript index.html loads before anything runs: entry scripts + modulepreloads. */
export async function initialJs(outDir: string): Promise<{ bytes: number; gzip: number; files: string[] }> {
  const html = await readFile(path.join(outDir, 'index.html'), 'utf8');
  const refs = [...html.matchAll(/<(?:script[^>]*\bsrc|link[^>]*rel="modulepreload"[^>]*\bhref)="([^"]+\.js)"/g)].map((m) => m[1]!);
  let bytes = 0;
  let gzip = 0;
  const files: string[] = [];
  for (const ref of refs) {
    const file = path.join(outDir, ref.replace(/^\/player\//, '/').replace(/^\//, ''));
    const body = await readFile(file);
    bytes += body.length;
    gzip += gzipSync(body, { level: 9 }).length;
    files.push(path.basename(file));
  }
  return { bytes, gzip, files };
}

const quiet = { logLevel: 'silent' } satisfies InlineConfig;

/** P6: the player as shipped (its own vite config, into a temp folder) against React + ReactDOM + socket.io-client hello-world. */
export async function bundleSize(): Promise<FigureRow[]> {
  const tmp = path.join(benchDir, '.tmp');
  const playerOut = path.join(tmp, 'player-dist');
  const baseRoot = path.join(tmp, 'hello-react');
  await mkdir(baseRoot, { recursive: true });
  try {
    await build({ ...quiet, root: playerDir, configFile: path.join(playerDir, 'vite.config.ts'), build: { outDir: playerOut, emptyOutDir: true } });
    await writeFile(path.join(baseRoot, 'index.html'), '<!doctype html><html><body><div id="root"></div><script type="module" src="./main.js"></script></body></html>');
    await writeFile(path.join(baseRoot, 'main.js'), [
      "import { createElement } from 'react';",
      "import { createRoot } from 'react-dom/client';",
      "import { io } from 'socket.io-client';",
      "const socket = io({ transports: ['websocket'] });",
      "socket.on('hello', (m) => console.log(m));",
      "createRoot(document.getElementById('root')).render(createElement('h1', null, 'Hello'));",
    ].join('\n'));
    // Built the same way: same vite, same target, production mode, no player-specific aliases.
    await build({ ...quiet, root: baseRoot, configFile: false, build: { outDir: path.join(tmp, 'hello-dist'), emptyOutDir: true, target: 'es2020' } });
    const player = await initialJs(playerOut);
    const hello = await initialJs(path.join(tmp, 'hello-dist'));
    const kb = (b: number) => `${round(b / 1024, 1)} KB`;
    return [{
      id: 'P6', figure: 'player initial JavaScript, gzip', value: kb(player.gzip), baseline: kb(hello.gzip), ratio: ratioOf(player.gzip, hello.gzip),
      goal: '≤ 35 KB', pass: player.gzip <= 35 * 1024,
      note: `gzip -9 of ${player.files.join(', ')} (${kb(player.bytes)} raw); baseline ${kb(hello.bytes)} raw; both vite production builds, target es2020`,
    }];
  } finally {
    await rm(tmp, { recursive: true, force: true });
  }
}
