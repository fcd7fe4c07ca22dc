import { useState } from 'react';
import { ZUpdateScreenGroupRequest, type TScreen, type TScreenGroup } from '@pano/contract';
import { tr } from '../../i18n/tr';
import { errorMessage } from '../../lib/api-error';
import { checkFields, type FieldErrors } from '../../lib/form-errors';
import { Banner, Button, Modal } from '../../components/ui';
import { useUpdateScreenGroup } from './api/use-update-screen-group';
import { ScreenGroupFields, type GroupDraft } from './screen-group-fields';

type Props = { group: TScreenGroup; screens: readonly TScreen[]; onClose: () => void };

/** Renames a group and/or changes its screens, in a modal saved or cancelled as a whole. */
export function ScreenGroupEditModal({ group, screens, onClose }: Props) {
  const [draft, setDraft] = useState<GroupDraft>({ name: group.name, screenIds: group.screens.map((s) => s._id) });
  const [errors, setErrors] = useState<FieldErrors>({});
  const update = useUpdateScreenGroup();
  const busy = update.isPending;

  const onSave = () => {
    const checked = checkFields(ZUpdateScreenGroupRequest, draft);
    if ('errors' in checked) {
      setErrors(checked.errors);
      document.getElementById('edit-group-name')?.focus();
      return;
    }
    update.mutate({ id: group._id, body: checked.data }, { onSuccess: onClose });
  };

  return (
    <Modal open title={tr.screenGroups.editTitle} onClose={() => !busy && onClose()}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={busy}>{tr.common.cancel}</Button>
          <Button onClick={onSave} busy={busy} busyText={tr.common.saving}>{tr.common.save}</Button>
        </>
      }>
      {update.isError && <Banner tone="error">{errorMessage(update.error, tr.screenGroups.updateError)}</Banner>}
      <div className="form">
        <ScreenGroupFields idPrefix="edit" draft={draft} screens={screens} nameError={errors.name} disabled={busy}
          onChange={(next) => {
            setDraft(next);
            setErrors({});
          }} />
      </div>
    </Modal>
  );
}
