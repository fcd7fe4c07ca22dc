import { useState } from 'react';
import { tr } from '../../i18n/tr';
import { errorMessage } from '../../lib/api-error';
import { useCan } from '../../stores/use-can';
import { tickerUsageText } from '../../lib/usage-text';
import { Banner, EmptyState, PageHeader, Spinner, confirmDelete } from '../../components/ui';
import { useTickerPlaylists } from '../../api/tickers.api';
import { fetchTickerUsage, useDeleteTicker } from './api/use-delete-ticker';
import { TickerCard } from './ticker-card';
import { TickerCreateForm } from './ticker-create-form';
import { TickerEditModal } from './ticker-edit-modal';

export function TickersPage() {
  const list = useTickerPlaylists();
  const remove = useDeleteTicker();
  const [editingId, setEditingId] = useState<string | null>(null);
  // Tickers are content: an editor's (docs/architecture/accounts.md#roles).
  const canEdit = useCan('editor');

  const onDelete = async (id: string) => {
    if (!(await confirmDelete(tr.ticker.deleteConfirm, { load: () => fetchTickerUsage(id), describe: tickerUsageText }))) return;
    remove.mutate(id);
  };

  const items = list.isError ? [] : (list.data ?? []);
  const editing = editingId ? items.find((p) => p._id === editingId) : undefined;
  return (
    <div className="page">
      <PageHeader title={tr.ticker.title} lead={tr.ticker.lead} />
      {canEdit && <TickerCreateForm />}
      <h2 className="section-title">{tr.ticker.listTitle}</h2>
      {list.isError && <Banner tone="error">{errorMessage(list.error, tr.ticker.listError)}</Banner>}
      {remove.isError && (
        <Banner tone="error" onDismiss={remove.reset}>{errorMessage(remove.error, tr.ticker.deleteError)}</Banner>
      )}
      {list.isPending ? (
        <Spinner />
      ) : items.length === 0 ? (
        !list.isError && <EmptyState title={tr.ticker.empty} icon="≋" />
      ) : (
        <ul className="playlist-grid">
          {items.map((p) => (
            <TickerCard key={p._id} playlist={p} deleting={remove.isPending && remove.variables === p._id} readOnly={!canEdit}
              onEdit={() => setEditingId(p._id)} onDelete={() => void onDelete(p._id)} />
          ))}
        </ul>
      )}
      {canEdit && editing && (
        <TickerEditModal key={editing._id} playlist={editing} onClose={() => setEditingId(null)} />
      )}
    </div>
  );
}
