import type { TTickerPlaylist } from '@pano/contract';
import { tr } from '../../i18n/tr';
import { errorMessage } from '../../lib/api-error';
import { firstMessage, useZodForm } from '../../lib/use-zod-form';
import { Banner, Button, Modal, showAlert } from '../../components/ui';
import { useUpdateTicker } from './api/use-update-ticker';
import { ZTickerDraft } from './ticker-draft';
import { TickerFields } from './ticker-fields';

type Props = { playlist: TTickerPlaylist; onClose: () => void };

/** docs/PRODUCT.md#ticker: a ticker playlist is edited in a modal, then saved or cancelled. */
export function TickerEditModal({ playlist, onClose }: Props) {
  const form = useZodForm(ZTickerDraft, {
    name: playlist.name,
    speed: playlist.speed,
    texts: playlist.directions.map((d) => d.text),
  });
  const update = useUpdateTicker();
  const busy = update.isPending;

  const onSave = form.handleSubmit(
    (body) => update.mutate({ id: playlist._id, body }, { onSuccess: onClose }),
    (errors) => showAlert(firstMessage(errors) ?? tr.ticker.needNameAndText),
  );

  return (
    <Modal open title={tr.ticker.editTitle} onClose={() => !busy && onClose()}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={busy}>{tr.common.cancel}</Button>
          <Button onClick={() => void onSave()} busy={busy} busyText={tr.common.saving}>{tr.common.save}</Button>
        </>
      }>
      {update.isError && <Banner tone="error">{errorMessage(update.error, tr.ticker.updateError)}</Banner>}
      <div className="form">
        <TickerFields idPrefix="edit" form={form} />
      </div>
    </Modal>
  );
}
