import type { Request, Response } from 'express';
import { ZMediaUploadFields } from '@pano/contract';
import type { AppContext } from '../../context.js';
import type { Media, Prisma } from '../../db/generated/client.js';
import { badRequest, unsupportedFileType } from '../../http/errors.js';
import { sniffMedia, type SniffedMedia } from '../../storage/sniff-media.js';
import { formatSize } from '../../storage/format-size.js';
import { storageKey } from '../../storage/file-storage.js';
import { randomFileName, removeQuietly } from '../../storage/stored-files.js';
import { receiveUpload, type ReceivedUpload } from '../../storage/upload-to-disk.js';
import type { ActivePurchase } from '../entitlements/active-package.js';
import { assertStorageAvailable, lockOwner, storageLimitBytes, storageLimitReached, storageUsedBytes } from '../entitlements/limits.js';
import type { Freed, UploadReservation } from './upload-reservations.js';
import { queueProcessing } from './media-processing.js';
import { prepareUpload, type PreparedUpload, type ReceivedFileBytes } from './prepare-upload.js';
import { renderPdfUpload, type RenderedPdf } from './upload-pdf.js';
import { audit, changesOf, mediaTarget } from '../audit/audit.js';

type Tx = Prisma.TransactionClient;
const MISSING = 'Lütfen bir dosya seçin ve medya adı girin';
export const UNSUPPORTED_TYPE = 'Desteklenmeyen dosya türü. Lütfen bir görsel (JPEG, PNG, GIF, WebP), video (MP4, WebM, MOV) ya da PDF yükleyin.';
export const tooLargeMessage = (maxBytes: number) => `Dosya çok büyük. En fazla ${formatSize(maxBytes)} yüklenebilir.`;

/**
 * Streams the file to a temp name, checks name, content and storage limit, then stores it
 * under a random public name and writes the row. A PDF becomes a
 * document (docs/PRODUCT.md#apps): its pages' pictures are stored instead of it, and their
 * bytes are what the storage limit counts. Whatever fails, no file stays behind: the temp
 * files and the stored ones are all removed.
 *
 * The storage limit is checked three times: before reading anything (already full), while
 * streaming (the bytes so far plus the customer's other uploads in flight on this instance,
 * so a file that cannot fit is cut off early), and in the writing transaction under the
 * owner's lock (the one that decides, across instances).
 */
export async function uploadMedia(ctx: AppContext, req: Request, res: Response, ownerId: string, purchase: ActivePurchase | undefined): Promise<Media> {
  return receiveMultipart(ctx, req, res, { ownerId, purchase }, async ({ file, fields }, written) => {
    if (!file) throw badRequest(MISSING);
    const parsed = ZMediaUploadFields.safeParse(fields);
    if (!parsed.success) throw badRequest(parsed.error.issues[0]?.message ?? MISSING);
    return storeReceivedFile(ctx, { ownerId, purchase, name: parsed.data.name, file }, written);
  });
}

/**
 * A multipart request's file streamed to disk (field `file`, the upload size cap) while the
 * storage limit is watched, then `store` makes the row of it: for new media and for a
 * replacement (`freed`: the file it replaces, which goes when it is stored).
 * Whatever fails, every path in `written` (the temp file is the first) is removed.
 */
export async function receiveMultipart(
  ctx: AppContext, req: Request, res: Response, who: { ownerId: string; purchase: ActivePurchase | undefined; freed?: Freed },
  store: (received: ReceivedUpload, written: string[]) => Promise<Media>,
): Promise<Media> {
  const { ownerId, purchase } = who;
  const reservation = purchase && await reserveStorage(ctx, ownerId, purchase, who.freed);
  let stored = false;
  /** Every temp and final path this upload writes: a failure removes them all. */
  const written: string[] = [];
  try {
    const received = await receiveUpload(req, res, {
      uploadsDir: ctx.config.uploadsDir,
      field: 'file',
      maxBytes: ctx.config.maxUploadBytes,
      tooLargeMessage: tooLargeMessage(ctx.config.maxUploadBytes),
      reserve: reservation && ((bytes) => (reservation.reserve(bytes) ? undefined : storageLimitReached(purchase))),
    });
    if (received.file) written.push(received.file.tempPath);
    const row = await store(received, written);
    stored = true;
    return row;
  } catch (err) {
    for (const p of written) await removeQuietly(p);
    throw err;
  } finally {
    reservation?.close(stored);
  }
}

/** A file received whole (a multipart upload, a finished resumable one) and whose it is. */
export type ReceivedFile = {
  ownerId: string; purchase: ActivePurchase | undefined; name: string; file: ReceivedFileBytes;
};

/**
 * Checks a received file's content and stores it as media under its random public name (through
 * the storage collaborator) as the row is written: the one way in for every upload (docs/PRODUCT.md#media-api). Every path
 * it writes is added to `written`, for the caller to remove when anything fails.
 */
export async function storeReceivedFile(ctx: AppContext, received: ReceivedFile, written: string[]): Promise<Media> {
  const type = await sniffMedia(received.file.tempPath);
  if (!type) throw unsupportedFileType(UNSUPPORTED_TYPE);
  const upload: Upload = { ctx, ...received, mime: type.mime, written };
  const row = type.kind === 'pdf' ? await storePdf(upload) : await storeFile(upload, { ...type, kind: type.kind });
  ctx.metrics.uploadBytes.inc({ kind: 'media' }, received.file.size);
  return row;
}

