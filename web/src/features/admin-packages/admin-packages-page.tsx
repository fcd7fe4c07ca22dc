import './admin-packages.css';
import { useState } from 'react';
import type { TPackage } from '@pano/contract';
import { tr } from '../../i18n/tr';
import { packageUsageText } from '../../lib/usage-text';
import { Banner, Button, EmptyState, PageHeader, Spinner, confirmDelete } from '../../components/ui';
import { useAdminPackages } from './api/use-admin-packages';
import { fetchPackageUsage, useDeletePackage } from './api/use-delete-package';
import { useTogglePackage } from './api/use-toggle-package';
import { PackageFormModal } from './package-form-modal';
import { PackagesTable } from './packages-table';

type ModalState = { open: false } | { open: true; editing: TPackage | null };

export function AdminPackagesPage() {
  const t = tr.adminPackages;
  const packages = useAdminPackages();
  const toggle = useTogglePackage();
  const remove = useDeletePackage();
  const [modal, setModal] = useState<ModalState>({ open: false });

  // One banner for the last row action; a new action replaces the other's failure.
  const onToggle = (p: TPackage) => {
    remove.reset();
    toggle.mutate({ id: p._id, isActive: !p.isActive });
  };
  const onDelete = async (p: TPackage) => {
    // The spec's question stays; what the delete would affect is named above it.
    if (!(await confirmDelete(t.deleteConfirm, { load: () => fetchPackageUsage(p._id), describe: packageUsageText }, t.delete))) return;
    toggle.reset();
    remove.mutate(p._id);
  };
  const dismiss = () => {
    toggle.reset();
    remove.reset();
  };
  // docs/PRODUCT.md#errors: these two failures are the spec's fixed texts, without the server's reason.
  const actionError = toggle.isError ? t.toggleError : remove.isError ? t.deleteError : null;
  const busyId = toggle.isPending ? toggle.variables.id : remove.isPending ? remove.variables : null;

  const list = packages.data ?? [];
  return (
    <div className="page">
      <PageHeader title={t.title}
        actions={<Button onClick={() => setModal({ open: true, editing: null })}>{t.create}</Button>} />
      {(actionError || packages.isError) && (
        <Banner tone="error" onDismiss={actionError ? dismiss : undefined}>{actionError ?? t.loadError}</Banner>
      )}
      {packages.isPending ? (
        <Spinner label={t.loading} />
      ) : list.length === 0 ? (
        !packages.isError && <EmptyState title={t.empty} icon="▦" />
      ) : (
        <PackagesTable packages={list} busyId={busyId} onToggle={onToggle}
          onEdit={(p) => setModal({ open: true, editing: p })} onDelete={(p) => void onDelete(p)} />
      )}
      {modal.open && (
        <PackageFormModal editing={modal.editing} onClose={() => setModal({ open: false })}
          onSaved={() => setModal({ open: false })} />
      )}
    </div>
  );
}
