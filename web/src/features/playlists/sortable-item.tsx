import { useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { MIN_ITEM_DURATION } from '@pano/contract/constants';
import { tr } from '../../i18n/tr';
import { MediaThumb } from './media-thumb';
import type { EditItem } from './playlist-draft';

type Props = { item: EditItem; index: number; onDuration: (v: string) => void; onRemove: () => void; canRemove: boolean };

export function SortableItem({ item, index, onDuration, onRemove, canRemove }: Props) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id: item.key });
  const style = { transform: CSS.Transform.toString(transform), transition };
  return (
    <li ref={setNodeRef} style={style} className={`sortable-item${isDragging ? ' dragging' : ''}`} data-testid="edit-item">
      <button type="button" ref={setActivatorNodeRef} className="drag-handle" aria-label={tr.playlists.dragHandle(item.media.name)}
        {...attributes} {...listeners}>
        ⋮⋮
      </button>
      <span className="item-pos">{tr.playlists.position(index + 1)}</span>
      <MediaThumb media={item.media} captioned />
      <span className="item-name" data-testid="edit-item-name">{item.media.name}</span>
      <label className="duration-input">
        <span>{tr.playlists.durationLabel}</span>
        <input className="input input-sm" type="number" min={MIN_ITEM_DURATION} step={1} inputMode="numeric"
          aria-label={tr.playlists.durationFor(item.media.name)} value={item.duration} onChange={(e) => onDuration(e.target.value)} />
      </label>
      <button type="button" className="icon-btn" onClick={onRemove} disabled={!canRemove} aria-label={`${tr.playlists.removeItem}: ${item.media.name}`}>
        ×
      </button>
    </li>
  );
}
