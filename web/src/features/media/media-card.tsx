import type { TMedia } from '@pano/contract';
import { tr } from '../../i18n/tr';
import { formatDate } from '../../lib/format';
import { isVideo, mediaUrl, thumbnailUrl } from '../../lib/media-url';
import { Badge, Button } from '../../components/ui';

export function MediaCard({ media, onDelete, deleting }: { media: TMedia; onDelete: () => void; deleting: boolean }) {
  const video = isVideo(media);
  const src = mediaUrl(media.filePath);
  return (
    <li className="media-card" data-testid="media-card">
      <div className="media-thumb">
        {video ? (
          <video src={src} controls preload="metadata" muted playsInline aria-label={media.name} />
        ) : (
          // The name is the card's heading right below: the picture needs no text of its own.
          <img src={thumbnailUrl(media.filePath)} alt="" loading="lazy" />
        )}
      </div>
      <div className="media-body">
        <h3 className="media-name" title={media.name}>{media.name}</h3>
        <div className="media-meta">
          <Badge tone={video ? 'primary' : 'success'}>{video ? tr.media.typeVideo : tr.media.typeImage}</Badge>
          <time dateTime={media.createdAt} className="muted">{formatDate(media.createdAt)}</time>
        </div>
        <Button variant="danger-soft" size="sm" block onClick={onDelete} busy={deleting} aria-label={`${tr.common.delete}: ${media.name}`}>
          {tr.common.delete}
        </Button>
      </div>
    </li>
  );
}
