import { tr } from '../../i18n/tr';
import { useLogout } from '../../api/use-logout';
import { Button, Card } from '../../components/ui';
import { useDeleteAdmin } from '../../components/layout/use-delete-admin';
import { isAdmin, useSession } from '../../stores/session-store';

/** docs/PRODUCT.md#settings: logout for everyone; admin account deletion (the layout's own logic) for admins. */
export function AccountCard() {
  const user = useSession((s) => s.user);
  const logout = useLogout();
  const { deleteAdmin, busy } = useDeleteAdmin();
  return (
    <Card aria-labelledby="account-title">
      <h2 id="account-title" className="card-title">{tr.settings.accountTitle}</h2>
      <p className="muted">{user?.email}</p>
      <div className="card-actions">
        <Button variant="secondary" busy={logout.isPending} onClick={() => logout.mutate()}>{tr.settings.logout}</Button>
        {isAdmin(user) && (
          <Button variant="danger" busy={busy} onClick={() => void deleteAdmin()}>{tr.nav.deleteAdmin}</Button>
        )}
      </div>
    </Card>
  );
}
