// Whether web/dist, player/dist and server/dist were built from the sources in this checkout. Decided
// by a hash of everything a bundle is made of, written into dist after each build:
// modification times said "fresh" for a dist newer than its sources but built from other
// ones (another branch, a copied checkout), and the wrong code was served and tested.
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export const STAMP_FILE = '.inputs-hash';

// web imports @pano/player (the preview reuses the Player component); all import the contract.
// The server bundle is also shaped by its build script (what stays external), web's and the
// player's by the precompression their vite configs run.
const WORKSPACE_INPUTS = {
  web: ['web', 'player', 'contract', 'scripts/precompress.mjs'],
  player: ['player', 'contract', 'scripts/precompress.mjs'],
  server: ['server', 'contract', 'scripts/build-server.mjs'],
};
/** The file a usable dist must hold. */
const ENTRY = { server: 'main.js' };
const ROOT_INPUTS = ['package.json', 'package-lock.json', 'tsconfig.base.json'];
const SKIPPED = new Set(['node_modules', 'dist', 'coverage']);

function filesUnder(root, dir, out) {
  const full = path.join(root, dir);
  if (!existsSync(full)) return out;
  if (statSync(full).isFile()) {
    out.push(dir);
    return out;
  }
  for (const entry of readdirSync(full, { withFileTypes: true })) {
    // `.dist-*`: a server build in progress (scripts/build-server.mjs).
    if (SKIPPED.has(entry.name) || entry.name.startsWith('.dist-')) continue;
    const rel = path.join(dir, entry.name);
    if (entry.isDirectory()) filesUnder(root, rel, out);
    else if (entry.isFile()) out.push(rel);
  }
  return out;
}

/** SHA-256 over the names and contents of every input of `workspace`'s bundle. */
export function inputsHash(root, workspace) {
  const files = [];
  for (const dir of WORKSPACE_INPUTS[workspace] ?? [workspace]) filesUnder(root, dir, files);
  for (const file of ROOT_INPUTS) if (existsSync(path.join(root, file))) files.push(file);
  const hash = createHash('sha256');
  for (const file of files.sort()) {
    hash.update(`${file.split(path.sep).join('/')}\0`);
    hash.update(createHash('sha256').update(readFileSync(path.join(root, file))).digest());
  }
  return hash.digest('hex');
}

const stampPath = (root, workspace) => path.join(root, workspace, 'dist', STAMP_FILE);

export function isBuildFresh(root, workspace, hash = inputsHash(root, workspace)) {
  const stamp = stampPath(root, workspace);
  return existsSync(path.join(root, workspace, 'dist', ENTRY[workspace] ?? 'index.html')) && existsSync(stamp)
    && readFileSync(stamp, 'utf8').trim() === hash;
}

/**
 * Runs `build` unless dist matches the sources, then stamps dist with the hash taken
 * before the build (a source edited during the build makes the next run build again).
 * Returns whether it built.
 */
export function ensureBuilt(root, workspace, build) {
  const hash = inputsHash(root, workspace);
  if (isBuildFresh(root, workspace, hash)) return false;
  build();
  stampBuild(root, workspace, hash);
  return true;
}

/** `ensureBuilt` for a build that runs asynchronously (`npm start` forwards signals meanwhile). */
export async function ensureBuiltAsync(root, workspace, build) {
  const hash = inputsHash(root, workspace);
  if (isBuildFresh(root, workspace, hash)) return false;
  await build();
  stampBuild(root, workspace, hash);
  return true;
}

/** Records that dist was built from the sources with this hash. */
export function stampBuild(root, workspace, hash = inputsHash(root, workspace)) {
  writeFileSync(stampPath(root, workspace), `${hash}\n`);
}