/** An upload's event: the new item, its type and size. */
const auditUpload = (tx: Tx, m: Media) => audit(tx, {
  account: m.ownerId, action: 'media.upload', target: mediaTarget(m),
  changes: changesOf(null, { name: m.name, kind: m.kind, mime: m.mime, sizeBytes: m.sizeBytes }, ['name', 'kind', 'mime', 'sizeBytes']),
});

type Upload = ReceivedFile & { ctx: AppContext; mime: string; written: string[] };

/**
 * An image or a video: the file itself, stored under its random public name, then the row written,
 * after the quick part of processing (prepare-upload.ts: a picture turned upright, a video's
 * poster and length). A video that must be converted answers 'processing' and is queued.
 */
async function storeFile(u: Upload, type: SniffedMedia & { kind: 'image' | 'video' }): Promise<Media> {
  const row = await storeFileThen(u.ctx, u.file, type, async (tx, { fileName, prepared }) => {
    await lockOwner(tx, u.ownerId);
    await assertStorageAvailable(tx, u.ownerId, u.purchase, prepared.size);
    const media = await tx.media.create({
      data: { ownerId: u.ownerId, name: u.name, fileName, kind: type.kind, mime: u.mime, sizeBytes: BigInt(prepared.size), ...prepared.fields },
    });
    await auditUpload(tx, media);
    return media;
  });
  if (row.status === 'processing') await queueProcessing(u.ctx, row.id);
  return row;
}

/** A picture or video stored under its new random name, after the quick part of processing. */
export type StoredFile = { fileName: string; prepared: PreparedUpload };

/**
 * The one way a picture or video is stored, for new media and for a replacement: prepared
 * (prepare-upload.ts), stored under a new random name, then `writeRow` writes the row in a
 * transaction. Stored before the row (a bucket's upload may outlast a transaction); the random
 * name is unknown to anyone until the row is committed, and whatever fails until then removes it.
 */
export async function storeFileThen<T>(
  ctx: AppContext, file: ReceivedFileBytes, type: SniffedMedia & { kind: 'image' | 'video' },
  writeRow: (tx: Tx, stored: StoredFile) => Promise<T>,
): Promise<T> {
  const prepared = await prepareUpload(ctx, file, type);
  const fileName = randomFileName(type.ext);
  const key = storageKey.upload(fileName);
  try {
    await ctx.storage.putFile(key, file.tempPath);
    await prepared.placePoster();
    return await ctx.db.$transaction((tx: Tx) => writeRow(tx, { fileName, prepared }));
  } catch (err) {
    await ctx.storage.remove(key).catch(() => {}); // the refusal is what the customer needs to hear
    await prepared.discard().catch(() => {});
    throw err;
  }
}

/**
 * A PDF: a document app whose pages' pictures are stored instead of it (docs/PRODUCT.md#apps).
 */
async function storePdf(u: Upload): Promise<Media> {
  return storePdfThen(u.ctx, u, async (tx, pdf) => {
    await lockOwner(tx, u.ownerId);
    await assertStorageAvailable(tx, u.ownerId, u.purchase, pdf.bytes);
    const media = await tx.media.create({
      data: {
        ownerId: u.ownerId, name: u.name, fileName: null, kind: 'app', mime: u.mime, sizeBytes: BigInt(pdf.bytes),
        width: pdf.width, height: pdf.height, app: { kind: 'pdf', pages: pdf.pages.map((page) => page.fileName) },
      },
    });
    await auditUpload(tx, media);
    return media;
  });
}

/**
 * The one way a PDF's pages are stored, for a new document and for a replacement: drawn before
 * the transaction (so the owner's lock is not held while pages render), stored, then `writeRow`
 * writes the row. Whatever fails until the commit removes the stored pages; `written` gets the
 * pages' temp files, for the caller to remove.
 */
export async function storePdfThen<T>(
  ctx: AppContext, u: { file: ReceivedFileBytes; ownerId: string; written: string[] }, writeRow: (tx: Tx, pdf: RenderedPdf) => Promise<T>,
): Promise<T> {
  const pdf = await renderPdfUpload(ctx.config.uploadsDir, u.file.tempPath, u.ownerId);
  const keys = pdf.pages.map((page) => storageKey.upload(page.fileName));
  u.written.push(...pdf.pages.map((page) => page.tempPath));
  let row: T;
  try {
    for (const [i, page] of pdf.pages.entries()) await ctx.storage.putFile(keys[i]!, page.tempPath);
    row = await ctx.db.$transaction((tx: Tx) => writeRow(tx, pdf));
  } catch (err) {
    for (const key of keys) await ctx.storage.remove(key).catch(() => {});
    throw err;
  }
  await removeQuietly(u.file.tempPath);
  return row;
}

/**
 * Refuses at once when the storage is already full; otherwise this upload's share of what is
 * left. `freed`: the file this one replaces, which goes when it is stored; every upload of the
 * owner in flight counts it (upload-reservations.ts).
 */
async function reserveStorage(ctx: AppContext, ownerId: string, purchase: ActivePurchase, freed?: Freed): Promise<UploadReservation> {
  const stored = Number(await storageUsedBytes(ctx.db, ownerId));
  const limit = storageLimitBytes(purchase);
  if (stored + 1 > limit + (freed?.bytes ?? 0)) throw storageLimitReached(purchase);
  return ctx.uploads.open(ownerId, stored, limit, freed);
}
