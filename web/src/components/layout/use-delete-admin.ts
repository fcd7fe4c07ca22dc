import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { api } from '../../lib/api-client';
import { serverMessageOr } from '../../lib/api-error';
import { tr } from '../../i18n/tr';
import { showAlert, showConfirm } from '../ui/dialog-store';
import { useSession } from '../../stores/session-store';

/** docs/PRODUCT.md#layout: confirm, DELETE /api/auth/admin, alert, then log out. Shared by sidebar and settings page. */
export function useDeleteAdmin() {
  const [busy, setBusy] = useState(false);
  const logout = useSession((s) => s.logout);
  const navigate = useNavigate();
  const run = async () => {
    const ok = await showConfirm(tr.nav.deleteAdminConfirm, { confirmLabel: tr.nav.deleteAdmin, danger: true });
    if (!ok) return;
    setBusy(true);
    try {
      await api.delete('/api/auth/admin');
      await showAlert(tr.nav.deleteAdminDone);
      logout();
      void navigate('/login', { replace: true });
    } catch (err) {
      await showAlert(serverMessageOr(err, tr.nav.deleteAdminFailed));
    } finally {
      setBusy(false);
    }
  };
  return { deleteAdmin: () => void run(), busy };
}
