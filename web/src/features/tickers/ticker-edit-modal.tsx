import type { TTickerPlaylist } from '@pano/contract';
import { tr } from '../../i18n/tr';
import { errorMessage } from '../../lib/api-error';
import { firstMessage, useZodForm } from '../../lib/use-zod-form';
import { Banner, Button, Form, Modal, showAlert } from '../../components/ui';
import { useUpdateTicker } from './api/use-update-ticker';
import { ZTickerDraft } from './ticker-draft';
import { TickerFields } from './ticker-fields';

type Props = { playlist: TTickerPlaylist; onClose: () => void };

const FORM_ID = 'ticker-edit-form';

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
    (body) => update.mutateAsync({ id: playlist._id, body }, { onSuccess: onClose }),
    (errors) => showAlert(firstMessage(errors) ?? tr.ticker.needNameAndText),
  );

  return (
    <Modal open title={tr.ticker.editTitle} onClose={() => !busy && onClose()}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={busy}>{tr.common.cancel}</Button>
          <Button type="submit" form={FORM_ID} busy={busy} busyText={tr.common.saving}>{tr.common.save}</Button>
        </>
      }>
      {update.isError && <Banner tone="error">{errorMessage(update.error, tr.ticker.updateError)}</Banner>}
      <Form id={FORM_ID} className="form" onSubmit={onSave}>
        <TickerFields idPrefix="edit" form={form} />
      </Form>
    </Modal>
  );
}
