import type { Request, Response } from 'express';
import { ZApkUploadFields } from '@pano/contract';
import type { AppContext } from '../../context.js';
import type { ApkRelease } from '../../db/generated/client.js';
import { badRequest, notFound, unsupportedFileType } from '../../http/errors.js';
import { looksLikeApk } from '../../storage/apk-check.js';
import { formatSize } from '../../storage/format-size.js';
import { storageKey } from '../../storage/file-storage.js';
import { randomFileName, removeQuietly } from '../../storage/stored-files.js';
import { receiveUpload } from '../../storage/upload-to-disk.js';
import { audit } from '../audit/audit.js';

export const apkKey = (release: Pick<ApkRelease, 'fileName'>) => storageKey.apk(release.fileName);

/** The newest release is the current one. */
export async function latestApk(ctx: AppContext): Promise<ApkRelease> {
  const row = await ctx.db.apkRelease.findFirst({ orderBy: [{ createdAt: 'desc' }, { id: 'desc' }] });
  if (!row) throw notFound('APK');
  return row;
}

/**
 * Streams the installer to disk, checks it is a ZIP with an AndroidManifest.xml, then
 * records it. The older releases' rows go in the same transaction as the new row and its event
 * (which names them: docs/architecture/audit.md#events); their files only after the commit, so
 * there is always a downloadable APK.
 */
export async function uploadApk(ctx: AppContext, req: Request, res: Response, adminId: string): Promise<ApkRelease> {
  const { file, fields } = await receiveUpload(req, res, {
    uploadsDir: ctx.config.uploadsDir,
    field: 'apk',
    maxBytes: ctx.config.maxApkBytes,
    tooLargeMessage: `APK dosyası çok büyük. En fazla ${formatSize(ctx.config.maxApkBytes)} yüklenebilir.`,
  });
  let key: string | undefined;
  let release: ApkRelease;
  let older: ApkRelease[];
  try {
    if (!file) throw badRequest('Lütfen bir APK dosyası seçin');
    const { version } = ZApkUploadFields.parse(fields);
    if (!(await looksLikeApk(file.tempPath))) throw unsupportedFileType('Geçersiz APK dosyası. Lütfen geçerli bir Android uygulama paketi (.apk) yükleyin.');
    const fileName = randomFileName('apk');
    // Stored before the row names it; a failed write removes it.
    key = storageKey.apk(fileName);
    await ctx.storage.putFile(key, file.tempPath);
    ({ release, older } = await ctx.db.$transaction(async (tx) => {
      const row = await tx.apkRelease.create({ data: { version: version ?? null, fileName, sizeBytes: BigInt(file.size), uploadedById: adminId } });
      const replaced = await tx.apkRelease.findMany({ where: { id: { not: row.id } } });
      await tx.apkRelease.deleteMany({ where: { id: { in: replaced.map((r) => r.id) } } });
      // A platform change: the player app every customer's screens download.
      await audit(tx, {
        account: null, action: 'apk.upload', target: { type: 'apk', id: row.id, name: row.version ?? fileName },
        changes: {
          version: [null, row.version], sizeBytes: [null, row.sizeBytes],
          ...(replaced.length ? { replaces: [replaced.map((r) => r.version ?? r.fileName).join(', '), null] } : {}),
        },
      });
      return { release: row, older: replaced };
    }));
  } catch (err) {
    await removeQuietly(file?.tempPath);
    if (key) await ctx.storage.remove(key).catch(() => {});
    throw err;
  }
  ctx.metrics.uploadBytes.inc({ kind: 'apk' }, file.size);
  await removeReleaseFiles(ctx, older);
  return release;
}

/** The replaced releases' files, once the rows are gone. */
async function removeReleaseFiles(ctx: AppContext, older: ApkRelease[]): Promise<void> {
  for (const r of older) {
    try {
      await ctx.storage.remove(apkKey(r));
    } catch (err) {
      // The new release is live; a stale file is only disk space.
      ctx.logger.warn({ err, fileName: r.fileName }, 'old APK file could not be removed');
    }
  }
}

/** `pano-1.2.3.apk`; only safe characters reach the header. */
export function downloadName(release: ApkRelease): string {
  const v = release.version?.replace(/[^0-9A-Za-z._-]/g, '');
  return v ? `pano-${v}.apk` : 'pano.apk';
}
