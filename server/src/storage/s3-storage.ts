import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { DeleteObjectCommand, GetObjectCommand, HeadBucketCommand, HeadObjectCommand, ListObjectsV2Command, PutObjectCommand, S3Client, type S3ClientConfig } from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import type { Response } from 'express';
import type { S3StorageConfig, StorageConfig } from '../config/storage-url.js';
import { StartupError } from '../config/startup-checks.js';
import { assertSafeKey, type FileStorage } from './file-storage.js';
import { removeQuietly } from './stored-files.js';
import { incomingDir, incomingFileName } from './sweep-incoming.js';

/** How long a signed URL is valid, and the window its signing time is rounded down to. */
export const SIGNED_URL_TTL_S = 15 * 60;
export const SIGNING_WINDOW_S = 5 * 60;
/** How long a browser may keep the redirect to a signed URL: it is valid at least twice as long. */
export const UPLOAD_REDIRECT_MAX_AGE_S = SIGNING_WINDOW_S;

/** The content types of what Pano stores (sniff-media.ts's list, posters, APKs, screenshots). */
const TYPES: Record<string, string> = {
  jpg: 'image/jpeg', jpeg: 'image/jpeg', png: 'image/png', apng: 'image/apng', gif: 'image/gif', webp: 'image/webp',
  avif: 'image/avif', bmp: 'image/bmp', mp4: 'video/mp4', webm: 'video/webm', mov: 'video/quicktime',
  apk: 'application/vnd.android.package-archive',
};
// eslint-disable-next-line no-restricted-syntax -- file extensions are ASCII
export const contentTypeOf = (key: string) => TYPES[path.extname(key).slice(1).toLowerCase()] ?? 'application/octet-stream';

