import { useState } from 'react';
import type { TDirectionPlaylist } from '@pano/contract';
import { tr } from '../../i18n/tr';
import { errorMessage } from '../../lib/api-error';
import { Banner, Button, Modal, showAlert } from '../../components/ui';
import { useUpdateDirection } from './api/use-update-direction';
import { toRequest, validateDraft, type DirectionDraft } from './direction-draft';
import { DirectionFields } from './direction-fields';

type Props = { playlist: TDirectionPlaylist; onClose: () => void };

/** docs/PRODUCT.md#direction: a ticker playlist is edited in a modal, then saved or cancelled. */
export function DirectionEditModal({ playlist, onClose }: Props) {
  const [draft, setDraft] = useState<DirectionDraft>({
    name: playlist.name,
    speed: playlist.speed,
    texts: playlist.directions.map((d) => d.text),
  });
  const update = useUpdateDirection();
  const busy = update.isPending;

  const onSave = () => {
    const problem = validateDraft(draft);
    if (problem) {
      void showAlert(problem);
      return;
    }
    update.mutate({ id: playlist._id, body: toRequest(draft) }, { onSuccess: onClose });
  };

  return (
    <Modal open title={tr.direction.editTitle} onClose={() => !busy && onClose()}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={busy}>{tr.common.cancel}</Button>
          <Button onClick={onSave} busy={busy} busyText={tr.common.saving}>{tr.common.save}</Button>
        </>
      }>
      {update.isError && <Banner tone="error">{errorMessage(update.error, tr.direction.updateError)}</Banner>}
      <div className="form">
        <DirectionFields idPrefix="edit" draft={draft} onChange={setDraft} />
      </div>
    </Modal>
  );
}
