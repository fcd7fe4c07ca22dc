import type { TPackage } from '@pano/contract';
import { tr } from '../../i18n/tr';
import { errorMessage } from '../../lib/api-error';
import { useZodForm } from '../../lib/use-zod-form';
import { Banner, Button, Form, Modal, TextAreaField, TextField } from '../../components/ui';
import { useCreatePackage } from './api/use-create-package';
import { useUpdatePackage } from './api/use-update-package';
import { ZPackageDraft, draftFromPackage, emptyDraft, type DraftField } from './package-form';

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
  const form = useZodForm(ZPackageDraft, editing ? draftFromPackage(editing) : emptyDraft());
  const { errors } = form.formState;
  const create = useCreatePackage();
  const update = useUpdatePackage();
  const save = editing ? update : create;
  // Busy also after success: the modal is being closed.
  const busy = save.isPending || save.isSuccess;

  const field = (name: DraftField) => ({ ...form.register(name), error: errors[name]?.message });

  const onSubmit = form.handleSubmit((body) => (editing
    ? update.mutateAsync({ id: editing._id, body }, { onSuccess: onSaved })
    : create.mutateAsync(body, { onSuccess: onSaved })));

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
          <TextField label={t.nameLabel} required maxLength={100} {...field('name')} />
          <TextField label={t.priceLabel} required type="number" inputMode="decimal" min={0} step={0.01}
            {...field('price')} />
        </div>
        <TextAreaField label={t.descriptionLabel} required maxLength={1000} rows={3}
          {...field('description')} />
        <div className="form-row">
          <TextField label={t.storageLabel} required {...num} {...field('maxMediaUpload')} />
          <TextField label={t.screensLabel} required {...num} {...field('maxScreens')} />
        </div>
        <div className="form-row">
          <TextField label={t.playlistsLabel} required {...num} {...field('maxPlaylists')} />
          <TextField label={t.membersLabel} required {...num} {...field('maxMembers')} />
        </div>
        <div className="form-row">
          <TextField label={t.durationLabel} required {...num} {...field('duration')} />
        </div>
        <label className="checkbox-line">
          <input type="checkbox" {...form.register('isPopular')} />
          <span>{t.popularLabel}</span>
        </label>
      </Form>
    </Modal>
  );
}
