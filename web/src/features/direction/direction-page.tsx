import { useState } from 'react';
import { tr } from '../../i18n/tr';
import { errorMessage } from '../../lib/api-error';
import { tickerUsageText } from '../../lib/usage-text';
import { Banner, EmptyState, PageHeader, Spinner, confirmDelete } from '../../components/ui';
import { deleteDirection, fetchDirectionUsage, useDirectionPlaylists, useInvalidateDirection } from '../../api/direction.api';
import { DirectionCard } from './direction-card';
import { DirectionCreateForm } from './direction-create-form';
import { DirectionEditModal } from './direction-edit-modal';

export function DirectionPage() {
  const list = useDirectionPlaylists();
  const reload = useInvalidateDirection();
  const [editingId, setEditingId] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<string | null>(null);
  const [deleteError, setDeleteError] = useState<string | null>(null);

  const onDelete = async (id: string) => {
    if (!(await confirmDelete(tr.direction.deleteConfirm, { load: () => fetchDirectionUsage(id), describe: tickerUsageText }))) return;
    setDeleting(id);
    setDeleteError(null);
    try {
      await deleteDirection(id);
    } catch (err) {
      setDeleteError(tr.direction.deleteError + errorMessage(err));
    } finally {
      setDeleting(null);
      void reload();
    }
  };

  const items = list.isError ? [] : (list.data ?? []);
  const editing = editingId ? items.find((p) => p._id === editingId) : undefined;
  return (
    <div className="page">
      <PageHeader title={tr.direction.title} lead={tr.direction.lead} />
      <DirectionCreateForm onCreated={() => void reload()} />
      <h2 className="section-title">{tr.direction.listTitle}</h2>
      {list.isError && <Banner tone="error">{tr.direction.listError + errorMessage(list.error)}</Banner>}
      {deleteError && <Banner tone="error" onDismiss={() => setDeleteError(null)}>{deleteError}</Banner>}
      {list.isPending ? (
        <Spinner />
      ) : items.length === 0 ? (
        !list.isError && <EmptyState title={tr.direction.empty} icon="≋" />
      ) : (
        <ul className="playlist-grid">
          {items.map((p) => (
            <DirectionCard key={p._id} playlist={p} deleting={deleting === p._id}
              onEdit={() => setEditingId(p._id)} onDelete={() => void onDelete(p._id)} />
          ))}
        </ul>
      )}
      {editing && (
        <DirectionEditModal key={editing._id} playlist={editing} onClose={(saved) => {
          setEditingId(null);
          if (saved) void reload();
        }} />
      )}
    </div>
  );
}
