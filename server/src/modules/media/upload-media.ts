import path from 'node:path';
import type { Request, Response } from 'express';
import { ZMediaUploadFields } from '@pano/contract';
import type { AppContext } from '../../context.js';
import type { Media, Prisma } from '../../db/generated/client.js';
import { badRequest, unsupportedFileType } from '../../http/errors.js';
import { imageDimensions } from '../../storage/image-dimensions.js';
import { sniffMedia } from '../../storage/sniff-media.js';
import { formatSize } from '../../storage/format-size.js';
import { moveIntoPlace, randomFileName, removeQuietly } from '../../storage/stored-files.js';
import { receiveUpload } from '../../storage/upload-to-disk.js';
import type { ActivePurchase } from '../purchases/active-purchase.js';
import { assertStorageAvailable, lockOwner } from '../purchases/limits.js';

type Tx = Prisma.TransactionClient;
const MISSING = 'Lütfen bir dosya seçin ve medya adı girin';

/**
 * Streams the file to a temp name, checks name, content and storage limit, then moves it
 * to a random public name inside the transaction that writes the row. Whatever fails,
 * no file stays behind: the temp and the final path are both removed.
 */
export async function uploadMedia(ctx: AppContext, req: Request, res: Response, ownerId: string, purchase: ActivePurchase | undefined): Promise<Media> {
  // Cheap early refusal when the storage is already full, before streaming a large file.
  await assertStorageAvailable(ctx.db, ownerId, purchase, 1);
  const { file, fields } = await receiveUpload(req, res, {
    uploadsDir: ctx.config.uploadsDir,
    field: 'file',
    maxBytes: ctx.config.maxUploadBytes,
    tooLargeMessage: `Dosya çok büyük. En fazla ${formatSize(ctx.config.maxUploadBytes)} yüklenebilir.`,
  });
  let finalPath: string | undefined;
  try {
    if (!file) throw badRequest(MISSING);
    const parsed = ZMediaUploadFields.safeParse(fields);
    if (!parsed.success) throw badRequest(parsed.error.issues[0]?.message ?? MISSING);
    const type = await sniffMedia(file.tempPath);
    if (!type) throw unsupportedFileType('Desteklenmeyen dosya türü. Lütfen bir görsel (JPEG, PNG, GIF, WebP) veya video (MP4, WebM, MOV) yükleyin.');
    const dims = type.kind === 'image' ? await imageDimensions(file.tempPath) : { width: null, height: null };
    const fileName = randomFileName(type.ext);
    const target = path.join(ctx.config.uploadsDir, fileName);
    return await ctx.db.$transaction(async (tx: Tx) => {
      await lockOwner(tx, ownerId);
      await assertStorageAvailable(tx, ownerId, purchase, file.size);
      const row = await tx.media.create({
        data: { ownerId, name: parsed.data.name, fileName, kind: type.kind, mime: type.mime, sizeBytes: BigInt(file.size), ...dims },
      });
      finalPath = target;
      await moveIntoPlace(file.tempPath, target);
      return row;
    });
  } catch (err) {
    await removeQuietly(file?.tempPath);
    await removeQuietly(finalPath);
    throw err;
  }
}
