// The spec's media rules, shared by the dashboard and the player. Without zod, so the player's
// first load can import them (`@pano/contract/media-rules`, docs/CONTRACT.md#media-rules).

/** docs/PRODUCT.md#data: how a media item is shown; an app (docs/PRODUCT.md#apps) is drawn from its settings. */
export type MediaKind = 'video' | 'image' | 'app';

type MediaLike = { mediaType?: string | null; type?: string | null; filePath?: string | null; url?: string | null };

const VIDEO_EXTENSIONS = /\.(mp4|webm|ogg|mov|m4v)$/i;

/**
 * docs/PRODUCT.md#data: mediaType 'Video' (or type 'video') plays as a video; so does any file
 * whose extension says video (a query or fragment after it ignored); the rest are images, but
 * for apps (type 'app', mediaType 'Uygulama'), which have no file.
 */
export function mediaKind(media: MediaLike): MediaKind {
  if (media.type === 'app' || media.mediaType === 'Uygulama') return 'app';
  if (media.mediaType === 'Video' || media.type === 'video') return 'video';
  const path = stripQuery(media.filePath ?? media.url ?? '');
  return VIDEO_EXTENSIONS.test(path) ? 'video' : 'image';
}

const ABSOLUTE = /^([a-z][a-z0-9+.-]*:|\/\/)/i;

/**
 * docs/PRODUCT.md#data: absolute URLs stay as they are; `uploads/x`, `/uploads/x` and bare names
 * `x` resolve against the uploads folder of `host` (an origin such as http://host:3000; '': a
 * path on this page's own host, `/uploads/x`).
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
