import path from 'node:path';
import { ErrorCode, SCREENSHOT_MAX_BYTES, SCREENSHOT_MAX_PIXELS, SCREENSHOT_MAX_WIDTH, type TScreenshotKind, type TScreenshotStored } from '@pano/contract';
import type { AppContext } from '../../context.js';
import { AppError, badRequest, conflict, fileTooLarge, notFound, unsupportedFileType } from '../../http/errors.js';
import { formatSize } from '../../storage/format-size.js';
import { loadSharp } from '../../storage/load-sharp.js';
import { storageKey, type FileStorage } from '../../storage/file-storage.js';
import type { AuthDevice } from '../devices/device-auth.js';

/**
 * docs/architecture/devices.md#health: the newest screenshot and thumbnail of each screen, stored
 * under `screenshots/<screenId>/<kind>.jpg` (`$DATA_DIR/screenshots/…` in the local folder: outside
 * the public uploads, so only the owner may read them, through GET /api/screens/{id}/screenshot).
 * Several instances share them through the bucket (docker-compose.yml). The row in screen_health
 * says which is newest.
 */
/** Where the local folder keeps a screen's image (storageKey.screenshot under $DATA_DIR). */
export const screenshotPath = (dataDir: string, screenId: string, kind: TScreenshotKind) => path.join(dataDir, storageKey.screenshot(screenId, kind));

export const tooLargeMessage = `Ekran görüntüsü çok büyük. En fazla ${formatSize(SCREENSHOT_MAX_BYTES)} olabilir.`;

const notJpeg = () => unsupportedFileType('Geçersiz JPEG dosyası. Ekran görüntüsü JPEG olarak gönderilmelidir.');
export const tooWideMessage = `Ekran görüntüsü en fazla ${SCREENSHOT_MAX_WIDTH} piksel genişliğinde olabilir.`;
export const tooManyPixelsMessage =
  `Ekran görüntüsü en fazla ${(SCREENSHOT_MAX_PIXELS / 1e6).toFixed(1).replace('.', ',')} milyon piksel olabilir.`;

/**
 * A real JPEG of a size /screens can show (docs/PRODUCT.md#screen-health). The header gives
 * the size without decoding (a 1.5 MB file may declare 16,000 × 16,000 px); only then are the
 * pixels decoded, so bytes that merely start like a JPEG (FF D8 FF, then HTML) are refused.
 */
async function checkJpeg(body: Buffer): Promise<void> {
  const sharp = await loadSharp();
  const meta = await sharp(body).metadata().catch(() => null);
  if (meta?.format !== 'jpeg') throw notJpeg();
  if (meta.width > SCREENSHOT_MAX_WIDTH) throw fileTooLarge(tooWideMessage);
  if (meta.width * meta.height > SCREENSHOT_MAX_PIXELS) throw fileTooLarge(tooManyPixelsMessage);
  // failOn 'warning' (sharp's default, named here because it is the point): a cut or corrupt scan fails.
  const decoded = await sharp(body, { failOn: 'warning', limitInputPixels: SCREENSHOT_MAX_PIXELS }).raw().toBuffer().catch(() => null);
  if (!decoded) throw notJpeg();
}

/**
 * PUT /api/devices/screenshot: the device's current screen gets this image as its newest of
 * this kind. The storage replaces the file whole, so a reader never sees half of it; a screen
 * deleted meanwhile keeps no file.
 */
export async function storeScreenshot(ctx: AppContext, device: AuthDevice, kind: TScreenshotKind, body: unknown): Promise<TScreenshotStored> {
  if (!Buffer.isBuffer(body)) throw unsupportedFileType('Ekran görüntüsü JPEG (image/jpeg) olarak gönderilmelidir');
  if (body.length === 0) throw badRequest('Ekran görüntüsü boş');
  if (body.length > SCREENSHOT_MAX_BYTES) throw fileTooLarge(tooLargeMessage);
  await checkJpeg(body);
  if (!device.screenId) throw conflict('Cihaz henüz bir ekrana bağlı değil');
  const screen = await ctx.db.screen.findFirst({ where: { id: device.screenId, ownerId: device.ownerId }, select: { id: true } });
  if (!screen) throw notFound('Ekran');

  await ctx.storage.putBytes(storageKey.screenshot(screen.id, kind), body, 'image/jpeg');
  const takenAt = ctx.clock();
  const data = { screenshotAt: takenAt, screenshotKind: kind };
  try {
    await ctx.db.screenHealth.upsert({ where: { screenId: screen.id }, create: { screenId: screen.id, ...data }, update: data });
  } catch (err) {
    // The screen was deleted while the file was written: its folder goes too.
    if (await ctx.db.screen.count({ where: { id: screen.id } })) throw err;
    await removeScreenshots(ctx.storage, [screen.id]);
    throw notFound('Ekran');
  }
  ctx.health.healthChanged([screen.id]);
  return { takenAt: takenAt.toISOString(), kind };
}

export const noScreenshotYet = () => new AppError(404, ErrorCode.NOT_FOUND, 'Henüz ekran görüntüsü yok');

/** GET /api/screens/{id}/screenshot: the newest image's file, for its owner only. */
export async function newestScreenshot(ctx: AppContext, ownerId: string, screenId: string): Promise<{ key: string; takenAt: Date }> {
  const screen = await ctx.db.screen.findFirst({ where: { id: screenId, ownerId }, select: { id: true, health: true } });
  if (!screen) throw notFound('Ekran');
  const kind = screen.health?.screenshotKind as TScreenshotKind | null | undefined;
  if (!kind || !screen.health?.screenshotAt) throw noScreenshotYet();
  const key = storageKey.screenshot(screen.id, kind);
  // A row whose file was lost (restored backup, manual cleanup) is "none yet", not a 500.
  if ((await ctx.storage.sizeOf(key)) === undefined) throw noScreenshotYet();
  return { key, takenAt: screen.health.screenshotAt };
}

/** A deleted screen's images go with it (its row went by the foreign key's cascade). */
export async function removeScreenshots(storage: FileStorage, screenIds: string[]): Promise<void> {
  await Promise.all(screenIds.map((id) => storage.removeAll(storageKey.screenshots(id))));
}
