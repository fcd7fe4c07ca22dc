import { useState } from 'react';
import type { TDirectionPlaylist } from '@pano/contract';
import { tr } from '../../i18n/tr';
import { errorMessage } from '../../lib/api-error';
import { Banner, Button, Modal, showAlert } from '../../components/ui';
import { updateDirection } from '../../api/direction.api';
import { toRequest, validateDraft, type DirectionDraft } from './direction-draft';
import { DirectionFields } from './direction-fields';

type Props = { playlist: TDirectionPlaylist; onClose: (saved: boolean) => void };

/** docs/PRODUCT.md#direction: a ticker playlist is edited in a modal, then saved or cancelled. */
export function DirectionEditModal({ playlist, onClose }: Props) {
  const [draft, setDraft] = useState<DirectionDraft>({
    name: playlist.name,
    speed: playlist.speed,
    texts: playlist.directions.map((d) => d.text),
  });
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const onSave = async () => {
    const problem = validateDraft(draft);
    if (problem) {
      await showAlert(problem);
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await updateDirection(playlist._id, toRequest(draft));
      onClose(true);
    } catch (err) {
      setError(tr.direction.updateError + errorMessage(err));
      setBusy(false);
    }
  };

  return (
    <Modal open title={tr.direction.editTitle} onClose={() => !busy && onClose(false)}
      footer={
        <>
          <Button variant="secondary" onClick={() => onClose(false)} disabled={busy}>{tr.common.cancel}</Button>
          <Button onClick={() => void onSave()} busy={busy} busyText={tr.common.saving}>{tr.common.save}</Button>
        </>
      }>
      {error && <Banner tone="error">{error}</Banner>}
      <div className="form">
        <DirectionFields idPrefix="edit" draft={draft} onChange={setDraft} />
      </div>
    </Modal>
  );
}
