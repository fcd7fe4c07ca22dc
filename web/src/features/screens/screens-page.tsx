import './screens.css';
import { useState } from 'react';
import { tr } from '../../i18n/tr';
import { errorMessage } from '../../lib/api-error';
import { screenUsageText } from '../../lib/usage-text';
import { Banner, EmptyState, PageHeader, Spinner, confirmDelete } from '../../components/ui';
import { deleteScreen, fetchScreenUsage, useInvalidateScreens, useScreens } from '../../api/screens.api';
import { deviceKeys, useDevices } from '../../api/devices/devices-query';
import { useQueryClient } from '@tanstack/react-query';
import { ScreenCard } from './screen-card';
import { ScreenCreateForm } from './screen-create-form';
import { useScreenPresence } from './use-screen-presence';

export function ScreensPage() {
  const screens = useScreens();
  const presence = useScreenPresence();
  // Devices are listed on their screen's card; a failed list only leaves the cards without them.
  const devices = useDevices().data ?? [];
  const reload = useInvalidateScreens();
  const queryClient = useQueryClient();
  // Its devices now show no screen.
  const reloadDevices = () => queryClient.invalidateQueries({ queryKey: deviceKeys.all });
  const [deleting, setDeleting] = useState<string | null>(null);
  const [deleteError, setDeleteError] = useState<string | null>(null);

  const onDelete = async (id: string) => {
    if (!(await confirmDelete(tr.screens.deleteConfirm, { load: () => fetchScreenUsage(id), describe: screenUsageText }))) return;
    setDeleting(id);
    setDeleteError(null);
    try {
      await deleteScreen(id);
    } catch (err) {
      setDeleteError(tr.screens.deleteError + errorMessage(err));
    } finally {
      setDeleting(null);
      void reload();
      void reloadDevices();
    }
  };

  const list = screens.isError ? [] : (screens.data ?? []);
  return (
    <div className="page">
      <PageHeader title={tr.screens.title} lead={tr.screens.lead} />
      <ScreenCreateForm onCreated={() => void reload()} />
      <h2 className="section-title">{tr.screens.listTitle}</h2>
      {screens.isError && <Banner tone="error">{tr.screens.listError(errorMessage(screens.error))}</Banner>}
      {deleteError && <Banner tone="error" onDismiss={() => setDeleteError(null)}>{deleteError}</Banner>}
      {screens.isPending ? (
        <Spinner />
      ) : list.length === 0 ? (
        !screens.isError && <EmptyState title={tr.screens.empty} hint={tr.screens.emptyHint} icon="▭" />
      ) : (
        <ul className="screen-grid">
          {list.map((s) => (
            <ScreenCard key={s._id} screen={s} presence={presence[s._id]} deleting={deleting === s._id}
              devices={devices.filter((d) => d.screen?._id === s._id)}
              onDelete={() => void onDelete(s._id)} />
          ))}
        </ul>
      )}
    </div>
  );
}
