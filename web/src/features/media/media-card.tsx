import './apps.css';
import { useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { TMedia } from '@pano/contract';
import { APP_KIND_NAMES } from '@pano/contract/constants';
import { tr } from '../../i18n/tr';
import { formatDate } from '../../lib/format';
import { isVideo, mediaUrl, thumbnailUrl } from '../../lib/media-url';
import { Badge, Button } from '../../components/ui';
import { trApps } from '../../i18n/tr-apps';
import { trUploads } from '../../i18n/tr-uploads';
import { replaceMediaFile, sentPercent, useUploads, type UploadRow } from './uploads/upload-store';

/** A text and its bar over the card's picture: 'İşleniyor %42', 'Değiştiriliyor %19'. */
function StateBar({ text, percent, label, testId }: { text: string; percent: number; label: string; testId?: string }) {
  return (
    <div className="media-state" role="status" data-testid={testId}>
      <span>{text}</span>
      <progress max={100} value={percent} aria-label={label} />
    </div>
  );
}

/** A file being converted (docs/PRODUCT.md#media-processing): its poster, if any, under 'İşleniyor %42'. */
function Processing({ media }: { media: TMedia }) {
  return (
    <>
      {media.posterUrl && <img src={mediaUrl(media.posterUrl)} alt="" />}
      <StateBar text={tr.media.processing(media.progress)} percent={media.progress} label={tr.media.processingLabel} />
    </>
  );
}

/** What a picker offers for a new file: the item's own kind (docs/PRODUCT.md#replacing-a-file). */
const acceptFor = (media: TMedia, pdf: boolean) => (pdf ? 'application/pdf,.pdf' : isVideo(media) ? 'video/*' : 'image/*');

/**
 * A new file on its way (docs/PRODUCT.md#replacing-a-file): its bytes being sent (its upload row),
 * then the server converting it, over the file the screens still show. Null while neither.
 */
function replacementProgress(media: TMedia, upload: UploadRow | undefined): { text: string; percent: number } | null {
  if (upload && upload.status !== 'failed') {
    const percent = Math.floor(sentPercent(upload));
    return { text: trUploads.replaceUploading(percent), percent };
  }
  const converting = media.replacement?.status === 'processing' ? media.replacement.progress : null;
  return converting === null ? null : { text: trUploads.replacing(converting), percent: converting };
}

/** `onEdit`: an app's form (name and settings); `onRename`: a file's or a PDF document's new name. */
/** `readOnly`: the person may only look (a viewer or a publisher's role below editor): no actions. */
type Props = { media: TMedia; onDelete: () => void; onRename: () => void; onEdit: () => void; deleting: boolean; readOnly?: boolean };

/** One library item: a file's picture, or an app's kind where a file has its thumbnail, or a document's first page (docs/PRODUCT.md#apps). */
export function MediaCard({ media, onDelete, onRename, onEdit, deleting, readOnly = false }: Props) {
  const app = media.type === 'app' ? media.app : undefined;
  // A PDF document (docs/PRODUCT.md#apps): its first page where a file has its thumbnail; renamed like a file.
  const pdf = app?.kind === 'pdf' ? app : undefined;
  const video = !app && isVideo(media);
  const src = mediaUrl(media.filePath);
  const qc = useQueryClient();
  const picker = useRef<HTMLInputElement>(null);
  // docs/PRODUCT.md#replacing-a-file: files and PDF documents take a new file; other apps have none.
  const replaceable = !app || Boolean(pdf);
  const upload = useUploads((st) => st.rows.find((r) => r.replaces === media._id));
  const replacing = replacementProgress(media, upload);
  const replaceError = upload?.status === 'failed' ? upload.error : media.replacement?.status === 'failed' ? media.replacement.error : null;
  const chosen = (file: File | undefined) => {
    if (picker.current) picker.current.value = '';
    if (file) void replaceMediaFile(file, media, qc);
  };
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
        {replacing && <StateBar {...replacing} label={trUploads.replacingLabel} testId="replacement-state" />}
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
        {!readOnly && (
          <>
            {app && !pdf ? (
              <Button variant="secondary" size="sm" block onClick={onEdit} aria-label={`${tr.common.edit}: ${media.name}`}>{tr.common.edit}</Button>
            ) : (
              <Button variant="secondary" size="sm" block onClick={onRename} aria-label={`${trApps.rename}: ${media.name}`}>
                {trApps.rename}
              </Button>
            )}
            {replaceError && <p className="media-replace-error" role="alert">{trUploads.replaceFailed(replaceError)}</p>}
            {replaceable && (
              <>
                <input ref={picker} type="file" accept={acceptFor(media, Boolean(pdf))} className="sr-only" tabIndex={-1} aria-hidden="true"
                  data-testid="replace-file" onChange={(e) => chosen(e.target.files?.[0])} />
                <Button variant="secondary" size="sm" block onClick={() => picker.current?.click()} disabled={replacing !== null || media.status === 'processing'}
                  aria-label={trUploads.replaceFor(media.name)}>
                  {trUploads.replace}
                </Button>
              </>
            )}
            <Button variant="danger-soft" size="sm" block onClick={onDelete} busy={deleting} aria-label={`${tr.common.delete}: ${media.name}`}>
              {tr.common.delete}
            </Button>
          </>
        )}
      </div>
    </li>
  );
}
