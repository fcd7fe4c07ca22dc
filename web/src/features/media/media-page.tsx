import { tr } from '../../i18n/tr';
import { errorMessage } from '../../lib/api-error';
import { mediaUsageText } from '../../lib/usage-text';
import { Banner, EmptyState, PageHeader, Spinner, confirmDelete } from '../../components/ui';
import { useMediaList } from '../../api/media.api';
import { fetchMediaUsage, useDeleteMedia } from './api/use-delete-media';
import { MediaCard } from './media-card';
import { MediaUploadForm } from './media-upload-form';

export function MediaPage() {
  const list = useMediaList();
  const remove = useDeleteMedia();

  const onDelete = async (id: string) => {
    if (!(await confirmDelete(tr.media.deleteConfirm, { load: () => fetchMediaUsage(id), describe: mediaUsageText }))) return;
    // docs/PRODUCT.md#media: a failed media delete is only logged.
    remove.mutate(id, { onError: (err) => console.error('media delete failed', err) });
  };

  // docs/PRODUCT.md#media: on a list failure the list is emptied and the error shown.
  const items = list.isError ? [] : (list.data ?? []);
  return (
    <div className="page">
      <PageHeader title={tr.media.title} lead={tr.media.lead} />
      <MediaUploadForm />
      <h2 className="section-title">{tr.media.listTitle}</h2>
      {list.isError && <Banner tone="error">{errorMessage(list.error, tr.media.listError)}</Banner>}
      {list.isPending ? (
        <Spinner />
      ) : items.length === 0 ? (
        !list.isError && <EmptyState title={tr.media.empty} hint={tr.media.emptyHint} icon="▤" />
      ) : (
        <ul className="media-grid">
          {items.map((m) => (
            <MediaCard key={m._id} media={m} deleting={remove.isPending && remove.variables === m._id} onDelete={() => void onDelete(m._id)} />
          ))}
        </ul>
      )}
    </div>
  );
}
