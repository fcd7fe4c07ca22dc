import { mediaKind, resolveMediaUrl } from '@pano/contract/media-rules';

/** docs/PRODUCT.md#data: a media file's URL on this host, by the rule the player follows too. */
export const mediaUrl = (filePath: string): string => resolveMediaUrl(filePath, '');

/**
 * A small picture of an image for the dashboard's lists and cards (docs/architecture/storage.md#thumbnails):
 * the server makes it from the upload on first request, or redirects to the original when it
 * cannot. An image elsewhere (an absolute URL, a path in a subfolder) is shown as it is.
 */
export function thumbnailUrl(filePath: string): string {
  const url = mediaUrl(filePath);
  const name = url.startsWith('/uploads/') ? url.slice('/uploads/'.length) : '';
  return name && !name.includes('/') ? `/uploads/thumbs/${name}` : url;
}

/** docs/PRODUCT.md#data: 'Video' (or type 'video', or a video extension) is a video; anything else an image. */
export const isVideo = (m: { mediaType?: string; type?: string; filePath?: string }): boolean => mediaKind(m) === 'video';
/** An image file: not a video, not an app (docs/PRODUCT.md#apps), which has no file to show. */
export const isImage = (m: { mediaType?: string; type?: string; filePath?: string }): boolean => mediaKind(m) === 'image';
