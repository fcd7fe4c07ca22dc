import type { TMedia } from '@pano/contract';
import { isVideo, mediaUrl } from '../../lib/media-url';

/** Small square preview of a media item (first frame for videos). */
export function MediaThumb({ media, className = 'thumb' }: { media: TMedia; className?: string }) {
  const src = mediaUrl(media.filePath);
  return isVideo(media) ? (
    <video className={className} src={`${src}#t=0.1`} preload="metadata" muted playsInline aria-label={media.name} />
  ) : (
    <img className={className} src={src} alt={media.name} loading="lazy" />
  );
}
