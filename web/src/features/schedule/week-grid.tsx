import { useLayoutEffect, useRef, type CSSProperties } from 'react';
import type { WeekSegment } from '@pano/contract';
import { trSchedule } from '../../i18n/tr-schedule';
import { formatDate } from '../../lib/format';
import { conflictNames, minuteText } from './schedule-format';
import type { TargetWeek } from './week-model';

type Props = {
  week: TargetWeek;
  /** Playlist names by id, and schedule entry names by id (the blocks' and the conflicts'). */
  playlistNames: ReadonlyMap<string, string>;
  scheduleNames: ReadonlyMap<string, string>;
  /** Each schedule entry's colour by id (scheduleColours). */
  colours: ReadonlyMap<string, string>;
  /** The zone's wall clock now: the line is drawn when its date is in the week. */
  now: { date: string; minute: number };
};

const t = trSchedule;
const HOURS = Array.from({ length: 24 }, (_, h) => h);
const percent = (minute: number) => `${(minute / 1440) * 100}%`;
const span = (from: number, to: number) => ({ top: percent(from), height: percent(to - from) });

function playlistName(segment: WeekSegment, names: ReadonlyMap<string, string>): string {
  const shown = segment.layoutId ?? segment.playlistId;
  return shown ? names.get(shown) ?? '?' : t.nothing;
}

/**
 * Seven columns (Pazartesi..Pazar) over 24 hour rows, each day cut into what plays
 * (weekView): each entry named and coloured as itself (its playlist beneath), the screen's
 * own playlist muted and dashed, equal-priority overlaps (findConflicts) hatched in red across
 * the column, the wall clock now as a line. Wider than a phone: the grid scrolls sideways
 * inside its frame, never the page, and opens with today in view.
 */
export function WeekGrid({ week, playlistNames, scheduleNames, colours, now }: Props) {
  const scroller = useRef<HTMLDivElement>(null);
  const todayShown = week.days.some((d) => d.date === now.date);
  const firstDay = week.days[0]?.date;
  // On a phone the frame shows two days: bring today's column next to the hours, not Monday's,
  // when the week is drawn (not again when its data is read again: the reader may have scrolled).
  // The grid's size can still change after that (its styles arriving on a slow phone): until the
  // reader scrolls, today is brought back into view on each change.
  useLayoutEffect(() => {
    const frame = scroller.current;
    if (!frame) return;
    const bring = () => {
      const today = frame.querySelector('.week-day-head.is-today')?.getBoundingClientRect();
      const hours = frame.querySelector('.week-corner')?.getBoundingClientRect();
      if (!today || !hours) return;
      const box = frame.getBoundingClientRect();
      if (today.left >= hours.right && today.right <= box.right) return;
      frame.scrollLeft += today.left - hours.right;
    };
    bring();
    if (typeof ResizeObserver === 'undefined') return;
    const resized = new ResizeObserver(bring);
    const grid = frame.firstElementChild;
    resized.observe(frame);
    if (grid) resized.observe(grid);
    const stop = () => resized.disconnect();
    frame.addEventListener('pointerdown', stop, { once: true });
    frame.addEventListener('wheel', stop, { once: true, passive: true });
    frame.addEventListener('keydown', stop, { once: true });
    return () => {
      stop();
      frame.removeEventListener('pointerdown', stop);
      frame.removeEventListener('wheel', stop);
      frame.removeEventListener('keydown', stop);
    };
  }, [todayShown, firstDay]);
  return (
    <div ref={scroller} className="week-scroll" role="region" aria-label={t.weekGrid} tabIndex={0}>
      <div className="week-grid">
        <div className="week-corner" aria-hidden="true" />
        {week.days.map((day) => (
          <div key={day.date} className={`week-day-head${day.date === now.date ? ' is-today' : ''}`}>
            <span className="week-day-name">{t.dayLong[day.weekday - 1]}</span>
            <span className="week-day-date">{formatDate(`${day.date}T12:00:00`).slice(0, 5)}</span>
          </div>
        ))}
        <div className="week-hours" aria-hidden="true">
          {HOURS.map((h) => <span key={h} className="week-hour">{minuteText(h * 60)}</span>)}
        </div>
        {week.days.map((day) => {
          const dayName = t.dayLong[day.weekday - 1] ?? '';
          const conflicts = week.conflicts.filter((c) => c.date === day.date);
          return (
            <ul key={day.date} className="week-col" aria-label={`${dayName} ${formatDate(`${day.date}T12:00:00`)}`} data-testid="week-day">
              {day.segments.filter((s) => s.source !== 'none').map((s) => {
                const playlist = playlistName(s, playlistNames);
                const entry = s.source === 'schedule' && s.scheduleId ? scheduleNames.get(s.scheduleId) ?? null : null;
                const from = minuteText(s.startMinute);
                const to = minuteText(s.endMinute);
                const colour = s.scheduleId ? colours.get(s.scheduleId) : undefined;
                const style: CSSProperties = { ...span(s.startMinute, s.endMinute), ...(colour ? { background: colour, borderColor: colour } : {}) };
                return (
                  <li key={s.startMinute} className={`week-block week-block-${s.source}`} style={style}
                    title={entry ? `${from}–${to} ${entry} · ${playlist}` : `${from}–${to} ${playlist}`} data-testid="week-block">
                    <span className="sr-only">{t.blockLabel(dayName, from, to)}</span>
                    <span className="week-block-name">{entry ?? playlist}</span>
                    {entry && <span className="week-block-playlist">{playlist}</span>}
                  </li>
                );
              })}
              {conflicts.map((c) => {
                const names = conflictNames(c.scheduleIds, scheduleNames);
                const label = t.conflictLabel(dayName, minuteText(c.startMinute), minuteText(c.endMinute), names);
                return (
                  <li key={`c${c.startMinute}-${c.priority}`} className="week-conflict" style={span(c.startMinute, c.endMinute)}
                    title={label} data-testid="week-conflict">
                    <span className="sr-only">{label}</span>
                  </li>
                );
              })}
              {day.date === now.date && (
                <li className="week-now" style={{ top: percent(now.minute) }} data-testid="week-now">
                  <span className="sr-only">{t.legendNow} {minuteText(Math.floor(now.minute))}</span>
                </li>
              )}
            </ul>
          );
        })}
      </div>
    </div>
  );
}
