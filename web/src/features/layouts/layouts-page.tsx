import './layouts.css';
import { Suspense, lazy, useState } from 'react';
import type { TLayout } from '@pano/contract';
import { tr } from '../../i18n/tr';
import { errorMessage } from '../../lib/api-error';
import { useCan } from '../../stores/use-can';
import { Banner, Button, EmptyState, PageHeader, Spinner, showConfirm } from '../../components/ui';
import { useLayouts } from '../../api/layouts.api';
import { useDeleteLayout } from './api/use-delete-layout';
import { draftOfLayout, draftOfTemplate, type LayoutDraft } from './layout-draft';
import { LayoutCard } from './layout-card';
import { TemplatePicker } from './template-picker';
import { trLayouts } from '../../i18n/tr-layouts';

// The editor (canvas, pointer handling, the contract's layout schema) is a chunk of its own,
// loaded when a layout is opened (docs/PERFORMANCE.md#dashboard-first-load-p13).
const LayoutEditor = lazy(async () => ({ default: (await import('./layout-editor')).LayoutEditor }));

/** What the page shows instead of the list: a layout being edited, or a new one from a template. */
type Editing = { id: string | null; draft: LayoutDraft };

/** /layouts ('Yerleşimler', docs/PRODUCT.md#layouts). */
export function LayoutsPage() {
  const layouts = useLayouts();
  const remove = useDeleteLayout();
  const [picking, setPicking] = useState(false);
  const [editing, setEditing] = useState<Editing | null>(null);
  // Layouts are content: an editor's (docs/architecture/accounts.md#roles).
  const canEdit = useCan('editor');

  const onDelete = async (l: TLayout) => {
    if (!(await showConfirm(trLayouts.deleteConfirm, { detail: l.name, confirmLabel: tr.common.delete, danger: true }))) return;
    remove.mutate(l._id);
  };

  if (canEdit && editing) {
    return (
      <div className="page">
        <PageHeader title={trLayouts.title} />
        <Suspense fallback={<Spinner />}>
          <LayoutEditor id={editing.id} initial={editing.draft} onDone={() => setEditing(null)} />
        </Suspense>
      </div>
    );
  }

  const list = layouts.isError ? [] : (layouts.data ?? []);
  return (
    <div className="page">
      <PageHeader title={trLayouts.title} lead={trLayouts.lead}
        actions={canEdit && <Button onClick={() => setPicking(true)}>{trLayouts.create}</Button>} />
      {canEdit && (
        <TemplatePicker open={picking} onClose={() => setPicking(false)}
          onPick={(t) => {
            setPicking(false);
            setEditing({ id: null, draft: draftOfTemplate(t) });
          }} />
      )}
      <h2 className="section-title">{trLayouts.listTitle}</h2>
      {layouts.isError && <Banner tone="error">{errorMessage(layouts.error, trLayouts.listError)}</Banner>}
      {remove.isError && (
        <Banner tone="error" onDismiss={remove.reset}>{errorMessage(remove.error, trLayouts.deleteError)}</Banner>
      )}
      {layouts.isPending ? <Spinner /> : list.length === 0 ? (
        !layouts.isError && <EmptyState title={trLayouts.empty} hint={canEdit ? trLayouts.emptyHint : undefined} icon="▦" />
      ) : (
        <ul className="layout-grid">
          {list.map((l) => (
            <LayoutCard key={l._id} layout={l} deleting={remove.isPending && remove.variables === l._id} readOnly={!canEdit}
              onEdit={() => setEditing({ id: l._id, draft: draftOfLayout(l) })} onDelete={() => void onDelete(l)} />
          ))}
        </ul>
      )}
    </div>
  );
}
