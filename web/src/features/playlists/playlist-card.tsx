import type { TPlaylist } from '@pano/contract';
import { tr } from '../../i18n/tr';
import { formatDate } from '../../lib/format';
import { Button } from '../../components/ui';
import { MediaThumb } from './media-thumb';

const SHOWN = 3;

/** `readOnly`: the person may only look (a role below editor): no actions. */
type Props = { playlist: TPlaylist; onEdit: () => void; onDelete: () => void; deleting: boolean; readOnly?: boolean };

/** docs/PRODUCT.md#playlists: the first 3 thumbnails plus '+N' for the rest. */
export function PlaylistCard({ playlist, onEdit, onDelete, deleting, readOnly = false }: Props) {
  const items = playlist.mediaItems;
  const rest = items.length - SHOWN;
  return (
    <li className="playlist-card" data-testid="playlist-card">
      <div className="playlist-thumbs">
        {items.slice(0, SHOWN).map((it, i) => (
          <MediaThumb key={`${it.media._id}-${i}`} media={it.media} />
        ))}
        {rest > 0 && <span className="thumb thumb-more" aria-label={tr.playlists.itemCount(items.length)}>{tr.playlists.more(rest)}</span>}
      </div>
      <div className="playlist-body">
        <h3 className="playlist-name" title={playlist.name}>{playlist.name}</h3>
        <p className="muted playlist-meta">
          {tr.playlists.itemCount(items.length)} · {formatDate(playlist.updatedAt)}
        </p>
        {!readOnly && (
          <div className="card-actions">
            <Button size="sm" variant="secondary" onClick={onEdit} aria-label={`${tr.common.edit}: ${playlist.name}`}>{tr.common.edit}</Button>
            <Button size="sm" variant="danger-soft" onClick={onDelete} busy={deleting} aria-label={`${tr.common.delete}: ${playlist.name}`}>{tr.common.delete}</Button>
          </div>
        )}
      </div>
    </li>
  );
}
