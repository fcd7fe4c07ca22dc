import type { Response } from 'express';

/**
 * Every stored file goes through one FileStorage (docs/architecture/storage.md#the-storage-collaborator):
 * the local folder (the default, local-storage.ts) or an S3-compatible bucket (s3-storage.ts,
 * STORAGE_URL). Rows keep keys (a random file name), never paths or URLs; a URL is made when a
 * file is shown. Processing reads and writes through it too, so it runs on any instance.
 */
export interface FileStorage {
  readonly kind: 'local' | 's3';
  /** Stores a finished file of this process's temp folder under `key`; the temp file is gone afterwards. */
  putFile(key: string, tempPath: string, contentType?: string): Promise<void>;
  /** Stores bytes held in memory (a screenshot) under `key`, replacing what was there whole. */
  putBytes(key: string, body: Buffer, contentType: string): Promise<void>;
  /**
   * Runs `use` with a local path holding `key`'s bytes: the file itself in the local folder, a
   * temp copy (removed afterwards, whatever happens) from a bucket. Undefined when there is none.
   */
  withLocalFile<T>(key: string, use: (file: string) => Promise<T>): Promise<T | undefined>;
  /** The stored size in bytes; undefined when there is no such file. */
  sizeOf(key: string): Promise<number | undefined>;
  /** Removes the file; one that is not there is what was wanted anyway. */
  remove(key: string): Promise<void>;
  /** Removes every file whose key starts with `prefix` (a folder: ends in '/'). */
  removeAll(prefix: string): Promise<void>;
  /**
   * Answers with the file's bytes (a screenshot, an APK) and these headers; `conditional` adds
   * ETag and Last-Modified (local folder). False when there is none.
   */
  send(res: Response, key: string, o: { headers: Record<string, string>; conditional?: boolean }): Promise<boolean>;
  /**
   * Where a browser fetches `key` itself in a bucket: a short-lived signed URL, or the
   * MEDIA_PUBLIC_URL address; undefined in the local folder (the API serves it).
   */
  publicUrl(key: string): Promise<{ url: string; maxAgeS: number } | undefined>;
}

/** Where each stored file lives, as a key; a local folder maps `uploads/` to $DATA_DIR/uploads. */
export const storageKey = {
  /** A media file, poster or PDF page picture, served at /uploads/<fileName>. */
  upload: (fileName: string) => `uploads/${fileName}`,
  thumb: (fileName: string) => `uploads/.thumbs/${fileName}.webp`,
  apk: (fileName: string) => `uploads/apk/${fileName}`,
  screenshot: (screenId: string, kind: string) => `screenshots/${screenId}/${kind}.jpg`,
  screenshots: (screenId: string) => `screenshots/${screenId}/`,
};

/** A key no one can turn into a path outside the storage: no empty, dot-dot or absolute parts. */
export function assertSafeKey(key: string): void {
  const parts = key.split('/');
  if (!key || key.startsWith('/') || key.includes('\\') || key.includes('\0') || parts.some((p, i) => p === '..' || p === '.' || (p === '' && i < parts.length - 1))) {
    throw new Error(`unsafe storage key: ${JSON.stringify(key)}`);
  }
}
