import { useWatch } from 'react-hook-form';
import {
  DndContext, KeyboardSensor, MouseSensor, TouchSensor, closestCenter, useSensor, useSensors, type DragEndEvent,
} from '@dnd-kit/core';
import { SortableContext, arrayMove, sortableKeyboardCoordinates, verticalListSortingStrategy } from '@dnd-kit/sortable';
import type { TMedia, TPlaylist } from '@pano/contract';
import { tr } from '../../i18n/tr';
import { firstMessage, useZodForm } from '../../lib/use-zod-form';
import { Button, Card, Form, SelectField, showAlert } from '../../components/ui';
import { useUpdatePlaylist } from './api/use-update-playlist';
import { ZPlaylistEdit, type EditItem } from './playlist-draft';
import { initialDuration } from './duration';
import { SortableItem } from './sortable-item';

type Props = { playlist: TPlaylist; media: TMedia[]; onDone: (saved: boolean) => void };

let seq = 0;
const toEditItem = (media: TMedia, duration: number): EditItem => ({ key: `i${++seq}`, media, duration: String(duration) });

/** Edit mode (docs/PRODUCT.md#playlists): drag to reorder (mouse, touch, keyboard), edit durations, save or cancel. */
export function PlaylistEditor({ playlist, media, onDone }: Props) {
  const form = useZodForm(ZPlaylistEdit, { items: playlist.mediaItems.map((it) => toEditItem(it.media, it.duration)) });
  const items = useWatch({ control: form.control, name: 'items' });
  const setItems = (change: (list: EditItem[]) => EditItem[]) => form.setValue('items', change(form.getValues('items')));
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
    if (m) setItems((list) => [...list, toEditItem(m, initialDuration(m))]);
  };

  const onSave = form.handleSubmit(
    // docs/PRODUCT.md#errors: this failure is the spec's fixed alert, without the server's reason.
    (body) => update.mutateAsync({ id: playlist._id, body }, {
      onSuccess: () => onDone(true),
      onError: () => void showAlert(tr.playlists.updateError),
    }),
    (errors) => showAlert(firstMessage(errors) ?? tr.playlists.needMedia),
  );

  return (
    <Card aria-labelledby="edit-title" className="playlist-editor">
      <h2 id="edit-title" className="card-title">{tr.playlists.editTitle(playlist.name)}</h2>
      <p className="muted" id="dnd-hint">{tr.playlists.editHint}</p>
      {/* A form of its own: one save per press (docs/architecture/web.md#web). */}
      <Form onSubmit={onSave}>
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
              {/* Only ready media go into a playlist (docs/PRODUCT.md#media-processing). */}
              {media.filter((m) => m.status === 'ready').map((m) => <option key={m._id} value={m._id}>{m.name}</option>)}
            </SelectField>
          </div>
        )}
        <div className="editor-actions">
          <Button variant="secondary" onClick={() => onDone(false)} disabled={busy}>{tr.common.cancel}</Button>
          <Button type="submit" busy={busy} busyText={tr.playlists.saving}>{tr.playlists.save}</Button>
        </div>
      </Form>
    </Card>
  );
}
