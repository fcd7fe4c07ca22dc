import type { TSchedule } from '@pano/contract';
import { tr } from '../../i18n/tr';
import { trSchedule } from '../../i18n/tr-schedule';
import { Badge, Button, StatusToggle } from '../../components/ui';
import { dateRangeText, daysText, windowText } from './schedule-format';

type Props = {
  schedules: TSchedule[];
  busyId: string | null;
  onToggle: (s: TSchedule) => void;
  onEdit: (s: TSchedule) => void;
  onDelete: (s: TSchedule) => void;
  /** A role below publisher: the state reads as a badge, no edit or delete. */
  readOnly?: boolean;
};

/** One card per entry: what plays, where, when; the state is a button that flips it. */
export function ScheduleList({ schedules, busyId, onToggle, onEdit, onDelete, readOnly = false }: Props) {
  const t = trSchedule;
  return (
    <ul className="schedule-list">
      {schedules.map((s) => {
        const state = s.enabled ? t.enabled : t.disabled;
        const dates = dateRangeText(s);
        const targets = [...s.screens.map((x) => ({ ...x, group: false })), ...s.groups.map((x) => ({ ...x, group: true }))];
        return (
          <li key={s._id} className={`schedule-card${s.enabled ? '' : ' is-off'}`} data-testid="schedule-card">
            <div className="schedule-card-head">
              <h3 className="schedule-name" title={s.name}>{s.name}</h3>
              {readOnly ? <Badge tone={s.enabled ? 'success' : 'neutral'}>{state}</Badge> : (
                <StatusToggle on={s.enabled} state={state} label={t.toggleLabel(s.name, state)} disabled={busyId === s._id} onToggle={() => onToggle(s)} />
              )}
            </div>
            <dl className="schedule-facts">
              <dt>{t.colContent}</dt>
              <dd>
                <span className="schedule-playlist">{s.layout ? t.layoutOf(s.layout.name) : s.playlist?.name}</span>
                {s.directionPlaylist && <span className="muted schedule-sub">{t.tickerOf(s.directionPlaylist.name)}</span>}
              </dd>
              <dt>{t.colTargets}</dt>
              <dd>
                {targets.length === 0 ? <span className="muted">{t.noTargets}</span> : (
                  <ul className="schedule-targets">
                    {targets.map((x) => (
                      <li key={x._id}>
                        {x.group && <Badge tone="primary">{t.groupTag}</Badge>} {x.name}
                      </li>
                    ))}
                  </ul>
                )}
              </dd>
              <dt>{t.colWhen}</dt>
              <dd>
                <span>{daysText(s.days)} · {windowText(s.startTime, s.endTime)}</span>
                {dates && <span className="muted schedule-sub">{dates}</span>}
                {s.exceptDates.length > 0 && <span className="muted schedule-sub">{t.except(s.exceptDates.length)}</span>}
              </dd>
              <dt>{t.colPriority}</dt>
              <dd>{s.priority}</dd>
            </dl>
            {!readOnly && (
              <div className="card-actions">
                <Button size="sm" variant="secondary" onClick={() => onEdit(s)} aria-label={`${tr.common.edit}: ${s.name}`}>{tr.common.edit}</Button>
                <Button size="sm" variant="danger-soft" onClick={() => onDelete(s)} disabled={busyId === s._id}
                  aria-label={`${tr.common.delete}: ${s.name}`}>{tr.common.delete}</Button>
              </div>
            )}
          </li>
        );
      })}
    </ul>
  );
}
