import { Suspense, lazy, useState } from 'react';
import type { TMedia } from '@pano/contract';
import { tr } from '../../i18n/tr';
import { useCan } from '../../stores/use-can';
import { useShownAsTransition } from '../../lib/use-shown-as-transition';
import { errorMessage } from '../../lib/api-error';
import { mediaUsageText } from '../../lib/usage-text';
import { Banner, Button, EmptyState, PageHeader, Spinner, confirmDelete } from '../../components/ui';
import { useMediaList } from '../../api/media.api';
import { fetchMediaUsage, useDeleteMedia } from './api/use-delete-media';
import { MediaCard } from './media-card';
import { useAfterFirstLoad } from '../../lib/use-after-first-load';
import { MediaUploadForm } from './media-upload-form';
import { trApps } from '../../i18n/tr-apps';

// The apps' form and the rename dialog check with the contract's schemas: they load when opened,
// not with the list (docs/PERFORMANCE.md#dashboard-first-load-p13).
const AppFormModal = lazy(async () => ({ default: (await import('./app-form-modal')).AppFormModal }));
const RenameMediaModal = lazy(async () => ({ default: (await import('./rename-media-modal')).RenameMediaModal }));
// Processing progress comes over the dashboard socket, which is not on the way to the first paint.
const MediaLive = lazy(async () => ({ default: (await import('./media-live')).MediaLive }));

export function MediaPage() {
  const list = useMediaList();
  const canEdit = useCan('editor');
  const live = useAfterFirstLoad();
  const remove = useDeleteMedia();
  // The list's first answer is drawn as a transition; later changes draw as they come.
  const shown = useShownAsTransition(!list.isPending);
  // The app form: null closed, 'new' for 'Uygulama Ekle', or the app being edited.
  const [appForm, setAppForm] = useState<TMedia | 'new' | null>(null);
  const [renaming, setRenaming] = useState<TMedia | null>(null);

  const onDelete = async (id: string) => {
    if (!(await confirmDelete(tr.media.deleteConfirm, { load: () => fetchMediaUsage(id), describe: mediaUsageText }))) return;
    // docs/PRODUCT.md#media: a failed media delete is only logged.
    remove.mutate(id, { onError: (err) => console.error('media delete failed', err) });
  };

  // docs/PRODUCT.md#media: on a list failure the list is emptied and the error shown.
  const items = list.isError ? [] : (list.data ?? []);
  return (
    <div className="page">
      <PageHeader title={tr.media.title} lead={tr.media.lead}
        actions={canEdit && <Button variant="secondary" onClick={() => setAppForm('new')}>{trApps.addApp}</Button>} />
      {canEdit && <MediaUploadForm />}
      {live && <Suspense fallback={null}><MediaLive /></Suspense>}
      <Suspense fallback={null}>
        {appForm && (
          <AppFormModal key={appForm === 'new' ? 'new' : appForm._id} media={appForm === 'new' ? undefined : appForm} onClose={() => setAppForm(null)} />
        )}
        {renaming && <RenameMediaModal key={renaming._id} media={renaming} onClose={() => setRenaming(null)} />}
      </Suspense>
      <h2 className="section-title">{tr.media.listTitle}</h2>
      {list.isError && <Banner tone="error">{errorMessage(list.error, tr.media.listError)}</Banner>}
      {!shown ? (
        <Spinner />
      ) : items.length === 0 ? (
        !list.isError && <EmptyState title={tr.media.empty} hint={canEdit ? tr.media.emptyHint : undefined} icon="▤" />
      ) : (
        <ul className="media-grid">
          {items.map((m) => (
            <MediaCard key={m._id} media={m} deleting={remove.isPending && remove.variables === m._id} readOnly={!canEdit}
              onDelete={() => void onDelete(m._id)} onRename={() => setRenaming(m)} onEdit={() => setAppForm(m)} />
          ))}
        </ul>
      )}
    </div>
  );
}
