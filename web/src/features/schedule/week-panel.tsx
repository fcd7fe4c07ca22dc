import { useEffect, useMemo, useState } from 'react';
import type { TSchedule, TScreen, TScreenGroup } from '@pano/contract';
import { trSchedule } from '../../i18n/tr-schedule';
import { formatDate } from '../../lib/format';
import { Banner, Button, Card, SelectField } from '../../components/ui';
import { WeekGrid } from './week-grid';
import { conflictNames, daysText, minuteText } from './schedule-format';
import { clockAt, conflictRuns, lastDayOfWeek, playlistNames, scheduleColours, shiftWeek, targetWeek, type WeekTarget } from './week-model';

type Props = {
  schedules: TSchedule[];
  screens: TScreen[];
  groups: TScreenGroup[];
  /** A fixed instant to draw at (tests); without it the wall clock, read again each minute. */
  initialNow?: number;
};

const t = trSchedule;
const MINUTE = 60_000;

/** The wall clock moves the 'now' line; once a minute is enough for a line on a 24-hour grid. */
function useNow(initial?: number): number {
  const [now, setNow] = useState(() => initial ?? Date.now());
  useEffect(() => {
    if (initial !== undefined) return;
    const timer = setInterval(() => setNow(Date.now()), MINUTE);
    return () => clearInterval(timer);
  }, [initial]);
  return now;
}

function findTarget(key: string, screens: TScreen[], groups: TScreenGroup[]): WeekTarget | null {
  const [kind, id] = key.split(':');
  if (kind === 'screen') {
    const screen = screens.find((s) => s._id === id);
    return screen ? { kind, screen } : null;
  }
  const group = groups.find((g) => g._id === id);
  return group ? { kind: 'group', group } : null;
}

const day = (iso: string) => formatDate(`${iso}T12:00:00`);

/** Haftalık görünüm: pick a screen or a group, step through weeks; drawn by the resolution the player runs. */
export function WeekPanel({ schedules, screens, groups, initialNow }: Props) {
  const now = useNow(initialNow);
  const [targetKey, setTargetKey] = useState(() => (screens[0] ? `screen:${screens[0]._id}` : groups[0] ? `group:${groups[0]._id}` : ''));
  const [offset, setOffset] = useState(0);
  const target = useMemo(() => findTarget(targetKey, screens, groups), [targetKey, screens, groups]);
  const zone = target?.kind === 'screen' ? target.screen.timezone : null;
  const clock = clockAt(zone, now);
  const weekStart = shiftWeek(clock.weekStart, offset);

  const week = useMemo(() => (target ? targetWeek(target, schedules, weekStart) : null), [target, schedules, weekStart]);
  const names = useMemo(() => (target ? playlistNames(target, schedules) : new Map<string, string>()), [target, schedules]);
  const scheduleNames = useMemo(() => new Map(schedules.map((s) => [s._id, s.name])), [schedules]);
  const colours = useMemo(() => scheduleColours(schedules), [schedules]);
  // The legend names the entries drawn this week, each with its colour.
  const shown = new Set(week?.days.flatMap((d) => d.segments.map((s) => s.scheduleId)) ?? []);
  const drawn = schedules.filter((s) => shown.has(s._id));

  return (
    <Card className="week-panel" aria-labelledby="week-title">
      <h2 id="week-title" className="card-title">{t.weekTitle}</h2>
      <div className="week-toolbar">
        <SelectField label={t.weekTargetLabel} name="week-target" value={targetKey} onChange={(e) => setTargetKey(e.target.value)}>
          {!target && <option value="">{t.weekChoose}</option>}
          {screens.length > 0 && (
            <optgroup label={t.weekScreens}>
              {screens.map((s) => <option key={s._id} value={`screen:${s._id}`}>{s.name}</option>)}
            </optgroup>
          )}
          {groups.length > 0 && (
            <optgroup label={t.weekGroups}>
              {groups.map((g) => <option key={g._id} value={`group:${g._id}`}>{g.name}</option>)}
            </optgroup>
          )}
        </SelectField>
        <div className="week-nav">
          <Button size="sm" variant="secondary" onClick={() => setOffset((o) => o - 1)} aria-label={t.weekPrev}>‹</Button>
          <Button size="sm" variant="secondary" onClick={() => setOffset(0)} aria-pressed={offset === 0}>{t.weekThis}</Button>
          <Button size="sm" variant="secondary" onClick={() => setOffset((o) => o + 1)} aria-label={t.weekNext}>›</Button>
          <span className="week-range" aria-live="polite">{t.weekRange(day(weekStart), day(lastDayOfWeek(weekStart)))}</span>
        </div>
      </div>
      {!target || !week ? <p className="muted">{t.weekEmpty}</p> : (
        <>
          <ul className="week-legend">
            {drawn.length === 0 && <li><span className="legend-swatch week-block-schedule" aria-hidden="true" />{t.legendSchedule}</li>}
            {drawn.map((s) => (
              <li key={s._id} data-testid="week-legend-entry">
                <span className="legend-swatch week-block-schedule" style={{ background: colours.get(s._id) }} aria-hidden="true" />{s.name}
              </li>
            ))}
            {target.kind === 'screen' && <li><span className="legend-swatch week-block-default" aria-hidden="true" />{t.legendDefault}</li>}
            <li><span className="legend-swatch legend-conflict" aria-hidden="true" />{t.legendConflict}</li>
            <li><span className="legend-swatch legend-now" aria-hidden="true" />{t.legendNow}</li>
          </ul>
          <p className="muted week-note">{target.kind === 'screen' ? t.weekTimeZone(week.zone) : t.weekGroupNote}</p>
          {week.conflicts.length > 0 && (
            <Banner tone="warning">
              {t.conflictNote(week.conflicts.length)}
              <ul className="week-conflict-list" data-testid="week-conflict-list">
                {conflictRuns(week).map((c) => {
                  const names = conflictNames(c.scheduleIds, scheduleNames);
                  const label = t.conflictLabel(daysText(c.weekdays), minuteText(c.startMinute), minuteText(c.endMinute), names);
                  return <li key={label}>{label}</li>;
                })}
              </ul>
            </Banner>
          )}
          <WeekGrid week={week} playlistNames={names} scheduleNames={scheduleNames} colours={colours} now={clock} />
        </>
      )}
    </Card>
  );
}
