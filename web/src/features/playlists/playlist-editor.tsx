import { useState } from 'react';
import {
  DndContext, KeyboardSensor, MouseSensor, TouchSensor, closestCenter, useSensor, useSensors, type DragEndEvent,
} from '@dnd-kit/core';
import { SortableContext, arrayMove, sortableKeyboardCoordinates, verticalListSortingStrategy } from '@dnd-kit/sortable';
import type { TMedia, TPlaylist } from '@pano/contract';
import { tr } from '../../i18n/tr';
import { Button, Card, SelectField, showAlert } from '../../components/ui';
import { useUpdatePlaylist } from './api/use-update-playlist';
import { parseDuration } from './duration';
import { validatePlaylistDraft } from './playlist-validation';
import { SortableItem, type EditItem } from './sortable-item';

type Props = { playlist: TPlaylist; media: TMedia[]; onDone: (saved: boolean) => void };

let seq = 0;
const toEditItem = (media: TMedia, duration: number): EditItem => ({ key: `i${++seq}`, media, duration: String(duration) });

/** Edit mode (docs/PRODUCT.md#playlists): drag to reorder (mouse, touch, keyboard), edit durations, save or cancel. */
export function PlaylistEditor({ playlist, media, onDone }: Props) {
  const [items, setItems] = useState<EditItem[]>(() => playlist.mediaItems.map((it) => toEditItem(it.media, it.duration)));
  const update = useUpdatePlaylist();
  const busy = update.isPending;
  const sensors = useSensors(
    useSensor(MouseSensor, { activationConstraint: { distance: 4 } }),
    useSensor(TouchSensor, { activationConstraint: { delay: 150, tolerance: 8 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    setItems((list) => {
      const from = list.findIndex((i) => i.key === active.id);
      const to = list.findIndex((i) => i.key === over.id);
      return from < 0 || to < 0 ? list : arrayMove(list, from, to);
    });
  };

  const patchItem = (key: string, patch: Partial<EditItem>) =>
    setItems((list) => list.map((i) => (i.key === key ? { ...i, ...patch } : i)));

  const onAdd = (id: string) => {
    const m = media.find((x) => x._id === id);
    if (m) setItems((list) => [...list, toEditItem(m, 5)]);
  };

  const onSave = () => {
    const problem = validatePlaylistDraft({ name: playlist.name, mediaIds: items.map((i) => i.media._id) });
    if (problem) {
      void showAlert(problem);
      return;
    }
    const mediaItems = items.map((i) => ({ media: i.media._id, duration: parseDuration(i.duration) }));
    // docs/PRODUCT.md#errors: this failure is the spec's fixed alert, without the server's reason.
    update.mutate({ id: playlist._id, body: { mediaItems } }, {
      onSuccess: () => onDone(true),
      onError: () => void showAlert(tr.playlists.updateError),
    });
  };

  return (
    <Card aria-labelledby="edit-title" className="playlist-editor">
      <h2 id="edit-title" className="card-title">{tr.playlists.editTitle(playlist.name)}</h2>
      <p className="muted" id="dnd-hint">{tr.playlists.editHint}</p>
      <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd}>
        <SortableContext items={items.map((i) => i.key)} strategy={verticalListSortingStrategy}>
          <ol className="sortable-list" aria-describedby="dnd-hint">
            {items.map((it, index) => (
              <SortableItem key={it.key} item={it} index={index} canRemove={items.length > 1}
                onDuration={(v) => patchItem(it.key, { duration: v })}
                onRemove={() => setItems((list) => list.filter((x) => x.key !== it.key))} />
            ))}
          </ol>
        </SortableContext>
      </DndContext>
      {media.length > 0 && (
        <div className="editor-add">
          <SelectField label={tr.playlists.addItems} value="" onChange={(e) => onAdd(e.target.value)}>
            <option value="">—</option>
            {media.map((m) => <option key={m._id} value={m._id}>{m.name}</option>)}
          </SelectField>
        </div>
      )}
      <div className="editor-actions">
        <Button variant="secondary" onClick={() => onDone(false)} disabled={busy}>{tr.common.cancel}</Button>
        <Button onClick={onSave} busy={busy} busyText={tr.playlists.saving}>{tr.playlists.save}</Button>
      </div>
    </Card>
  );
}
