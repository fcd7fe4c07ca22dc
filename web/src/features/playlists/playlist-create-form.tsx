import { useWatch } from 'react-hook-form';
import type { TMedia } from '@pano/contract';
import { DEFAULT_ITEM_DURATION, MIN_ITEM_DURATION } from '@pano/contract/constants';
import { tr } from '../../i18n/tr';
import { errorMessage } from '../../lib/api-error';
import { firstMessage, useZodForm } from '../../lib/use-zod-form';
import { Banner, Button, Card, Form, TextField, showAlert } from '../../components/ui';
import { useCreatePlaylist } from './api/use-create-playlist';
import { ZPlaylistDraft, emptyPlaylistDraft } from './playlist-draft';
import { MediaPicker } from './media-picker';
import { initialDuration } from './duration';

type Props = { media: TMedia[] };

export function PlaylistCreateForm({ media }: Props) {
  const form = useZodForm(ZPlaylistDraft, emptyPlaylistDraft());
  const [selected, durations] = useWatch({ control: form.control, name: ['mediaItems', 'durations'] });
  const create = useCreatePlaylist();

  // Raw input text per media id, parsed on submit so typing stays free-form.
  const setDuration = (id: string, text: string) => form.setValue('durations', { ...durations, [id]: text });
  const toggle = (id: string) => {
    if (selected.includes(id)) return form.setValue('mediaItems', selected.filter((x) => x !== id));
    form.setValue('mediaItems', [...selected, id]);
    // A video starts with its own length (docs/PRODUCT.md#media-processing); a duration typed before stays.
    const m = media.find((x) => x._id === id);
    if (m && durations[id] === undefined) setDuration(id, String(initialDuration(m)));
  };

  const send = form.handleSubmit(
    (body) => create.mutateAsync(body, { onSuccess: () => form.reset(emptyPlaylistDraft()) }),
    // docs/PRODUCT.md#playlists: the missing media is told before the missing name.
    (errors) => showAlert(errors.mediaItems?.message ?? firstMessage(errors) ?? tr.playlists.needName),
  );

  const byId = new Map(media.map((m) => [m._id, m]));
  return (
    <Card aria-labelledby="create-playlist-title">
      <h2 id="create-playlist-title" className="card-title">{tr.playlists.createTitle}</h2>
      {create.isError && (
        <Banner tone="error" onDismiss={create.reset}>{errorMessage(create.error, tr.playlists.createError)}</Banner>
      )}
      <Form className="form" onSubmit={send}>
        <TextField label={tr.playlists.nameLabel} placeholder={tr.playlists.namePlaceholder}
          maxLength={200} {...form.register('name')} />
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
                        onChange={(e) => setDuration(id, e.target.value)} />
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
