/** docs/PRODUCT.md#data: which media play as video, and where their files live. */

export type MediaKind = 'video' | 'image';

const VIDEO_EXTENSIONS = /\.(mp4|webm|ogg|mov|m4v)$/i;

export type MediaLike = { mediaType?: string | null; type?: string | null; filePath?: string | null; url?: string | null };

/** 'Video' (or type 'video') plays as a video; so does any file whose extension says video; the rest are images. */
export function mediaKind(media: MediaLike): MediaKind {
  if (media.mediaType === 'Video' || media.type === 'video') return 'video';
  const path = stripQuery(media.filePath ?? media.url ?? '');
  return VIDEO_EXTENSIONS.test(path) ? 'video' : 'image';
}

const ABSOLUTE = /^([a-z][a-z0-9+.-]*:|\/\/)/i;

/**
 * Absolute URLs stay as they are; `uploads/x`, `/uploads/x` and bare names `x` are
 * resolved against the uploads folder of `host` (an origin such as http://host:3000).
 */
export function resolveMediaUrl(filePath: string, host: string): string {
  const path = filePath.trim();
  if (ABSOLUTE.test(path)) return path;
  const base = host.replace(/\/+$/, '');
  const relative = path.replace(/^\/+/, '');
  if (relative.startsWith('uploads/')) return `${base}/${relative}`;
  return `${base}/uploads/${relative}`;
}

function stripQuery(path: string): string {
  const cut = path.search(/[?#]/);
  return cut === -1 ? path : path.slice(0, cut);
}
