import type { TTickerPlaylist } from '@pano/contract';
import { TICKER_SPEEDS } from '@pano/contract/constants';
import { tr } from '../../i18n/tr';
import { Badge, Button } from '../../components/ui';

/** `readOnly`: a role below editor: no actions. */
type Props = { playlist: TTickerPlaylist; onEdit: () => void; onDelete: () => void; deleting: boolean; readOnly?: boolean };

const speedName = (s: number) => TICKER_SPEEDS[s as keyof typeof TICKER_SPEEDS] ?? String(s);

export function TickerCard({ playlist, onEdit, onDelete, deleting, readOnly = false }: Props) {
  return (
    <li className="ticker-card" data-testid="ticker-card">
      <div className="ticker-head">
        <h3 className="playlist-name" title={playlist.name}>{playlist.name}</h3>
        <Badge tone="primary">{tr.ticker.speedName}: {speedName(playlist.speed)}</Badge>
      </div>
      <p className="muted playlist-meta">{tr.ticker.textCount(playlist.directions.length)}</p>
      <ul className="ticker-preview">
        {playlist.directions.slice(0, 3).map((d, i) => <li key={i}>{d.text}</li>)}
        {playlist.directions.length > 3 && <li className="muted">{tr.playlists.more(playlist.directions.length - 3)}</li>}
      </ul>
      {!readOnly && (
        <div className="card-actions">
          <Button size="sm" variant="secondary" onClick={onEdit} aria-label={`${tr.common.edit}: ${playlist.name}`}>{tr.common.edit}</Button>
          <Button size="sm" variant="danger-soft" onClick={onDelete} busy={deleting} aria-label={`${tr.common.delete}: ${playlist.name}`}>{tr.common.delete}</Button>
        </div>
      )}
    </li>
  );
}
