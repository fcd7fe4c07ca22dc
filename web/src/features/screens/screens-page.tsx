import './screens.css';
import { useSearchParams } from 'react-router-dom';
import { tr } from '../../i18n/tr';
import { errorMessage } from '../../lib/api-error';
import { useCan } from '../../stores/use-can';
import { screenUsageText } from '../../lib/usage-text';
import { Banner, EmptyState, PageHeader, SelectField, Spinner, confirmDelete } from '../../components/ui';
import { useScreens } from '../../api/screens.api';
import { useScreenGroups } from '../../api/screen-groups.api';
import { useDevices } from '../../api/devices/devices-query';
import { useProblemScreens, useScreenHealth } from '../../api/screen-health.api';
import { fetchScreenUsage, useDeleteScreen } from './api/use-delete-screen';
import { useScreensNow } from './api/use-screens-now';
import { ScreenCard } from './screen-card';
import { ScreenCreateForm } from './screen-create-form';
import { ScreenGroupsPanel } from './screen-groups-panel';
import { useScreenPresence } from './use-screen-presence';

/** The group filter lives in the address (?group=<id>), so a filtered list survives a reload and can be linked. */
const GROUP_PARAM = 'group';

export function ScreensPage() {
  const screens = useScreens();
  const groups = useScreenGroups();
  const presence = useScreenPresence();
  const now = useScreensNow();
  // Health is extra: a failed list only leaves the cards without it (the sidebar count, too).
  const health = useScreenHealth().data;
  const problems = useProblemScreens(health);
  const healthById = new Map((health?.screens ?? []).map((h) => [h.screenId, h]));
  // Devices are listed on their screen's card; a failed list only leaves the cards without them.
  const devices = useDevices().data ?? [];
  const remove = useDeleteScreen();
  // Adding, changing and deleting screens and groups is a publisher's (docs/architecture/accounts.md#roles).
  const canPublish = useCan('publisher');
  // A new screen would be in no group of a limited member's: the server refuses it (403).
  const canAdd = useCan('publisher', { allScreens: true });
  const [params, setParams] = useSearchParams();

  const onDelete = async (id: string) => {
    if (!(await confirmDelete(tr.screens.deleteConfirm, { load: () => fetchScreenUsage(id), describe: screenUsageText }))) return;
    remove.mutate(id);
  };

  const list = screens.isError ? [] : (screens.data ?? []);
  // Only screens still listed count (one deleted a moment ago may linger in the health list).
  const problemCount = list.filter((s) => problems.has(s._id)).length;
  const groupList = groups.data ?? [];
  // A group deleted meanwhile (or a stale link) filters nothing out.
  const groupId = groupList.some((g) => g._id === params.get(GROUP_PARAM)) ? params.get(GROUP_PARAM)! : '';
  const shown = groupId ? list.filter((s) => s.groups.some((g) => g._id === groupId)) : list;
  const onFilter = (id: string) => setParams((p) => {
    const next = new URLSearchParams(p);
    if (id) next.set(GROUP_PARAM, id);
    else next.delete(GROUP_PARAM);
    return next;
  }, { replace: true });

  return (
    <div className="page">
      <PageHeader title={tr.screens.title} lead={tr.screens.lead} />
      {problemCount > 0 && health && (
        <div data-testid="screens-problem-banner">
          <Banner tone="warning">
            <strong>{tr.health.problemCount(problemCount)}</strong> · {tr.health.problemHint(health.warnMinutes)}
          </Banner>
        </div>
      )}
      {canAdd && <ScreenCreateForm />}
      <div className="screen-list-head">
        <h2 className="section-title">{tr.screens.listTitle}</h2>
        {groupList.length > 0 && (
          <div className="screen-filter">
            <SelectField label={tr.screens.filterLabel} name="group" value={groupId} onChange={(e) => onFilter(e.target.value)}>
              <option value="">{tr.screens.filterAll}</option>
              {groupList.map((g) => <option key={g._id} value={g._id}>{g.name}</option>)}
            </SelectField>
          </div>
        )}
      </div>
      {screens.isError && <Banner tone="error">{errorMessage(screens.error, tr.screens.listError)}</Banner>}
      {remove.isError && (
        <Banner tone="error" onDismiss={remove.reset}>{errorMessage(remove.error, tr.screens.deleteError)}</Banner>
      )}
      {screens.isPending ? (
        <Spinner />
      ) : list.length === 0 ? (
        !screens.isError && <EmptyState title={tr.screens.empty} hint={canAdd ? tr.screens.emptyHint : undefined} icon="▭" />
      ) : shown.length === 0 ? (
        <EmptyState title={tr.screens.filterEmpty} icon="▭" />
      ) : (
        <ul className="screen-grid">
          {shown.map((s) => (
            <ScreenCard key={s._id} screen={s} presence={presence[s._id]} now={now.get(s._id)}
              health={healthById.get(s._id)} problem={problems.has(s._id)}
              deleting={remove.isPending && remove.variables === s._id} readOnly={!canPublish}
              devices={devices.filter((d) => d.screen?._id === s._id)}
              onDelete={() => void onDelete(s._id)} />
          ))}
        </ul>
      )}
      {/* Below the list: the screens are what a customer comes for; groups are arranged now and then. */}
      <div className="screen-groups-section">
        <ScreenGroupsPanel groups={groupList} screens={list} loadError={groups.error} readOnly={!canPublish} />
      </div>
    </div>
  );
}
