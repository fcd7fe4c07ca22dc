// Builds the server to plain JavaScript in server/dist, so production runs `node` alone: no
// TypeScript compiler loads and compiles ~200 modules at every start (docs/OPERATIONS.md#builds).
// One esbuild bundle per entry point with shared chunks; our own code and @pano/contract are
// inside, every other package stays external and is loaded from node_modules as usual (native
// argon2, Prisma's runtime and query-compiler wasm, PGlite's wasm and data files resolve there).
import { rm, rename } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { stampBuild, inputsHash } from './build-freshness.mjs';

const ENTRY_POINTS = {
  main: 'server/src/main.ts',
  worker: 'server/src/worker.ts',
  'create-admin': 'server/src/cli/create-admin.ts',
  'storage-migrate': 'server/src/cli/storage-migrate.ts',
  // startServer and loadConfig, for the bench's API processes (bench/src/procs/pano-server.mjs).
  server: 'server/src/server.ts',
  env: 'server/src/config/env.ts',
  // A PDF's pages are read in a process started from this file (server/src/storage/pdf-pages.ts).
  'pdf-pages.reader': 'server/src/storage/pdf-pages.reader.ts',
};

/** Bare imports are packages from node_modules, except our own workspace packages (TypeScript sources). */
const packagesExternal = {
  name: 'packages-external',
  setup(build) {
    build.onResolve({ filter: /^[^./]/ }, (args) => (args.path.startsWith('@pano/') ? undefined : { path: args.path, external: true }));
  },
};

/**
 * Builds into a sibling folder and swaps it in, so a server starting meanwhile never loads
 * half a build. Stamps server/dist with the hash of the sources it was built from.
 */
export async function buildServer(root) {
  const hash = inputsHash(root, 'server');
  // esbuild is a build tool: a production install (npm ci --omit=dev) runs a server built elsewhere.
  const esbuild = await import('esbuild');
  const dist = path.join(root, 'server', 'dist');
  const next = path.join(root, 'server', `.dist-${process.pid}`);
  await rm(next, { recursive: true, force: true });
  try {
    await esbuild.build({
      absWorkingDir: root,
      entryPoints: ENTRY_POINTS,
      outdir: next,
      bundle: true,
      splitting: true,
      format: 'esm',
      platform: 'node',
      target: 'node20',
      sourcemap: 'linked',
      chunkNames: 'chunks/[name]-[hash]',
      plugins: [packagesExternal],
      logLevel: 'warning',
    });
    await rm(dist, { recursive: true, force: true });
    await rename(next, dist);
  } finally {
    await rm(next, { recursive: true, force: true });
  }
  stampBuild(root, 'server', hash);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
  await buildServer(root);
  console.log('server/dist built');
}
