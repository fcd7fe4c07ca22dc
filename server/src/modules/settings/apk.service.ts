import path from 'node:path';
import type { Request, Response } from 'express';
import { ZApkUploadFields } from '@pano/contract';
import type { AppContext } from '../../context.js';
import type { ApkRelease } from '../../db/generated/client.js';
import { badRequest, notFound, unsupportedFileType } from '../../http/errors.js';
import { looksLikeApk } from '../../storage/apk-check.js';
import { formatSize } from '../../storage/format-size.js';
import { moveIntoPlace, randomFileName, removeQuietly } from '../../storage/stored-files.js';
import { receiveUpload } from '../../storage/upload-to-disk.js';

export const apkDir = (uploadsDir: string) => path.join(uploadsDir, 'apk');
export const apkPath = (uploadsDir: string, release: ApkRelease) => path.join(apkDir(uploadsDir), release.fileName);

/** The newest release is the current one. */
export async function latestApk(ctx: AppContext): Promise<ApkRelease> {
  const row = await ctx.db.apkRelease.findFirst({ orderBy: [{ createdAt: 'desc' }, { id: 'desc' }] });
  if (!row) throw notFound('APK');
  return row;
}

/**
 * Streams the installer to disk, checks it is a ZIP with an AndroidManifest.xml, then
 * records it. Older releases (rows and files) are dropped only after the new one is
 * committed, so there is always a downloadable APK.
 */
export async function uploadApk(ctx: AppContext, req: Request, res: Response, adminId: string): Promise<ApkRelease> {
  const { file, fields } = await receiveUpload(req, res, {
    uploadsDir: ctx.config.uploadsDir,
    field: 'apk',
    maxBytes: ctx.config.maxApkBytes,
    tooLargeMessage: `APK dosyası çok büyük. En fazla ${formatSize(ctx.config.maxApkBytes)} yüklenebilir.`,
  });
  let finalPath: string | undefined;
  let release: ApkRelease;
  try {
    if (!file) throw badRequest('Lütfen bir APK dosyası seçin');
    const { version } = ZApkUploadFields.parse(fields);
    if (!(await looksLikeApk(file.tempPath))) throw unsupportedFileType('Geçersiz APK dosyası. Lütfen geçerli bir Android uygulama paketi (.apk) yükleyin.');
    const fileName = randomFileName('apk');
    release = await ctx.db.$transaction(async (tx) => {
      const row = await tx.apkRelease.create({ data: { version: version ?? null, fileName, sizeBytes: BigInt(file.size), uploadedById: adminId } });
      finalPath = path.join(apkDir(ctx.config.uploadsDir), fileName);
      await moveIntoPlace(file.tempPath, finalPath);
      return row;
    });
  } catch (err) {
    await removeQuietly(file?.tempPath);
    await removeQuietly(finalPath);
    throw err;
  }
  ctx.metrics.uploadBytes.inc({ kind: 'apk' }, file.size);
  await pruneOlderReleases(ctx, release);
  return release;
}

async function pruneOlderReleases(ctx: AppContext, current: ApkRelease): Promise<void> {
  const older = await ctx.db.apkRelease.findMany({ where: { createdAt: { lt: current.createdAt } } });
  if (!older.length) return;
  await ctx.db.apkRelease.deleteMany({ where: { id: { in: older.map((r) => r.id) } } });
  for (const r of older) {
    try {
      await removeQuietly(apkPath(ctx.config.uploadsDir, r));
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
