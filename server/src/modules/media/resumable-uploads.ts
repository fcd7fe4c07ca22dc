import { readdir } from 'node:fs/promises';
import path from 'node:path';
import type { Request } from 'express';
import { FileStore } from '@tus/file-store';
import { S3Store } from '@tus/s3-store';
import { Server, type Upload } from '@tus/server';
import { ErrorCode, ZId, ZMediaUploadFields, type TErrorCode } from '@pano/contract';
import type { AppContext } from '../../context.js';
import { currentAccount } from '../../http/authenticate.js';
import { AppError } from '../../http/errors.js';
import { s3ClientConfig, type S3Storage } from '../../storage/s3-storage.js';
import { removeQuietly } from '../../storage/stored-files.js';
import { incomingDir, incomingFileName } from '../../storage/sweep-incoming.js';
import { storageLimitBytes, storageLimitReached, storageUsedBytes } from '../entitlements/limits.js';
import { replaceableMedia, replaceWithReceivedFile } from './replace-media.js';
import { storeReceivedFile, tooLargeMessage } from './upload-media.js';

/*
 * Resumable uploads with the tus 1.0 protocol at /api/uploads (docs/PRODUCT.md#resumable-uploads),
 * served by tus's own server (@tus/server) over a folder store (@tus/file-store), or tus's S3
 * store (@tus/s3-store) with STORAGE_URL: creation, HEAD,
 * PATCH and termination. An upload belongs to the customer who created it (its metadata keeps
 * the owner; anyone else's request reads it as missing), its length is known at creation and
 * checked against the package's storage then and at every PATCH, and when its last byte arrives
 * it is stored as media through the same path as a multipart upload (`storeReceivedFile`); the
 * final PATCH's answer names the new media in `Media-Id`. The store keeps its offsets on disk, so
 * an upload survives a restart; one untouched for 24 hours is removed.
 *
 * An upload whose metadata names a media item in `replaces` is a new file for that item
 * (docs/PRODUCT.md#replacing-a-file): the item is checked at creation (the caller's, a file, no
 * replacement converting), the storage limit counts that its old file will go, and the last byte
 * goes through `replaceWithReceivedFile`; `Media-Id` is then the same item's id.
 */

export const RESUMABLE_UPLOADS_PATH = '/api/uploads';
/** An upload untouched this long is abandoned: its bytes are removed (`removeAbandonedUploads`). */
export const ABANDONED_UPLOAD_MS = 24 * 60 * 60 * 1000;

const OWNER = 'ownerId';
/** The metadata key naming the media item an upload replaces. */
const REPLACES = 'replaces';

/** A refusal as tus sends it: the API's Turkish error body (docs/PRODUCT.md#errors). */
const refusal = (status: number, code: TErrorCode, message: string) => ({ status_code: status, body: JSON.stringify({ message, code }) });
const fromAppError = (err: AppError) => refusal(err.status, err.code, err.message);

/**
 * Every refusal as the API's JSON error body in Turkish (docs/PRODUCT.md#errors): tus writes some
 * (a missing Tus-Resumable, a malformed header) as English text without asking any hook, so the
 * answer is looked at on its way out. Ours are already JSON and keep their words.
 */
export async function inTurkish(answer: Response): Promise<Response> {
  if (answer.status < 400) return answer;
  const text = await answer.text();
  const { status_code, body } = text.startsWith('{') ? { status_code: answer.status, body: text } : turkish(answer.status);
  const headers = new Headers(answer.headers);
  headers.set('Content-Type', 'application/json; charset=utf-8');
  headers.set('Content-Length', String(Buffer.byteLength(body)));
  return new Response(body, { status: status_code, headers });
}

