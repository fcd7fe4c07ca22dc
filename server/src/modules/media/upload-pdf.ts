import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import pLimit, { type LimitFunction } from 'p-limit';
import { PDF_MAX_PAGES } from '@pano/contract';
import { fileTooLarge, unsupportedFileType } from '../../http/errors.js';
import { loadSharp } from '../../storage/load-sharp.js';
import { PdfRefusal, renderPdfPages, type PdfLimits } from '../../storage/pdf-pages.js';
import { randomFileName, removeQuietly } from '../../storage/stored-files.js';
import { incomingDir, incomingFileName } from '../../storage/sweep-incoming.js';

/*
 * An uploaded PDF becomes its pages as pictures (docs/PRODUCT.md#apps): each page a WebP at most
 * 1920 px on its long side (a full-HD screen's long side), written aside under `.incoming/` (which
 * is never served, and swept if the process dies) until the upload's transaction moves them into
 * place. The PDF itself is not kept: screens show the pictures.
 */

export const PDF_LIMITS: PdfLimits = {
  maxPages: PDF_MAX_PAGES,
  maxPx: 1920,
  // 50 full-colour A4 pages took 9 s on a 2-core machine; a file over 3 times slower is not one a
  // screen needs, and it holds one of the process's two render slots while it runs.
  timeoutMs: 30_000,
  maxHeapMb: 512,
  // A page of a few 8192 px images decodes to gigabytes outside the heap: stopped well before.
  maxGrowthMb: 768,
};
/** Text and drawings stay sharp; a page of text is 30-150 KB. */
const WEBP_QUALITY = 82;

export type PdfPageFile = { tempPath: string; fileName: string; size: number };
export type RenderedPdf = { pages: PdfPageFile[]; width: number; height: number; bytes: number };

/** PDFs drawn at once by this process: each takes a core and up to its heap limit. */
export const PDF_RENDERS_AT_ONCE = 2;
const renders = pLimit(PDF_RENDERS_AT_ONCE);
const rendersOf = new Map<string, { turn: LimitFunction; waiting: number }>();

/**
 * Runs `render` in its turn: at most PDF_RENDERS_AT_ONCE at once on this process, and one per
 * customer, so a customer uploading a pile of PDFs waits behind their own files and never holds
 * every slot in front of the others (a noisy neighbour). Turns are taken in arrival order.
 */
export function inPdfTurn<T>(ownerId: string, render: () => Promise<T>): Promise<T> {
  let own = rendersOf.get(ownerId);
  if (!own) rendersOf.set(ownerId, (own = { turn: pLimit(1), waiting: 0 }));
  const mine = own;
  mine.waiting++;
  return mine.turn(() => renders(render)).finally(() => {
    if (--mine.waiting === 0) rendersOf.delete(ownerId);
  });
}

/** The pictures of every page, or a Turkish 4xx (and no picture left behind) for a PDF that cannot give them. */
export async function renderPdfUpload(uploadsDir: string, pdfPath: string, ownerId: string, limits: PdfLimits = PDF_LIMITS): Promise<RenderedPdf> {
  return inPdfTurn(ownerId, () => renderPages(uploadsDir, pdfPath, limits));
}

async function renderPages(uploadsDir: string, pdfPath: string, limits: PdfLimits): Promise<RenderedPdf> {
  const sharp = await loadSharp();
  await mkdir(incomingDir(uploadsDir), { recursive: true });
  const pages: PdfPageFile[] = [];
  const first = { width: 0, height: 0 };
  try {
    await renderPdfPages(pdfPath, limits, async ({ index, width, height, rgba }) => {
      const tempPath = path.join(incomingDir(uploadsDir), incomingFileName());
      pages.push({ tempPath, fileName: randomFileName('webp'), size: 0 });
      const info = await sharp(rgba, { raw: { width, height, channels: 4 } }).removeAlpha().webp({ quality: WEBP_QUALITY }).toFile(tempPath);
      pages[index]!.size = info.size;
      if (index === 0) Object.assign(first, { width, height });
    });
  } catch (err) {
    await Promise.all(pages.map((p) => removeQuietly(p.tempPath)));
    throw err instanceof PdfRefusal ? refusalError(err) : err;
  }
  return { pages, ...first, bytes: pages.reduce((sum, p) => sum + p.size, 0) };
}

function refusalError(err: PdfRefusal) {
  switch (err.reason) {
    case 'too-many':
      return fileTooLarge(`PDF en fazla ${PDF_MAX_PAGES} sayfa olabilir; bu dosyada ${err.pageCount} sayfa var.`);
    case 'password':
      return unsupportedFileType('PDF okunamadı: dosya parola korumalı. Lütfen parolasız bir PDF yükleyin.');
    case 'timeout':
      return unsupportedFileType('PDF okunamadı: sayfaları zamanında işlenemedi. Lütfen daha sade ya da daha kısa bir PDF yükleyin.');
    case 'heavy':
      return unsupportedFileType('PDF okunamadı: görselleri işlenemeyecek kadar büyük. Lütfen görselleri küçültülmüş bir PDF yükleyin.');
    case 'broken':
      return unsupportedFileType('PDF okunamadı: dosya bozuk ya da geçerli bir PDF değil.');
  }
}
