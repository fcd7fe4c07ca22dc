import { useState } from 'react';
import type { TPackage } from '@pano/contract';
import { tr } from '../../i18n/tr';
import { errorMessage } from '../../lib/api-error';
import { Banner, Button, Form, Modal, TextAreaField, TextField } from '../../components/ui';
import { useCreatePackage } from './api/use-create-package';
import { useUpdatePackage } from './api/use-update-package';
import { draftFromPackage, emptyDraft, toPackageBody, type DraftErrors, type DraftField, type PackageDraft } from './package-form';

type Props = {
  /** null: create mode; a package: edit mode (docs/PRODUCT.md#admin-packages). */
  editing: TPackage | null;
  onClose: () => void;
  onSaved: () => void;
};

const FORM_ID = 'package-form';

/**
 * Create/edit modal (docs/PRODUCT.md#admin-packages). It is mounted fresh each time it opens (the page renders
 * it only while open), so closing or saving always discards the draft.
 */
export function PackageFormModal({ editing, onClose, onSaved }: Props) {
  const t = tr.adminPackages;
  const [draft, setDraft] = useState<PackageDraft>(() => (editing ? draftFromPackage(editing) : emptyDraft()));
  const [errors, setErrors] = useState<DraftErrors>({});
  const create = useCreatePackage();
  const update = useUpdatePackage();
  const save = editing ? update : create;
  // Busy also after success: the modal is being closed.
  const busy = save.isPending || save.isSuccess;

  const set = (field: DraftField) => (e: { target: { value: string } }) => {
    setDraft((d) => ({ ...d, [field]: e.target.value }));
    setErrors((er) => ({ ...er, [field]: undefined }));
  };

  const onSubmit = () => {
    const result = toPackageBody(draft);
    if ('errors' in result) {
      setErrors(result.errors);
      return;
    }
    return editing ? update.mutateAsync({ id: editing._id, body: result.body }, { onSuccess: onSaved })
      : create.mutateAsync(result.body, { onSuccess: onSaved });
  };

  const num = { type: 'number', inputMode: 'numeric' as const, min: 1, step: 1 };
  return (
    <Modal open title={editing ? t.editTitle : t.createTitle} onClose={onClose}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={busy}>{t.cancel}</Button>
          <Button type="submit" form={FORM_ID} busy={busy} busyText={t.saving}>{editing ? t.submitUpdate : t.submitCreate}</Button>
        </>
      }>
      {save.isError && <Banner tone="error" onDismiss={save.reset}>{errorMessage(save.error, t.saveError)}</Banner>}
      <Form id={FORM_ID} className="form" onSubmit={onSubmit}>
        <div className="form-row">
          <TextField label={t.nameLabel} name="name" required maxLength={100} value={draft.name} onChange={set('name')} error={errors.name} />
          <TextField label={t.priceLabel} name="price" required type="number" inputMode="decimal" min={0} step={0.01}
            value={draft.price} onChange={set('price')} error={errors.price} />
        </div>
        <TextAreaField label={t.descriptionLabel} name="description" required maxLength={1000} rows={3}
          value={draft.description} onChange={set('description')} error={errors.description} />
        <div className="form-row">
          <TextField label={t.storageLabel} name="maxMediaUpload" required {...num} value={draft.maxMediaUpload} onChange={set('maxMediaUpload')} error={errors.maxMediaUpload} />
          <TextField label={t.screensLabel} name="maxScreens" required {...num} value={draft.maxScreens} onChange={set('maxScreens')} error={errors.maxScreens} />
        </div>
        <div className="form-row">
          <TextField label={t.playlistsLabel} name="maxPlaylists" required {...num} value={draft.maxPlaylists} onChange={set('maxPlaylists')} error={errors.maxPlaylists} />
          <TextField label={t.durationLabel} name="duration" required {...num} value={draft.duration} onChange={set('duration')} error={errors.duration} />
        </div>
        <label className="checkbox-row">
          <input type="checkbox" name="isPopular" checked={draft.isPopular}
            onChange={(e) => setDraft((d) => ({ ...d, isPopular: e.target.checked }))} />
          <span>{t.popularLabel}</span>
        </label>
      </Form>
    </Modal>
  );
}
