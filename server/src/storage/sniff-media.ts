import { fileTypeFromFile } from 'file-type';

export type SniffedMedia = { kind: 'image' | 'video'; mime: string; ext: string };

/**
 * What players can show. Decided by magic bytes, never by the name or the client's
 * Content-Type; SVG is deliberately absent (it can carry script).
 */
const DISPLAYABLE = new Set([
  'image/jpeg', 'image/png', 'image/apng', 'image/gif', 'image/webp', 'image/avif', 'image/bmp',
  'video/mp4', 'video/webm', 'video/ogg', 'video/quicktime', 'video/x-m4v',
  // Converted to MP4 before any screen gets them (modules/media/video-plan.ts).
  'video/matroska', 'video/vnd.avi', 'video/x-ms-asf',
]);

/** The detected image/video type of a file on disk, or null for anything else. */
export async function sniffMedia(filePath: string): Promise<SniffedMedia | null> {
  const found = await fileTypeFromFile(filePath);
  if (!found || !DISPLAYABLE.has(found.mime)) return null;
  return { kind: found.mime.startsWith('video/') ? 'video' : 'image', mime: found.mime, ext: found.ext };
}
