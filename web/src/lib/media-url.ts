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

/** docs/PRODUCT.md#data: 'Video' (or type 'video', or a video extension) is a video; anything else an image. */
export function isVideo(m: { mediaType?: string; type?: string; filePath?: string }): boolean {
  return m.mediaType === 'Video' || m.type === 'video' || VIDEO_EXT.test(m.filePath ?? '');
}