/** tus's own refusals by status, in Turkish. */
function turkish(status: number) {
  switch (status) {
    case 404: return refusal(404, ErrorCode.NOT_FOUND, 'Yükleme bulunamadı');
    case 409: return refusal(409, ErrorCode.CONFLICT, 'Yükleme kaldığı yerden sürdürülmeli: sunucudaki konum farklı');
    case 410: return refusal(410, ErrorCode.NOT_FOUND, 'Yüklemenin süresi doldu; dosyayı yeniden yükleyin');
    case 413: return refusal(413, ErrorCode.FILE_TOO_LARGE, 'Dosya çok büyük');
    case 403: case 400: case 412: return refusal(400, ErrorCode.VALIDATION, 'Geçersiz yükleme isteği');
    case 501: return refusal(400, ErrorCode.VALIDATION, 'Dosyanın boyutu yüklemenin başında bildirilmelidir');
    default: return refusal(status >= 500 ? 500 : status, ErrorCode.INTERNAL, 'Yükleme sırasında bir hata oluştu');
  }
}

/** The Express request under tus's web request: requireAuth and requireActivePackage ran on it. */
const expressOf = (req: { runtime?: { node?: { req?: unknown } } }) => req.runtime?.node?.req as Request;

/**
 * Whether this person may send a new file for the media item (throws the refusal): with approval
 * on, an editor may not change the file of content in use, on this way in as on
 * `PUT /api/media/{id}/file` (docs/architecture/approval.md). Passed in by routes.ts.
 */
export type FileReplacementCheck = (req: Request, mediaId: string) => Promise<void>;

/** The tus server, mounted by resumable-uploads.routes.ts behind the customer's token and package. */
export function resumableUploadServer(ctx: AppContext, mayReplaceFile: FileReplacementCheck): Server {
  const store = uploadStore(ctx);

  /** The check above, its refusal in tus's words; asked at creation and for every PATCH, as content may come into use meanwhile. */
  const assertMayReplace = async (req: Request, mediaId: string | null | undefined) => {
    if (!mediaId) return;
    try {
      await mayReplaceFile(req, mediaId);
    } catch (err) {
      throw err instanceof AppError ? fromAppError(err) : err;
    }
  };

  /**
   * Refuses (409, as a multipart upload would) when the upload's whole length no longer fits in
   * the package's storage beside what is stored and the owner's other unfinished uploads, so
   * many uploads begun at once cannot together write past the limit.
   */
  const assertFits = async (req: Request, self: OpenUpload & { id?: string }) => {
    const purchase = req.activePurchase;
    if (!purchase) return;
    const ownerId = currentAccount(req).id;
    const [used, open] = await Promise.all([storageUsedBytes(ctx.db, ownerId), openUploads(ctx, store, ownerId, self.id)]);
    const added = await addedBytes(ctx, ownerId, [...open, self]);
    if (Number(used) + added > storageLimitBytes(purchase)) throw fromAppError(storageLimitReached(purchase));
  };

  const server = new Server({
    path: RESUMABLE_UPLOADS_PATH,
    datastore: store,
    relativeLocation: true,
    maxSize: ctx.config.maxUploadBytes,
    // The dashboard is on the same origin: no other site's page may drive an upload.
    allowedOrigins: () => false,
    exposedHeaders: ['Media-Id'],
    onUploadCreate: async (req, upload) => {
      const node = expressOf(req);
      const ownerId = currentAccount(node).id;
      const replaced = await replacedMedia(ctx, ownerId, upload.metadata?.[REPLACES]);
      // A replacement keeps its item's name as it is: only new media need one, and a valid one.
      const name = replaced ? replaced.name : newMediaName(upload.metadata?.name);
      if (upload.size === undefined) throw refusal(400, ErrorCode.VALIDATION, 'Dosyanın boyutu yüklemenin başında bildirilmelidir');
      if (upload.size > ctx.config.maxUploadBytes) throw refusal(413, ErrorCode.FILE_TOO_LARGE, tooLargeMessage(ctx.config.maxUploadBytes));
      await assertMayReplace(node, replaced?.id);
      await assertFits(node, { size: upload.size, replaces: replaced?.id });
      const metadata: Record<string, string | null> = { ...upload.metadata, name, [OWNER]: ownerId };
      if (replaced) metadata[REPLACES] = replaced.id;
      return { metadata };
    },
    onIncomingRequest: async (req, id) => {
      if (req.method === 'POST') return;
      const node = expressOf(req);
      const upload = await store.getUpload(id).catch(() => undefined);
      if (!upload || upload.metadata?.[OWNER] !== currentAccount(node).id) throw refusal(404, ErrorCode.NOT_FOUND, 'Yükleme bulunamadı');
      if (req.method !== 'PATCH') return;
      await assertMayReplace(node, upload.metadata?.[REPLACES]);
      // The rest must still fit: other uploads may have filled the storage since this one began.
      if (upload.size !== undefined) await assertFits(node, { id, size: upload.size, replaces: upload.metadata?.[REPLACES] ?? undefined });
    },
    onUploadFinish: async (req, upload) => {
      const node = expressOf(req);
      const media = await finish(ctx, store, node, upload);
      return { headers: { 'Media-Id': media.id } };
    },
  });
  return server;
}

