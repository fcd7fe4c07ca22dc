import path from 'node:path';
import type { Request, Response } from 'express';
import { ZMediaUploadFields } from '@pano/contract';
import type { AppContext } from '../../context.js';
import type { Media, Prisma } from '../../db/generated/client.js';
import { badRequest, unsupportedFileType } from '../../http/errors.js';
import { sniffMedia } from '../../storage/sniff-media.js';
import { formatSize } from '../../storage/format-size.js';
import { moveIntoPlace, randomFileName, removeQuietly } from '../../storage/stored-files.js';
import { receiveUpload, type IncomingFile } from '../../storage/upload-to-disk.js';
import type { ActivePurchase } from '../entitlements/active-package.js';
import { assertStorageAvailable, lockOwner, storageLimitBytes, storageLimitReached, storageUsedBytes } from '../entitlements/limits.js';
import type { UploadReservation } from './upload-reservations.js';
import { prepareUpload, type PreparedUpload } from './prepare-upload.js';
import { queueProcessing } from './media-processing.js';

type Tx = Prisma.TransactionClient;
const MISSING = 'Lütfen bir dosya seçin ve medya adı girin';

/**
 * Streams the file to a temp name, checks name, content and storage limit, then moves it
 * to a random public name inside the transaction that writes the row. Whatever fails,
 * no file stays behind: the temp and the final path are both removed.
 *
 * The storage limit is checked three times: before reading anything (already full), while
 * streaming (the bytes so far plus the customer's other uploads in flight on this instance,
 * so a file that cannot fit is cut off early), and in the writing transaction under the
 * owner's lock (the one that decides, across instances).
 */
export async function uploadMedia(ctx: AppContext, req: Request, res: Response, ownerId: string, purchase: ActivePurchase | undefined): Promise<Media> {
  const reservation = purchase && await reserveStorage(ctx, ownerId, purchase);
  let stored = false;
  let finalPath: string | undefined;
  let file: IncomingFile | undefined;
  let prepared: PreparedUpload | undefined;
  try {
    const received = await receiveUpload(req, res, {
      uploadsDir: ctx.config.uploadsDir,
      field: 'file',
      maxBytes: ctx.config.maxUploadBytes,
      tooLargeMessage: `Dosya çok büyük. En fazla ${formatSize(ctx.config.maxUploadBytes)} yüklenebilir.`,
      reserve: reservation && ((bytes) => (reservation.reserve(bytes) ? undefined : storageLimitReached(purchase))),
    });
    file = received.file;
    if (!file) throw badRequest(MISSING);
    const parsed = ZMediaUploadFields.safeParse(received.fields);
    if (!parsed.success) throw badRequest(parsed.error.issues[0]?.message ?? MISSING);
    const type = await sniffMedia(file.tempPath);
    if (!type) throw unsupportedFileType('Desteklenmeyen dosya türü. Lütfen bir görsel (JPEG, PNG, GIF, WebP) veya video (MP4, WebM, MOV) yükleyin.');
    prepared = await prepareUpload(ctx, file, type);
    const { fields } = prepared;
    const fileName = randomFileName(type.ext);
    const target = path.join(ctx.config.uploadsDir, fileName);
    const size = prepared.size;
    const tempPath = file.tempPath;
    const row = await ctx.db.$transaction(async (tx: Tx) => {
      await lockOwner(tx, ownerId);
      await assertStorageAvailable(tx, ownerId, purchase, size);
      const created = await tx.media.create({
        data: { ownerId, name: parsed.data.name, fileName, kind: type.kind, mime: type.mime, sizeBytes: BigInt(size), ...fields },
      });
      finalPath = target;
      await moveIntoPlace(tempPath, target);
      await prepared?.placePoster();
      return created;
    });
    stored = true;
    ctx.metrics.uploadBytes.inc({ kind: 'media' }, size);
    if (row.status === 'processing') await queueProcessing(ctx, row.id);
    return row;
  } catch (err) {
    await prepared?.discard();
    await removeQuietly(file?.tempPath);
    await removeQuietly(finalPath);
    throw err;
  } finally {
    reservation?.close(stored);
  }
}

/** Refuses at once when the storage is already full; otherwise this upload's share of what is left. */
async function reserveStorage(ctx: AppContext, ownerId: string, purchase: ActivePurchase): Promise<UploadReservation> {
  const stored = Number(await storageUsedBytes(ctx.db, ownerId));
  if (stored + 1 > storageLimitBytes(purchase)) throw storageLimitReached(purchase);
  return ctx.uploads.open(ownerId, stored, storageLimitBytes(purchase));
}
