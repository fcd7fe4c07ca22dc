import { copyFile, mkdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import type { Response } from 'express';
import { assertSafeKey, type FileStorage } from './file-storage.js';
import { removeQuietly } from './stored-files.js';

/**
 * The local folder (docs/architecture/storage.md#the-local-folder): `uploads/…` keys under
 * $DATA_DIR/uploads (served by static.ts), the others under $DATA_DIR. Files arrive by rename
 * from the temp folder on the same file system, so a reader never sees half of one.
 */
export class LocalStorage implements FileStorage {
  readonly kind = 'local';

  constructor(private readonly dirs: { dataDir: string; uploadsDir: string }) {}

  /** The file behind a key. */
  pathOf(key: string): string {
    assertSafeKey(key);
    return key.startsWith('uploads/') ? path.join(this.dirs.uploadsDir, key.slice('uploads/'.length)) : path.join(this.dirs.dataDir, key);
  }

  async putFile(key: string, tempPath: string): Promise<void> {
    const target = this.pathOf(key);
    await mkdir(path.dirname(target), { recursive: true });
    try {
      await rename(tempPath, target);
    } catch (err) {
      // A temp folder on another file system (a mounted uploads volume): copied aside, then renamed.
      if ((err as NodeJS.ErrnoException).code !== 'EXDEV') throw err;
      const aside = `${target}.${randomBytes(6).toString('hex')}.tmp`;
      try {
        await copyFile(tempPath, aside);
        await rename(aside, target);
      } finally {
        await removeQuietly(aside);
      }
      await removeQuietly(tempPath);
    }
  }

  async putBytes(key: string, body: Buffer): Promise<void> {
    const target = this.pathOf(key);
    const temp = `${target}.${randomBytes(8).toString('hex')}.tmp`;
    await mkdir(path.dirname(target), { recursive: true });
    try {
      await writeFile(temp, body);
      await rename(temp, target);
    } catch (err) {
      await removeQuietly(temp);
      throw err;
    }
  }

  async withLocalFile<T>(key: string, use: (file: string) => Promise<T>): Promise<T | undefined> {
    const file = this.pathOf(key);
    if ((await this.sizeOf(key)) === undefined) return undefined;
    return use(file);
  }

  async sizeOf(key: string): Promise<number | undefined> {
    const s = await stat(this.pathOf(key)).catch(() => null);
    return s?.isFile() ? s.size : undefined;
  }

  async remove(key: string): Promise<void> {
    await removeQuietly(this.pathOf(key));
  }

  async removeAll(prefix: string): Promise<void> {
    await rm(this.pathOf(prefix.replace(/\/$/, '')), { recursive: true, force: true });
  }

  async send(res: Response, key: string, o: { headers: Record<string, string>; conditional?: boolean }): Promise<boolean> {
    const file = this.pathOf(key);
    if ((await this.sizeOf(key)) === undefined) return false;
    await new Promise<void>((resolve, reject) => {
      const conditional = o.conditional ?? false;
      res.sendFile(file, { headers: o.headers, cacheControl: false, lastModified: conditional, etag: conditional, dotfiles: 'allow' }, (err) => (err && !res.headersSent ? reject(err) : resolve()));
    });
    return true;
  }

  async publicUrl(): Promise<undefined> {
    return undefined;
  }
}