/** The name of new media from the upload's metadata, as the multipart form's is checked. */
function newMediaName(name: string | null | undefined): string {
  const fields = ZMediaUploadFields.safeParse({ name: name ?? '' });
  if (!fields.success) throw refusal(400, ErrorCode.VALIDATION, fields.error.issues[0]?.message ?? 'Lütfen medya adı girin');
  return fields.data.name;
}

/**
 * `replaces` at creation: the item it names, checked as the multipart way in checks it
 * (`replaceableMedia`); none for an upload of new media.
 */
async function replacedMedia(ctx: AppContext, ownerId: string, replaces: string | null | undefined) {
  if (replaces === undefined || replaces === null) return undefined;
  const id = ZId.safeParse(replaces);
  // The contract's own message for a malformed id.
  if (!id.success) throw refusal(400, ErrorCode.VALIDATION, id.error.issues[0]?.message ?? id.error.message);
  try {
    return await replaceableMedia(ctx.db, ownerId, id.data);
  } catch (err) {
    throw err instanceof AppError ? fromAppError(err) : err;
  }
}

/** The whole file received: new media, or the new file of the item the upload `replaces`. */
async function storeUpload(ctx: AppContext, req: Request, upload: Upload, tempPath: string, written: string[]) {
  const ownerId = currentAccount(req).id;
  // tus writes each PATCH as it comes: the file is hashed once it is whole, if its row keeps it.
  const file = { tempPath, size: upload.offset };
  const replaces = upload.metadata?.[REPLACES];
  if (replaces) return replaceWithReceivedFile(ctx, { ownerId, purchase: req.activePurchase, mediaId: replaces, file }, written);
  return storeReceivedFile(ctx, { ownerId, purchase: req.activePurchase, name: upload.metadata?.name ?? '', file }, written);
}

/** The last byte arrived: stored as media like a multipart upload, and the upload's own files go. */
async function finish(ctx: AppContext, store: UploadStore, req: Request, upload: Upload) {
  if (store instanceof S3Store) return finishInBucket(ctx, req, upload);
  const tempPath = path.join(store.directory, upload.id);
  const written = [tempPath];
  try {
    return await storeUpload(ctx, req, upload, tempPath, written);
  } catch (err) {
    for (const p of written) await removeQuietly(p);
    throw err instanceof AppError ? fromAppError(err) : err;
  } finally {
    // Stored or refused, the upload is over: its offsets record goes (the file was moved or removed).
    await removeQuietly(`${tempPath}.json`);
  }
}

/**
 * In a bucket (docs/architecture/storage.md#resumable-uploads-in-a-bucket) the upload is an
 * object of its own: it is downloaded to a temp file (sniffed, probed and hashed as any upload),
 * stored as media, and its objects go.
 */
