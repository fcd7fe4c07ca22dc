import { randomBytes } from 'node:crypto';
import { mkdir, rename, unlink } from 'node:fs/promises';
import path from 'node:path';

/** 32 hex chars from the CSPRNG plus the extension of the detected (not the claimed) type. */
export const randomFileName = (ext: string) => `${randomBytes(16).toString('hex')}.${ext}`;

/** Moves a received temp file to its final place (same file system, so it is atomic). */
export async function moveIntoPlace(tempPath: string, finalPath: string): Promise<void> {
  await mkdir(path.dirname(finalPath), { recursive: true });
  await rename(tempPath, finalPath);
}

/** Deletes a file if it is there; a missing file is what we wanted anyway. */
export async function removeQuietly(filePath: string | undefined): Promise<void> {
  if (!filePath) return;
  try {
    await unlink(filePath);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
}
