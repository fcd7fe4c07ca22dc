import { tr } from '../../i18n/tr';
import { Button } from './button';
import { Modal } from './modal';

type Props = {
  open: boolean;
  message: string;
  /** What the action would affect, shown above the question (for example a delete's usage). */
  detail?: string;
  title?: string;
  confirmLabel?: string;
  danger?: boolean;
  onResult: (confirmed: boolean) => void;
};

export function ConfirmDialog({ open, message, detail, title, confirmLabel = tr.common.confirm, danger, onResult }: Props) {
  return (
    <Modal
      open={open}
      title={title ?? tr.app.name}
      onClose={() => onResult(false)}
      role="alertdialog"
      size="sm"
      footer={
        <>
          <Button variant="secondary" data-autofocus onClick={() => onResult(false)}>{tr.common.cancel}</Button>
          <Button variant={danger ? 'danger' : 'primary'} onClick={() => onResult(true)}>{confirmLabel}</Button>
        </>
      }
    >
      {detail && <p className="dialog-detail" data-testid="dialog-detail">{detail}</p>}
      <p className="dialog-message">{message}</p>
    </Modal>
  );
}
