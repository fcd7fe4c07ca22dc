import type { TMedia } from '@pano/contract';
import { tr } from '../../i18n/tr';
import { MediaThumb } from './media-thumb';

type Props = { media: TMedia[]; selected: readonly string[]; onToggle: (id: string) => void };

/** Checkbox grid of the user's media; the order of selection becomes the playlist order. */
export function MediaPicker({ media, selected, onToggle }: Props) {
  return (
    <fieldset className="media-picker">
      <legend className="field-label">{tr.playlists.selectMedia}</legend>
      <ul className="picker-grid">
        {media.map((m) => {
          const checked = selected.includes(m._id);
          // Only ready media go into a playlist (docs/PRODUCT.md#media-processing); one chosen before can still be taken out.
          const waiting = m.status !== 'ready';
          return (
            <li key={m._id}>
              <label className={`picker-item${checked ? ' checked' : ''}`}>
                <input type="checkbox" checked={checked} disabled={waiting && !checked} onChange={() => onToggle(m._id)} />
                <MediaThumb media={m} captioned />
                <span className="picker-name">{m.name}</span>
                {waiting && <span className="muted">{m.status === 'failed' ? tr.media.failed : tr.media.processing(m.progress)}</span>}
              </label>
            </li>
          );
        })}
      </ul>
    </fieldset>
  );
}
