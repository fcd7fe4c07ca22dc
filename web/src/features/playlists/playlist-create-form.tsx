import { useState } from 'react';
import type { TMedia } from '@pano/contract';
import { DEFAULT_ITEM_DURATION, MIN_ITEM_DURATION } from '@pano/contract/constants';
import { tr } from '../../i18n/tr';
import { errorMessage } from '../../lib/api-error';
import { Banner, Button, Card, Form, TextField, showAlert } from '../../components/ui';
import { useCreatePlaylist } from './api/use-create-playlist';
import { parseDuration } from './duration';
import { validatePlaylistDraft } from './playlist-validation';
import { MediaPicker } from './media-picker';

type Props = { media: TMedia[] };

export function PlaylistCreateForm({ media }: Props) {
  const [name, setName] = useState('');
  const [selected, setSelected] = useState<string[]>([]);
  // Raw input text per media id, parsed on submit so typing stays free-form.
  const [durations, setDurations] = useState<Record<string, string>>({});
  const create = useCreatePlaylist();

  const toggle = (id: string) =>
    setSelected((s) => (s.includes(id) ? s.filter((x) => x !== id) : [...s, id]));

  const onSubmit = () => {
    const problem = validatePlaylistDraft({ name, mediaIds: selected });
    if (problem) {
      void showAlert(problem);
      return;
    }
    const mediaItems = selected.map((id) => ({ media: id, duration: parseDuration(durations[id] ?? DEFAULT_ITEM_DURATION) }));
    return create.mutateAsync({ name: name.trim(), mediaItems }, {
      onSuccess: () => {
        setName('');
        setSelected([]);
        setDurations({});
      },
    });
  };

  const byId = new Map(media.map((m) => [m._id, m]));
  return (
    <Card aria-labelledby="create-playlist-title">
      <h2 id="create-playlist-title" className="card-title">{tr.playlists.createTitle}</h2>
      {create.isError && (
        <Banner tone="error" onDismiss={create.reset}>{errorMessage(create.error, tr.playlists.createError)}</Banner>
      )}
      <Form className="form" onSubmit={onSubmit}>
        <TextField label={tr.playlists.nameLabel} name="playlist-name" placeholder={tr.playlists.namePlaceholder}
          value={name} maxLength={200} onChange={(e) => setName(e.target.value)} />
        {media.length === 0 ? (
          <p className="muted">{tr.playlists.noMediaYet}</p>
        ) : (
          <MediaPicker media={media} selected={selected} onToggle={toggle} />
        )}
        {selected.length > 0 && (
          <div className="duration-list">
            <p className="field-label">{tr.playlists.selected(selected.length)}</p>
            <ol className="duration-rows">
              {selected.map((id) => {
                const m = byId.get(id);
                if (!m) return null;
                return (
                  <li key={id} className="duration-row">
                    <span className="duration-name">{m.name}</span>
                    <label className="duration-input">
                      <span className="duration-label">{tr.playlists.durationLabel}</span>
                      <input className="input input-sm" type="number" min={MIN_ITEM_DURATION} step={1} inputMode="numeric"
                        aria-label={tr.playlists.durationFor(m.name)}
                        value={durations[id] ?? String(DEFAULT_ITEM_DURATION)}
                        onChange={(e) => setDurations((d) => ({ ...d, [id]: e.target.value }))} />
                      {/* Shown instead of the long label on phones; the input's aria-label already says "saniye". */}
                      <span className="duration-unit" aria-hidden="true">{tr.playlists.durationUnit}</span>
                    </label>
                  </li>
                );
              })}
            </ol>
          </div>
        )}
        <div>
          <Button type="submit" busy={create.isPending} busyText={tr.playlists.creating}>{tr.playlists.create}</Button>
        </div>
      </Form>
    </Card>
  );
}
