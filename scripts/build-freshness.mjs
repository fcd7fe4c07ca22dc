// Whether web/dist and player/dist were built from the sources in this checkout. Decided
// by a hash of everything a bundle is made of, written into dist after each build:
// modification times said "fresh" for a dist newer than its sources but built from other
// ones (another branch, a copied checkout), and the wrong code was served and tested.
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export const STAMP_FILE = '.inputs-hash';

// web imports @pano/player (the preview reuses the Player component); both import the contract.
const WORKSPACE_INPUTS = { web: ['web', 'player', 'contract'], player: ['player', 'contract'] };
const ROOT_INPUTS = ['package.json', 'package-lock.json', 'tsconfig.base.json'];
const SKIPPED = new Set(['node_modules', 'dist', 'coverage']);

function filesUnder(root, dir, out) {
  const full = path.join(root, dir);
  if (!existsSync(full)) return out;
  for (const entry of readdirSync(full, { withFileTypes: true })) {
    if (SKIPPED.has(entry.name)) continue;
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
  return existsSync(path.join(root, workspace, 'dist', 'index.html')) && existsSync(stamp)
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
  writeFileSync(stampPath(root, workspace), `${hash}\n`);
  return true;
}
