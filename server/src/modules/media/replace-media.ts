import type { Request, Response } from 'express';
import { ErrorCode } from '@pano/contract';
import type { AppContext } from '../../context.js';
import type { DbOrTx } from '../../db/client.js';
import type { Media, Prisma } from '../../db/generated/client.js';
import { badRequest, conflict, notFound, unsupportedFileType } from '../../http/errors.js';
import { sniffMedia, type SniffedMedia } from '../../storage/sniff-media.js';
import type { ActivePurchase } from '../entitlements/active-package.js';
import { assertStorageAvailable, lockOwner } from '../entitlements/limits.js';
import { afterSwap, NO_REPLACEMENT, swapFile, type Swapped } from './media-swap.js';
import { screensShowingMedia } from './media-screens.js';
import { queueProcessing } from './media-processing.js';
import { isPdfDocument } from './pdf-document.js';
import { receiveMultipart, storeFileThen, storePdfThen, UNSUPPORTED_TYPE, type ReceivedFile } from './upload-media.js';
import { audit, mediaTarget } from '../audit/audit.js';

/*
 * 'Dosyayı Değiştir' (docs/PRODUCT.md#replacing-a-file): a file received whole (a multipart
 * `PUT /api/media/{id}/file`, or a tus upload whose metadata names the media it `replaces`)
 * takes the place of a media item's file and the item keeps its id, so every playlist, layout
 * zone and schedule holding it shows the new file. A file ready at upload (a picture, a playable
 * video, a PDF's pages) takes its place at once; a video that must be converted waits in the
 * row's replacement columns while the `media.process` job converts it, and the row keeps
 * serving the old file until then (media-processing.ts).
 */

export const KIND_MISMATCH = 'Dosya, değiştirdiği medyayla aynı türde olmalıdır: bir görsel bir görselle, bir video bir videoyla, bir PDF bir PDF ile değiştirilebilir.';
export const REPLACEMENT_PENDING = 'Bu medya için bir dosya değişikliği zaten işleniyor. Bitmesini bekleyin.';
const STILL_PROCESSING = 'Bu medya henüz işleniyor. İşlendikten sonra dosyasını değiştirebilirsiniz.';
const NO_FILE = 'Bu uygulamanın değiştirilecek bir dosyası yok; ayarlarını düzenleyin.';

/** A PDF document's pages are files; other apps have none. */
const fileKindOf = (m: Pick<Media, 'kind' | 'app'>): SniffedMedia['kind'] | undefined =>
  (m.kind !== 'app' ? m.kind : isPdfDocument(m) ? 'pdf' : undefined);

/**
 * The refusals that need none of the new file's bytes, so both ways in say them before a byte is
 * sent: the item is the caller's (404 otherwise), has a file, and nothing of it is converting.
 */
export async function replaceableMedia(db: DbOrTx, ownerId: string, mediaId: string): Promise<Media> {
  const media = await db.media.findFirst({ where: { id: mediaId, ownerId } });
  if (!media) throw notFound('Medya');
  if (!fileKindOf(media)) throw badRequest(NO_FILE);
  if (media.replacementStatus === 'processing') throw conflict(REPLACEMENT_PENDING, ErrorCode.REPLACEMENT_PENDING);
  if (media.status === 'processing') throw conflict(STILL_PROCESSING, ErrorCode.REPLACEMENT_PENDING);
  return media;
}

/** A received file and the media item it replaces. */
type ReceivedReplacement = Omit<ReceivedFile, 'name'> & { mediaId: string };

type Replacing = ReceivedReplacement & { ctx: AppContext; media: Media; mime: string; written: string[] };

/**
 * The one way a file replaces another, for both ways in. Checks the item, then the new file's
 * content and kind (a video for a video, a picture for a picture, a PDF for a PDF), stores it
 * and writes the row. Every path it writes is added to `written`, for the caller to remove when
 * anything fails. Answers the row: `replacement` says when the new file still converts.
 */
export async function replaceWithReceivedFile(ctx: AppContext, received: ReceivedReplacement, written: string[]): Promise<Media> {
  const media = await replaceableMedia(ctx.db, received.ownerId, received.mediaId);
  const type = await sniffMedia(received.file.tempPath);
  if (!type) throw unsupportedFileType(UNSUPPORTED_TYPE);
  if (type.kind !== fileKindOf(media)) throw unsupportedFileType(KIND_MISMATCH);
  const r: Replacing = { ctx, ...received, media, mime: type.mime, written };
  const row = type.kind === 'pdf' ? await replacePdf(r) : await replaceFile(r, { ...type, kind: type.kind });
  ctx.metrics.uploadBytes.inc({ kind: 'media' }, received.file.size);
  return row;
}

