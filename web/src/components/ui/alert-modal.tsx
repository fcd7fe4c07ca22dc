import { tr } from '../../i18n/tr';
import { Button } from './button';
import { Modal } from './modal';

type Props = { open: boolean; message: string; title?: string; onClose: () => void };

/** A message in a modal, dismissed with 'Tamam'. */
export function AlertModal({ open, message, title, onClose }: Props) {
  return (
    <Modal
      open={open}
      title={title ?? tr.app.name}
      onClose={onClose}
      role="alertdialog"
      size="sm"
      footer={<Button data-autofocus onClick={onClose}>{tr.common.ok}</Button>}
    >
      <p className="dialog-message">{message}</p>
    </Modal>
  );
}