async function finishInBucket(ctx: AppContext, req: Request, upload: Upload) {
  const storage = ctx.storage as S3Storage;
  const tempPath = path.join(incomingDir(ctx.config.uploadsDir), incomingFileName());
  const written = [tempPath];
  try {
    await storage.download(upload.id, tempPath);
    return await storeUpload(ctx, req, upload, tempPath, written);
  } catch (err) {
    throw err instanceof AppError ? fromAppError(err) : err;
  } finally {
    for (const p of written) await removeQuietly(p);
    // Its multipart upload is complete: what is left are the object and its record (store.remove
    // would first abort the finished multipart upload, which S3 answers 404, and stop there).
    for (const key of [upload.id, `${upload.id}.info`]) {
      await storage.remove(key).catch((err: unknown) => ctx.logger.warn({ err, key }, 'a finished upload\'s object could not be removed'));
    }
  }
}

/** The ids of the unfinished uploads: the folder's `<id>.json` records, or the bucket's `<id>.info` objects. */
async function openUploadIds(ctx: AppContext, store: UploadStore): Promise<string[]> {
  if (store instanceof S3Store) return (ctx.storage as S3Storage).rootKeysEndingWith('.info');
  const records = (await readdir(store.directory).catch(() => [] as string[])).filter((f) => f.endsWith('.json'));
  return records.map((f) => f.slice(0, -'.json'.length));
}

/** An upload's declared length and the media item it `replaces`, if any. */
type OpenUpload = { size: number; replaces: string | undefined };

/**
 * The owner's unfinished uploads (but `except`), read from the store's records: as many as the
 * 24-hour sweep leaves, and their creation is limited per person.
 */
async function openUploads(ctx: AppContext, store: UploadStore, ownerId: string, except?: string): Promise<OpenUpload[]> {
  const ids = (await openUploadIds(ctx, store)).filter((id) => id !== except);
  const uploads = await Promise.all(ids.map((id) => store.getUpload(id).catch(() => undefined)));
  return uploads.filter((upload) => upload?.metadata?.[OWNER] === ownerId)
    .map((upload) => ({ size: upload?.size ?? 0, replaces: upload?.metadata?.[REPLACES] ?? undefined }));
}

/**
 * What these uploads add to the storage once stored. Those replacing one item together count
 * what they add to its file, which goes when one of them is stored: its bytes are freed once,
 * however many uploads replace it.
 */
async function addedBytes(ctx: AppContext, ownerId: string, uploads: OpenUpload[]): Promise<number> {
  const perItem = new Map<string, number>();
  let added = 0;
  for (const { size, replaces } of uploads) {
    if (replaces) perItem.set(replaces, (perItem.get(replaces) ?? 0) + size);
    else added += size;
  }
  if (perItem.size === 0) return added;
  const replaced = await ctx.db.media.findMany({ where: { id: { in: [...perItem.keys()] }, ownerId }, select: { id: true, sizeBytes: true } });
  const freed = new Map(replaced.map((m) => [m.id, Number(m.sizeBytes)]));
  for (const [id, bytes] of perItem) added += Math.max(0, bytes - (freed.get(id) ?? 0));
  return added;
}

type UploadStore = FileStore | S3Store;

/**
 * Where uploads in progress are kept: a dot-folder of the uploads folder, which is never served;
 * in a bucket, tus's own S3 store (@tus/s3-store: each PATCH goes on as parts of a multipart
 * upload, so any instance resumes it and nothing waits on one instance's disk).
 */
function uploadStore(ctx: AppContext): UploadStore {
  const storage = ctx.config.storage;
  if (storage.kind === 's3') {
    return new S3Store({
      s3ClientConfig: { bucket: storage.bucket, ...s3ClientConfig(storage) },
      expirationPeriodInMilliseconds: ABANDONED_UPLOAD_MS,
      // Expiry by listing unfinished multipart uploads, not by object tags (R2 and Garage have none).
      useTags: false,
    });
  }
  return new FileStore({ directory: path.join(ctx.config.uploadsDir, '.tus'), expirationPeriodInMilliseconds: ABANDONED_UPLOAD_MS });
}

/** The periodic `uploads.sweep` job: removes the uploads untouched for ABANDONED_UPLOAD_MS; how many. */
export function removeAbandonedUploads(ctx: AppContext): Promise<number> {
  return uploadStore(ctx).deleteExpired();
}
