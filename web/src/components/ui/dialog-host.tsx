import { tr } from '../../i18n/tr';
import { AlertModal } from './alert-modal';
import { ConfirmDialog } from './confirm-dialog';
import { closeCurrentDialog, useDialogStore } from './dialog-store';

/** Renders the alert/confirm requested through showAlert/showConfirm, one at a time. */
export function DialogHost() {
  const current = useDialogStore((s) => s.current);
  if (!current) return null;
  if (current.kind === 'alert') {
    return (
      <AlertModal
        open
        title={current.title}
        message={current.message}
        onClose={() => {
          closeCurrentDialog();
          current.resolve();
        }}
      />
    );
  }
  return (
    <ConfirmDialog
      open
      title={current.title}
      message={current.message}
      detail={current.detail}
      confirmLabel={current.confirmLabel ?? tr.common.confirm}
      danger={current.danger}
      onResult={(ok) => {
        closeCurrentDialog();
        current.resolve(ok);
      }}
    />
  );
}
