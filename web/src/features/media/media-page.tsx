import { useState } from 'react';
import { tr } from '../../i18n/tr';
import { errorMessage } from '../../lib/api-error';
import { mediaUsageText } from '../../lib/usage-text';
import { Banner, EmptyState, PageHeader, Spinner, confirmDelete } from '../../components/ui';
import { deleteMedia, fetchMediaUsage, useInvalidateMedia, useMediaList } from '../../api/media.api';
import { MediaCard } from './media-card';
import { MediaUploadForm } from './media-upload-form';

export function MediaPage() {
  const list = useMediaList();
  const reload = useInvalidateMedia();
  const [deleting, setDeleting] = useState<string | null>(null);

  const onDelete = async (id: string) => {
    if (!(await confirmDelete(tr.media.deleteConfirm, { load: () => fetchMediaUsage(id), describe: mediaUsageText }))) return;
    setDeleting(id);
    try {
      await deleteMedia(id);
    } catch (err) {
      // docs/PRODUCT.md#media: a failed media delete is only logged.
      console.error('media delete failed', err);
    } finally {
      setDeleting(null);
      void reload();
    }
  };

  // docs/PRODUCT.md#media: on a list failure the list is emptied and the error shown.
  const items = list.isError ? [] : (list.data ?? []);
  return (
    <div className="page">
      <PageHeader title={tr.media.title} lead={tr.media.lead} />
      <MediaUploadForm onUploaded={() => void reload()} />
      <h2 className="section-title">{tr.media.listTitle}</h2>
      {list.isError && <Banner tone="error">{tr.media.listError + errorMessage(list.error)}</Banner>}
      {list.isPending ? (
        <Spinner />
      ) : items.length === 0 ? (
        !list.isError && <EmptyState title={tr.media.empty} hint={tr.media.emptyHint} icon="▤" />
      ) : (
        <ul className="media-grid">
          {items.map((m) => (
            <MediaCard key={m._id} media={m} deleting={deleting === m._id} onDelete={() => void onDelete(m._id)} />
          ))}
        </ul>
      )}
    </div>
  );
}
