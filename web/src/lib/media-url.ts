const VIDEO_EXT = /\.(mp4|webm|ogg|mov|m4v)(\?.*)?$/i;

/**
 * docs/PRODUCT.md#data: file paths may be absolute URLs, start with uploads/ or /uploads/, or be bare
 * names; all resolve against the uploads folder of this host.
 */
export function mediaUrl(filePath: string): string {
  if (/^https?:\/\//i.test(filePath)) return filePath;
  const p = filePath.replace(/^\/+/, '');
  return p.startsWith('uploads/') ? `/${p}` : `/uploads/${p}`;
}

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
export function isVideo(m: { mediaType?: string; type?: string; filePath?: string }): boolean {
  return m.mediaType === 'Video' || m.type === 'video' || VIDEO_EXT.test(m.filePath ?? '');
}
