import './admin-packages.css';
import { useState } from 'react';
import type { TPackage } from '@pano/contract';
import { tr } from '../../i18n/tr';
import { packageUsageText } from '../../lib/usage-text';
import { Banner, Button, EmptyState, PageHeader, Spinner, confirmDelete } from '../../components/ui';
import { deletePackage, fetchPackageUsage, setPackageActive, useAdminPackages, useReloadPackages } from './admin-packages.api';
import { PackageFormModal } from './package-form-modal';
import { PackagesTable } from './packages-table';

type ModalState = { open: false } | { open: true; editing: TPackage | null };

export function AdminPackagesPage() {
  const t = tr.adminPackages;
  const packages = useAdminPackages();
  const reload = useReloadPackages();
  const [modal, setModal] = useState<ModalState>({ open: false });
  const [busyId, setBusyId] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  const run = async (id: string, action: () => Promise<unknown>, failure: string) => {
    setBusyId(id);
    setError(null);
    try {
      await action();
    } catch {
      setError(failure);
    } finally {
      setBusyId(null);
      void reload();
    }
  };

  const onToggle = (p: TPackage) => void run(p._id, () => setPackageActive(p._id, !p.isActive), t.toggleError);
  const onDelete = async (p: TPackage) => {
    // The spec's question stays; what the delete would affect is named above it.
    if (!(await confirmDelete(t.deleteConfirm, { load: () => fetchPackageUsage(p._id), describe: packageUsageText }, t.delete))) return;
    await run(p._id, () => deletePackage(p._id), t.deleteError);
  };

  const list = packages.data ?? [];
  return (
    <div className="page">
      <PageHeader title={t.title}
        actions={<Button onClick={() => setModal({ open: true, editing: null })}>{t.create}</Button>} />
      {(error || packages.isError) && (
        <Banner tone="error" onDismiss={error ? () => setError(null) : undefined}>{error ?? t.loadError}</Banner>
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
          onSaved={() => {
            setModal({ open: false });
            void reload();
          }} />
      )}
    </div>
  );
}
