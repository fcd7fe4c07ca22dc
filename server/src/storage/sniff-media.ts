import { fileTypeFromFile } from 'file-type';

/** 'pdf': a document whose pages become pictures (docs/PRODUCT.md#apps). */
export type SniffedMedia = { kind: 'image' | 'video' | 'pdf'; mime: string; ext: string };

/**
 * What players can show (a PDF once its pages are pictures). Decided by magic bytes, never by the name or the client's
 * Content-Type; SVG is deliberately absent (it can carry script).
 */
const DISPLAYABLE = new Set([
  'image/jpeg', 'image/png', 'image/apng', 'image/gif', 'image/webp', 'image/avif', 'image/bmp',
  'video/mp4', 'video/webm', 'video/ogg', 'video/quicktime', 'video/x-m4v',
  'application/pdf',
  // Converted to MP4 before any screen gets them (modules/media/video-plan.ts).
  'video/matroska', 'video/vnd.avi', 'video/x-ms-asf',
]);

/** The detected image, video or PDF type of a file on disk, or null for anything else. */
export async function sniffMedia(filePath: string): Promise<SniffedMedia | null> {
  const found = await fileTypeFromFile(filePath);
  if (!found || !DISPLAYABLE.has(found.mime)) return null;
  const kind = found.mime === 'application/pdf' ? 'pdf' : found.mime.startsWith('video/') ? 'video' : 'image';
  return { kind, mime: found.mime, ext: found.ext };
}
