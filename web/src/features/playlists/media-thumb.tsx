import type { TMedia } from '@pano/contract';
import { APP_KIND_NAMES } from '@pano/contract/constants';
import { isVideo, mediaUrl, thumbnailUrl } from '../../lib/media-url';

type Props = { media: TMedia; className?: string; captioned?: boolean };

/**
 * Small square preview of a media item (a video's poster, or its first frame). `captioned`: the media's
 * name is written beside it, so the picture is decorative and a screen reader does not
 * read the name twice.
 */
export function MediaThumb({ media, className = 'thumb', captioned = false }: Props) {
  const src = mediaUrl(media.filePath);
  // An app has no file: its kind stands where a picture would (docs/PRODUCT.md#apps).
  if (media.app) {
    return (
      <span className={`${className} thumb-app`} role={captioned ? undefined : 'img'} aria-hidden={captioned || undefined}
        aria-label={captioned ? undefined : media.name}>{APP_KIND_NAMES[media.app.kind]}</span>
    );
  }
  // A video's poster (docs/PRODUCT.md#media-processing) is a picture: its small thumbnail, no video bytes.
  const picture = isVideo(media) ? media.posterUrl : media.filePath;
  return isVideo(media) && !picture ? (
    <video className={className} src={`${src}#t=0.1`} preload="metadata" muted playsInline
      aria-label={captioned ? undefined : media.name} aria-hidden={captioned || undefined} />
  ) : (
    <img className={className} src={thumbnailUrl(picture ?? media.filePath)} alt={captioned ? '' : media.name} loading="lazy" />
  );
}
