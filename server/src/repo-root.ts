import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The folder holding the root package.json (its `workspaces`), where prisma/migrations,
 * web/dist and player/dist live. Found by walking up rather than by a fixed depth: this code
 * runs from server/src/… (tsx, tests) and bundled from server/dist/… (`npm start`, the image).
 */
export function findRepoRoot(from: string): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    const manifest = path.join(dir, 'package.json');
    if (existsSync(manifest) && 'workspaces' in (JSON.parse(readFileSync(manifest, 'utf8')) as object)) return dir;
    if (path.dirname(dir) === dir) throw new Error(`no package.json with workspaces above ${from}`);
  }
}

export const repoRoot = findRepoRoot(path.dirname(fileURLToPath(import.meta.url)));