const missing = (err: unknown) => (err as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404;

/** The SDK client's settings; checksums only where the API requires them (MinIO, R2 and Garage differ in the newer ones). */
export function s3ClientConfig(c: S3StorageConfig): S3ClientConfig {
  return {
    region: c.region,
    endpoint: c.endpoint,
    forcePathStyle: c.forcePathStyle,
    credentials: c.credentials,
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  };
}

export const s3Client = (c: S3StorageConfig) => new S3Client(s3ClientConfig(c));

/**
 * An S3-compatible bucket through the official AWS SDK (docs/architecture/storage.md#the-bucket).
 * Keys are the same as the local folder's, so `storage:migrate` copies a folder as it is. Files
 * are uploaded in parts by @aws-sdk/lib-storage (streamed, any size); a local path is a temp
 * copy in this process's temp folder, removed after use.
 */
export class S3Storage implements FileStorage {
  readonly kind = 's3';
  readonly client: S3Client;

  constructor(readonly config: S3StorageConfig, private readonly tempDir: string, client?: S3Client) {
    this.client = client ?? s3Client(config);
  }

  get bucket(): string {
    return this.config.bucket;
  }

  /** Startup: the bucket must answer (a wrong name, endpoint or key says so before anything else). */
  async check(): Promise<void> {
    await this.client.send(new HeadBucketCommand({ Bucket: this.bucket }));
  }

  async putFile(key: string, tempPath: string, contentType = contentTypeOf(key)): Promise<void> {
    try {
      await this.copyIn(key, tempPath, contentType);
    } finally {
      await removeQuietly(tempPath);
    }
  }

  /** Uploads a local file under `key`, keeping the file (storage:migrate copies a folder). */
  async copyIn(key: string, file: string, contentType = contentTypeOf(key)): Promise<void> {
    assertSafeKey(key);
    await new Upload({ client: this.client, params: { Bucket: this.bucket, Key: key, Body: createReadStream(file), ContentType: contentType, CacheControl: cacheControlOf(key) } }).done();
  }

  async putBytes(key: string, body: Buffer, contentType: string): Promise<void> {
    assertSafeKey(key);
    await this.client.send(new PutObjectCommand({ Bucket: this.bucket, Key: key, Body: body, ContentType: contentType }));
  }

  async withLocalFile<T>(key: string, use: (file: string) => Promise<T>): Promise<T | undefined> {
    const temp = path.join(this.tempDir, `${incomingFileName()}${path.extname(key)}`);
    try {
      if (!(await this.download(key, temp))) return undefined;
      return await use(temp);
    } finally {
      await removeQuietly(temp);
    }
  }

  /** Copies the object to a local file; false when there is none. */
  async download(key: string, file: string): Promise<boolean> {
    assertSafeKey(key);
    const body = await this.read(key);
    if (!body) return false;
    await mkdir(path.dirname(file), { recursive: true });
    await pipeline(body, createWriteStream(file));
    return true;
  }

  /** The keys outside every folder that end in `suffix` (tus's `<id>.info` records). */
  async rootKeysEndingWith(suffix: string): Promise<string[]> {
    const out: string[] = [];
    let token: string | undefined;
    do {
      const page = await this.client.send(new ListObjectsV2Command({ Bucket: this.bucket, Delimiter: '/', ContinuationToken: token }));
      for (const o of page.Contents ?? []) if (o.Key?.endsWith(suffix)) out.push(o.Key.slice(0, -suffix.length));
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
    return out;
  }

  async sizeOf(key: string): Promise<number | undefined> {
    assertSafeKey(key);
    try {
      const head = await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key }));
      return head.ContentLength ?? 0;
    } catch (err) {
      if (missing(err)) return undefined;
      throw err;
    }
  }

  async remove(key: string): Promise<void> {
    assertSafeKey(key);
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
  }

  async removeAll(prefix: string): Promise<void> {
    assertSafeKey(prefix);
    for await (const key of this.keys(prefix)) await this.remove(key);
  }

  /** Every key under `prefix`, page by page. */
  async *keys(prefix: string): AsyncGenerator<string> {
    let token: string | undefined;
    do {
      const page = await this.client.send(new ListObjectsV2Command({ Bucket: this.bucket, Prefix: prefix, ContinuationToken: token }));
      for (const o of page.Contents ?? []) if (o.Key) yield o.Key;
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }

  async send(res: Response, key: string, o: { headers: Record<string, string> }): Promise<boolean> {
    assertSafeKey(key);
    let got;
    try {
      got = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: key }));
    } catch (err) {
      if (missing(err)) return false;
      throw err;
    }
    res.set(o.headers);
    if (got.ContentLength !== undefined) res.setHeader('Content-Length', String(got.ContentLength));
    await pipeline(got.Body as Readable, res);
    return true;
  }

  /**
   * MEDIA_PUBLIC_URL/<key>, or a GET URL signed for SIGNED_URL_TTL_S. Its signing time is rounded
   * down to SIGNING_WINDOW_S, so one file has one URL for minutes and browsers' caches hit.
   */
  async publicUrl(key: string): Promise<{ url: string; maxAgeS: number }> {
    assertSafeKey(key);
    if (this.config.publicUrl) return { url: `${this.config.publicUrl}/${key.split('/').map(encodeURIComponent).join('/')}`, maxAgeS: UPLOAD_REDIRECT_MAX_AGE_S };
    const signingDate = new Date(Math.floor(Date.now() / (SIGNING_WINDOW_S * 1000)) * SIGNING_WINDOW_S * 1000);
    const url = await getSignedUrl(this.client, new GetObjectCommand({ Bucket: this.bucket, Key: key }), { expiresIn: SIGNED_URL_TTL_S, signingDate });
    return { url, maxAgeS: UPLOAD_REDIRECT_MAX_AGE_S };
  }

  private async read(key: string): Promise<Readable | undefined> {
    try {
      return (await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: key }))).Body as Readable;
    } catch (err) {
      if (missing(err)) return undefined;
      throw err;
    }
  }
}

/** Files under a name never change (random names, never reused): cached for good, as static.ts does. */
const cacheControlOf = (key: string) => (key.startsWith('uploads/') ? 'public, max-age=31536000, immutable' : 'no-cache');

/** The temp folder an S3Storage downloads to: this instance's own, swept at start. */
export const s3TempDir = (uploadsDir: string) => incomingDir(uploadsDir);

/**
 * STORAGE_URL's bucket must answer before anything starts (docs/OPERATIONS.md#object-storage):
 * a wrong name, endpoint or key is said once, in Turkish, instead of failing every upload.
 */
export async function checkStorageReachable(config: { storage: StorageConfig; uploadsDir: string }): Promise<void> {
  if (config.storage.kind !== 's3') return;
  const bucket = new S3Storage(config.storage, s3TempDir(config.uploadsDir));
  try {
    await bucket.check();
  } catch (err) {
    const status = (err as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
    const why = status === 404 ? 'kova yok' : status === 403 ? 'erişim reddedildi (S3_ACCESS_KEY_ID / S3_SECRET_ACCESS_KEY)' : `${(err as Error).name}: ${(err as Error).message}`;
    throw new StartupError(`STORAGE_URL'deki kovaya (${config.storage.bucket}) ulaşılamıyor: ${why}`);
  } finally {
    bucket.client.destroy();
  }
}
