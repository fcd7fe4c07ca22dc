import './screens.css';
import { tr } from '../../i18n/tr';
import { errorMessage } from '../../lib/api-error';
import { screenUsageText } from '../../lib/usage-text';
import { Banner, EmptyState, PageHeader, Spinner, confirmDelete } from '../../components/ui';
import { useScreens } from '../../api/screens.api';
import { useDevices } from '../../api/devices/devices-query';
import { fetchScreenUsage, useDeleteScreen } from './api/use-delete-screen';
import { ScreenCard } from './screen-card';
import { ScreenCreateForm } from './screen-create-form';
import { useScreenPresence } from './use-screen-presence';

export function ScreensPage() {
  const screens = useScreens();
  const presence = useScreenPresence();
  // Devices are listed on their screen's card; a failed list only leaves the cards without them.
  const devices = useDevices().data ?? [];
  const remove = useDeleteScreen();

  const onDelete = async (id: string) => {
    if (!(await confirmDelete(tr.screens.deleteConfirm, { load: () => fetchScreenUsage(id), describe: screenUsageText }))) return;
    remove.mutate(id);
  };

  const list = screens.isError ? [] : (screens.data ?? []);
  return (
    <div className="page">
      <PageHeader title={tr.screens.title} lead={tr.screens.lead} />
      <ScreenCreateForm />
      <h2 className="section-title">{tr.screens.listTitle}</h2>
      {screens.isError && <Banner tone="error">{errorMessage(screens.error, tr.screens.listError)}</Banner>}
      {remove.isError && (
        <Banner tone="error" onDismiss={remove.reset}>{errorMessage(remove.error, tr.screens.deleteError)}</Banner>
      )}
      {screens.isPending ? (
        <Spinner />
      ) : list.length === 0 ? (
        !screens.isError && <EmptyState title={tr.screens.empty} hint={tr.screens.emptyHint} icon="▭" />
      ) : (
        <ul className="screen-grid">
          {list.map((s) => (
            <ScreenCard key={s._id} screen={s} presence={presence[s._id]} deleting={remove.isPending && remove.variables === s._id}
              devices={devices.filter((d) => d.screen?._id === s._id)}
              onDelete={() => void onDelete(s._id)} />
          ))}
        </ul>
      )}
    </div>
  );
}
