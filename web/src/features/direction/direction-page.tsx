import { useState } from 'react';
import { tr } from '../../i18n/tr';
import { errorMessage } from '../../lib/api-error';
import { tickerUsageText } from '../../lib/usage-text';
import { Banner, EmptyState, PageHeader, Spinner, confirmDelete } from '../../components/ui';
import { useDirectionPlaylists } from '../../api/direction.api';
import { fetchDirectionUsage, useDeleteDirection } from './api/use-delete-direction';
import { DirectionCard } from './direction-card';
import { DirectionCreateForm } from './direction-create-form';
import { DirectionEditModal } from './direction-edit-modal';

export function DirectionPage() {
  const list = useDirectionPlaylists();
  const remove = useDeleteDirection();
  const [editingId, setEditingId] = useState<string | null>(null);

  const onDelete = async (id: string) => {
    if (!(await confirmDelete(tr.direction.deleteConfirm, { load: () => fetchDirectionUsage(id), describe: tickerUsageText }))) return;
    remove.mutate(id);
  };

  const items = list.isError ? [] : (list.data ?? []);
  const editing = editingId ? items.find((p) => p._id === editingId) : undefined;
  return (
    <div className="page">
      <PageHeader title={tr.direction.title} lead={tr.direction.lead} />
      <DirectionCreateForm />
      <h2 className="section-title">{tr.direction.listTitle}</h2>
      {list.isError && <Banner tone="error">{errorMessage(list.error, tr.direction.listError)}</Banner>}
      {remove.isError && (
        <Banner tone="error" onDismiss={remove.reset}>{errorMessage(remove.error, tr.direction.deleteError)}</Banner>
      )}
      {list.isPending ? (
        <Spinner />
      ) : items.length === 0 ? (
        !list.isError && <EmptyState title={tr.direction.empty} icon="≋" />
      ) : (
        <ul className="playlist-grid">
          {items.map((p) => (
            <DirectionCard key={p._id} playlist={p} deleting={remove.isPending && remove.variables === p._id}
              onEdit={() => setEditingId(p._id)} onDelete={() => void onDelete(p._id)} />
          ))}
        </ul>
      )}
      {editing && (
        <DirectionEditModal key={editing._id} playlist={editing} onClose={() => setEditingId(null)} />
      )}
    </div>
  );
}
