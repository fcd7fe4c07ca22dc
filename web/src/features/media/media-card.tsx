import './apps.css';
import type { TMedia } from '@pano/contract';
import { APP_KIND_NAMES } from '@pano/contract/constants';
import { tr } from '../../i18n/tr';
import { formatDate } from '../../lib/format';
import { isVideo, mediaUrl, thumbnailUrl } from '../../lib/media-url';
import { Badge, Button } from '../../components/ui';
import { trApps } from '../../i18n/tr-apps';

/** A file being converted (docs/PRODUCT.md#media-processing): its poster, if any, under 'İşleniyor %42'. */
function Processing({ media }: { media: TMedia }) {
  return (
    <>
      {media.posterUrl && <img src={mediaUrl(media.posterUrl)} alt="" />}
      <div className="media-state" role="status">
        <span>{tr.media.processing(media.progress)}</span>
        <progress max={100} value={media.progress} aria-label={tr.media.processingLabel} />
      </div>
    </>
  );
}

/** `onEdit`: an app's form (name and settings); `onRename`: a file's or a PDF document's new name. */
type Props = { media: TMedia; onDelete: () => void; onRename: () => void; onEdit: () => void; deleting: boolean };

/** One library item: a file's picture, or an app's kind where a file has its thumbnail, or a document's first page (docs/PRODUCT.md#apps). */
export function MediaCard({ media, onDelete, onRename, onEdit, deleting }: Props) {
  const app = media.type === 'app' ? media.app : undefined;
  // A PDF document (docs/PRODUCT.md#apps): its first page where a file has its thumbnail; renamed like a file.
  const pdf = app?.kind === 'pdf' ? app : undefined;
  const video = !app && isVideo(media);
  const src = mediaUrl(media.filePath);
  return (
    <li className="media-card" data-testid="media-card">
      <div className="media-thumb">
        {pdf ? (
          <img src={thumbnailUrl(pdf.pages[0] ?? '')} alt="" loading="lazy" data-testid="pdf-thumb" />
        ) : app ? (
          <span className={`app-thumb app-thumb-${app.kind}`} data-testid="app-kind">{APP_KIND_NAMES[app.kind]}</span>
        ) : media.status === 'processing' ? (
          <Processing media={media} />
        ) : media.status === 'failed' ? (
          <div className="media-state media-failed" role="alert"><strong>{tr.media.failed}</strong>{media.error && <span>{media.error}</span>}</div>
        ) : video ? (
          // The poster stands in until the customer plays it: no video bytes for a list of cards.
          <video src={src} poster={media.posterUrl ?? undefined} controls preload={media.posterUrl ? 'none' : 'metadata'} muted playsInline aria-label={media.name} />
        ) : (
          // The name is the card's heading right below: the picture needs no text of its own.
          <img src={thumbnailUrl(media.filePath)} alt="" loading="lazy" />
        )}
      </div>
      <div className="media-body">
        <h3 className="media-name" title={media.name}>{media.name}</h3>
        <div className="media-meta">
          <Badge tone={app ? 'warning' : video ? 'primary' : 'success'}>
            {pdf ? APP_KIND_NAMES.pdf : app ? trApps.typeApp : video ? tr.media.typeVideo : tr.media.typeImage}
          </Badge>
          {pdf && <span className="muted" data-testid="pdf-pages">{trApps.pdfPages(pdf.pages.length)}</span>}
          <time dateTime={media.createdAt} className="muted">{formatDate(media.createdAt)}</time>
        </div>
        {app && !pdf ? (
          <Button variant="secondary" size="sm" block onClick={onEdit} aria-label={`${tr.common.edit}: ${media.name}`}>{tr.common.edit}</Button>
        ) : (
          <Button variant="secondary" size="sm" block onClick={onRename} aria-label={`${trApps.rename}: ${media.name}`}>
            {trApps.rename}
          </Button>
        )}
        <Button variant="danger-soft" size="sm" block onClick={onDelete} busy={deleting} aria-label={`${tr.common.delete}: ${media.name}`}>
          {tr.common.delete}
        </Button>
      </div>
    </li>
  );
}
