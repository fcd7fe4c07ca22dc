import { readdir } from 'node:fs/promises';
import path from 'node:path';

/** Every file under a folder (temp folders included), so a test sees anything left behind. */
export async function filesOnDisk(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true }).catch(() => []);
  return entries.filter((e) => e.isFile()).map((e) => path.join(e.parentPath, e.name)).sort();
}
