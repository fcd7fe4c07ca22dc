import { useNavigate } from 'react-router-dom';
import { errorMessage } from '../../lib/api-error';
import { tr } from '../../i18n/tr';
import { showAlert, showConfirm } from '../ui/dialog-store';
import { useSession } from '../../stores/session-store';
import { useDeleteAdminAccount } from '../../api/use-delete-admin-account';

/** docs/PRODUCT.md#layout: confirm, DELETE /api/auth/admin, alert, then log out. Shared by sidebar and settings page. */
export function useDeleteAdmin() {
  const remove = useDeleteAdminAccount();
  const logout = useSession((s) => s.logout);
  const navigate = useNavigate();
  const run = async () => {
    const ok = await showConfirm(tr.nav.deleteAdminConfirm, { confirmLabel: tr.nav.deleteAdmin, danger: true });
    if (!ok) return;
    remove.mutate(undefined, {
      onSuccess: () => {
        void showAlert(tr.nav.deleteAdminDone).then(() => {
          logout();
          void navigate('/login', { replace: true });
        });
      },
      onError: (err) => void showAlert(errorMessage(err, tr.nav.deleteAdminFailed)),
    });
  };
  return { deleteAdmin: run, busy: remove.isPending };
}
