import { Suspense, lazy, useState } from 'react';
import { tr } from '../../i18n/tr';
import { useCan } from '../../stores/use-can';
import { useShownAsTransition } from '../../lib/use-shown-as-transition';
import { errorMessage } from '../../lib/api-error';
import { playlistUsageText } from '../../lib/usage-text';
import { Banner, EmptyState, PageHeader, Spinner, confirmDelete } from '../../components/ui';
import { useMediaList } from '../../api/media.api';
import { usePlaylists } from '../../api/playlists.api';
import { fetchPlaylistUsage, useDeletePlaylist } from './api/use-delete-playlist';
import { PlaylistCard } from './playlist-card';
import { PlaylistCreateForm } from './playlist-create-form';

// The editor alone uses drag and drop (@dnd-kit, 17 KB gzip): the list comes without it, and it
// loads when 'Düzenle' is pressed (docs/PERFORMANCE.md#dashboard-first-load-p13).
const PlaylistEditor = lazy(async () => ({ default: (await import('./playlist-editor')).PlaylistEditor }));

export function PlaylistsPage() {
  const playlists = usePlaylists();
  const media = useMediaList();
  const remove = useDeletePlaylist();
  const canEdit = useCan('editor');
  const [editingId, setEditingId] = useState<string | null>(null);
  // The form and the list are drawn as a transition once both first answers are in.
  const shown = useShownAsTransition(!media.isPending && !playlists.isPending);

  const mediaList = media.data ?? [];
  const editing = editingId ? playlists.data?.find((p) => p._id === editingId) : undefined;

  const onDelete = async (id: string) => {
    if (!(await confirmDelete(tr.playlists.deleteConfirm, { load: () => fetchPlaylistUsage(id), describe: playlistUsageText }))) return;
    remove.mutate(id);
  };

  if (editing) {
    return (
      <div className="page">
        <PageHeader title={tr.playlists.title} />
        <Suspense fallback={<Spinner />}>
          <PlaylistEditor key={editing._id} playlist={editing} media={mediaList}
            onDone={() => setEditingId(null)} />
        </Suspense>
      </div>
    );
  }

  const header = <PageHeader title={tr.playlists.title} lead={tr.playlists.lead} />;
  // The form's height follows the number of media and the list sits below it: showing either
  // before both answers are in would push what is below down as the other arrives.
  if (!shown) return <div className="page">{header}<Spinner /></div>;

  const list = playlists.isError ? [] : (playlists.data ?? []);
  return (
    <div className="page">
      {header}
      {canEdit && <PlaylistCreateForm media={mediaList} />}
      <h2 className="section-title">{tr.playlists.listTitle}</h2>
      {playlists.isError && <Banner tone="error">{errorMessage(playlists.error, tr.playlists.listError)}</Banner>}
      {remove.isError && (
        <Banner tone="error" onDismiss={remove.reset}>{errorMessage(remove.error, tr.playlists.deleteError)}</Banner>
      )}
      {list.length === 0 ? (
        !playlists.isError && <EmptyState title={tr.playlists.empty} hint={canEdit ? tr.playlists.emptyHint : undefined} icon="☰" />
      ) : (
        <ul className="playlist-grid">
          {list.map((p) => (
            <PlaylistCard key={p._id} playlist={p} deleting={remove.isPending && remove.variables === p._id} readOnly={!canEdit}
              onEdit={() => setEditingId(p._id)} onDelete={() => void onDelete(p._id)} />
          ))}
        </ul>
      )}
    </div>
  );
}
