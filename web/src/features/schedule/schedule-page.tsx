import './schedule.css';
import { useState } from 'react';
import type { TSchedule } from '@pano/contract';
import { tr } from '../../i18n/tr';
import { trSchedule } from '../../i18n/tr-schedule';
import { errorMessage } from '../../lib/api-error';
import { useCan } from '../../stores/use-can';
import { Banner, Button, EmptyState, PageHeader, Spinner, showConfirm } from '../../components/ui';
import { usePlaylists } from '../../api/playlists.api';
import { useLayoutChoices } from '../../api/layouts.api';
import { useScreenGroups } from '../../api/screen-groups.api';
import { useScreens } from '../../api/screens.api';
import { useTickerPlaylists } from '../../api/tickers.api';
import { useDeleteSchedule } from './api/use-delete-schedule';
import { useSchedules } from './api/use-schedules';
import { useToggleSchedule } from './api/use-toggle-schedule';
import { ScheduleFormModal } from './schedule-form-modal';
import { ScheduleList } from './schedule-list';
import { WeekPanel } from './week-panel';

type ModalState = { open: false } | { open: true; editing: TSchedule | null };

/** docs/PRODUCT.md#schedule: the entries, their form, and the week each screen or group will see. */
export function SchedulePage() {
  const t = trSchedule;
  const schedules = useSchedules();
  const playlists = usePlaylists();
  // Layouts are offered beside the playlists when there are any (an older server: none).
  const layouts = useLayoutChoices();
  const tickers = useTickerPlaylists();
  const screens = useScreens();
  const groups = useScreenGroups();
  const toggle = useToggleSchedule();
  const remove = useDeleteSchedule();
  const [modal, setModal] = useState<ModalState>({ open: false });
  // Scheduling is a publisher's (docs/architecture/accounts.md#roles): others read the entries and the week.
  const canPublish = useCan('publisher');

  const onToggle = (s: TSchedule) => {
    remove.reset();
    toggle.mutate(s);
  };
  const onDelete = async (s: TSchedule) => {
    if (!(await showConfirm(t.deleteConfirm, { title: s.name, confirmLabel: tr.common.delete, danger: true }))) return;
    toggle.reset();
    remove.mutate(s._id);
  };
  const dismiss = () => {
    toggle.reset();
    remove.reset();
  };
  const actionError = toggle.isError ? errorMessage(toggle.error, t.toggleError)
    : remove.isError ? errorMessage(remove.error, t.deleteError) : null;
  const busyId = toggle.isPending ? toggle.variables._id : remove.isPending ? remove.variables : null;

  const header = (
    <PageHeader title={t.title} lead={t.lead}
      actions={canPublish && <Button onClick={() => setModal({ open: true, editing: null })} disabled={schedules.isPending}>{t.create}</Button>} />
  );
  if (schedules.isPending || screens.isPending || groups.isPending) return <div className="page">{header}<Spinner /></div>;

  const list = schedules.data ?? [];
  const screenList = screens.data ?? [];
  const groupList = groups.data ?? [];
  const loadError = schedules.error ?? screens.error ?? groups.error;
  return (
    <div className="page">
      {header}
      {loadError && <Banner tone="error">{errorMessage(loadError, t.loadError)}</Banner>}
      {actionError && <Banner tone="error" onDismiss={dismiss}>{actionError}</Banner>}
      <h2 className="section-title">{t.listTitle}</h2>
      {list.length === 0 ? (
        !schedules.isError && <EmptyState title={t.empty} hint={canPublish ? t.emptyHint : undefined} icon="◷" />
      ) : (
        <ScheduleList schedules={list} busyId={busyId} onToggle={onToggle} readOnly={!canPublish}
          onEdit={(s) => setModal({ open: true, editing: s })} onDelete={(s) => void onDelete(s)} />
      )}
      <WeekPanel schedules={list} screens={screenList} groups={groupList} />
      {canPublish && modal.open && (
        <ScheduleFormModal editing={modal.editing} playlists={playlists.data ?? []}
          layouts={layouts} tickers={tickers.data ?? []}
          screens={screenList} groups={groupList} onClose={() => setModal({ open: false })} />
      )}
    </div>
  );
}