/**
 * Under the owner's lock: the item is checked again (a replacement may have begun meanwhile) and
 * the storage limit counts the new file instead of the old one, which goes.
 */
async function lockedReplaceable(tx: Prisma.TransactionClient, r: Replacing, newBytes: number): Promise<Media> {
  await lockOwner(tx, r.ownerId);
  const media = await replaceableMedia(tx, r.ownerId, r.mediaId);
  await assertStorageAvailable(tx, r.ownerId, r.purchase, Math.max(0, newBytes - Number(media.sizeBytes)));
  return media;
}

/**
 * A picture or a video, stored as a new upload is (`storeFileThen`). Ready now, it takes the old
 * file's place in the same transaction; a video to convert is written as the row's replacement
 * and queued.
 */
async function replaceFile(r: Replacing, type: SniffedMedia & { kind: 'image' | 'video' }): Promise<Media> {
  const { ctx } = r;
  const done = await storeFileThen(ctx, r.file, type, async (tx, { fileName, prepared }): Promise<Swapped | { queued: Media }> => {
    const media = await lockedReplaceable(tx, r, prepared.size);
    const f = prepared.fields;
    if (f.status === 'ready') {
      const next = {
        fileName, mime: r.mime, sizeBytes: BigInt(prepared.size), width: f.width, height: f.height,
        durationSec: f.durationSec, sha256: f.sha256, posterFileName: f.posterFileName,
      };
      // None: deleted since it was read (a delete takes no owner lock).
      const swapped = (await swapFile(tx, media, next, ctx.clock())) ?? gone();
      await auditReplace(tx, media, next);
      return swapped;
    }
    const [queued] = await tx.media.updateManyAndReturn({
      where: { id: media.id },
      data: {
        replacementFileName: fileName, replacementMime: r.mime, replacementSizeBytes: BigInt(prepared.size),
        replacementPosterFileName: f.posterFileName, replacementStatus: 'processing', replacementProgress: 0, replacementError: null,
      },
    });
    await auditReplace(tx, media, { mime: r.mime, sizeBytes: BigInt(prepared.size) });
    return { queued: queued ?? gone() };
  });
  // Committed: the row points at the new file now, so nothing after this may remove it.
  if ('queued' in done) {
    await queueProcessing(ctx, r.mediaId, done.queued.replacementFileName ?? undefined);
    return done.queued;
  }
  await afterSwap(ctx, done);
  return done.row;
}

/** A replacement's event: the file's type and size, before and after. */
const auditReplace = (tx: Prisma.TransactionClient, before: Media, after: { mime: string; sizeBytes: bigint }) => audit(tx, {
  account: before.ownerId, action: 'media.replace', target: mediaTarget(before),
  changes: { mime: [before.mime, after.mime], sizeBytes: [before.sizeBytes, after.sizeBytes] },
});

const gone = (): never => { throw notFound('Medya'); };

/**
 * A PDF, stored as a new document is (`storePdfThen`): its pages take the old pages' place at
 * once, and the old pictures and their thumbnails go after the commit (`afterSwap`).
 */
async function replacePdf(r: Replacing): Promise<Media> {
  const { ctx } = r;
  const done = await storePdfThen(ctx, r, async (tx, pdf): Promise<Swapped> => {
    const media = await lockedReplaceable(tx, r, pdf.bytes);
    const [row] = await tx.media.updateManyAndReturn({
      where: { id: media.id },
      data: {
        mime: r.mime, sizeBytes: BigInt(pdf.bytes), width: pdf.width, height: pdf.height, ...NO_REPLACEMENT,
        app: { ...(media.app as object), kind: 'pdf', pages: pdf.pages.map((page) => page.fileName) },
      },
    });
    await auditReplace(tx, media, { mime: r.mime, sizeBytes: BigInt(pdf.bytes) });
    return { media, row: row ?? gone(), screenIds: await screensShowingMedia(tx, r.ownerId, [media.id], ctx.clock()) };
  });
  await afterSwap(ctx, done);
  return done.row;
}

/**
 * `PUT /api/media/{id}/file`: the multipart way in (field `file`, the size cap of
 * `POST /api/media/upload`). The item is checked before a byte is read; while the file streams,
 * the storage limit counts that the old file will go.
 */
export async function replaceMediaUpload(ctx: AppContext, req: Request, res: Response, ownerId: string, mediaId: string, purchase: ActivePurchase | undefined): Promise<Media> {
  const media = await replaceableMedia(ctx.db, ownerId, mediaId);
  return receiveMultipart(ctx, req, res, { ownerId, purchase, freed: { mediaId, bytes: Number(media.sizeBytes) } }, ({ file }, written) => {
    if (!file) throw badRequest('Lütfen bir dosya seçin');
    return replaceWithReceivedFile(ctx, { ownerId, purchase, mediaId, file }, written);
  });
}
