import { useState } from 'react';
import type { TMedia, TReportGrouping, TScreen, TScreenGroup } from '@pano/contract';
import { tr } from '../../i18n/tr';
import { dayFirst, readDayFirst } from '../../lib/date-text';
import { Button, DateField, SelectField } from '../../components/ui';
import { presetOf, presetPeriod, REPORT_PRESETS, type FilterErrors, type ReportFilters, type ReportPreset } from './report-period';

const t = tr.reports;

const presetLabel: Record<ReportPreset, string> = { last7: t.presetLast7, last30: t.presetLast30, thisMonth: t.presetThisMonth };

export const GROUPINGS: { value: TReportGrouping; label: string }[] = [
  { value: 'media', label: t.byMedia },
  { value: 'screen', label: t.byScreen },
  { value: 'group', label: t.byGroup },
  { value: 'day', label: t.byDay },
  { value: 'hour', label: t.byHour },
];

type Props = {
  filters: ReportFilters;
  errors: FilterErrors;
  now: number;
  screens: TScreen[];
  groups: TScreenGroup[];
  media: TMedia[];
  /** The layout zones the last report listed; the zone filter shows only when there are some (or one is chosen). */
  zones: readonly string[];
  onChange: (next: ReportFilters) => void;
};

/**
 * Period (presets or two days), what to count (screen, group, media, layout zone) and how to
 * group it; each change asks again.
 */
export function ReportFiltersForm({ filters, errors, now, screens, groups, media, zones, onChange }: Props) {
  const set = (patch: Partial<ReportFilters>) => onChange({ ...filters, ...patch });
  const active = presetOf(filters.from, filters.to, now);
  // A day typed day-first that is no date yet: shown as typed with its reason, and the
  // filter is left empty so nothing is asked.
  const [typed, setTyped] = useState<Partial<Record<'from' | 'to', { text: string; error: string }>>>({});
  const dateProps = (field: 'from' | 'to') => ({
    value: typed[field]?.text ?? dayFirst(filters[field]),
    error: typed[field]?.error ?? errors[field],
    onChange: (e: { target: { value: string } }) => {
      const read = readDayFirst(e.target.value);
      setTyped((was) => ({ ...was, [field]: 'error' in read ? { text: e.target.value, error: read.error } : undefined }));
      set({ [field]: 'day' in read ? read.day : '' });
    },
  });
  // The chosen zone stays offered when another period no longer lists it, so it can be undone.
  const zoneOptions = filters.zone && !zones.includes(filters.zone) ? [filters.zone, ...zones] : zones;
  const pick = (p: ReportPreset) => {
    setTyped({});
    set(presetPeriod(p, now));
  };
  return (
    <section className="card report-filters" aria-label={t.filtersTitle}>
      <fieldset className="report-period">
        <legend className="field-label">{t.periodLabel}</legend>
        <div className="report-presets" role="group" aria-label={t.periodLabel}>
          {REPORT_PRESETS.map((p) => (
            <Button key={p} size="sm" variant={active === p ? 'primary' : 'secondary'} aria-pressed={active === p}
              onClick={() => pick(p)}>
              {presetLabel[p]}
            </Button>
          ))}
        </div>
        <div className="report-dates">
          <DateField label={t.fromLabel} {...dateProps('from')} />
          <DateField label={t.toLabel} {...dateProps('to')} />
        </div>
      </fieldset>
      <div className="report-selects">
        <SelectField label={t.screenLabel} value={filters.screen} onChange={(e) => set({ screen: e.target.value })}>
          <option value="">{t.allScreens}</option>
          {screens.map((s) => <option key={s._id} value={s._id}>{s.name}</option>)}
        </SelectField>
        <SelectField label={t.groupLabel} value={filters.group} onChange={(e) => set({ group: e.target.value })}>
          <option value="">{t.allGroups}</option>
          {groups.map((g) => <option key={g._id} value={g._id}>{g.name}</option>)}
        </SelectField>
        <SelectField label={t.mediaLabel} value={filters.media} onChange={(e) => set({ media: e.target.value })}>
          <option value="">{t.allMedia}</option>
          {media.map((m) => <option key={m._id} value={m._id}>{m.name}</option>)}
        </SelectField>
        {zoneOptions.length > 0 && (
          <SelectField label={t.zoneLabel} value={filters.zone} onChange={(e) => set({ zone: e.target.value })}>
            <option value="">{t.allZones}</option>
            {zoneOptions.map((z) => <option key={z} value={z}>{z}</option>)}
          </SelectField>
        )}
        <SelectField label={t.byLabel} value={filters.by} onChange={(e) => set({ by: e.target.value as TReportGrouping })}>
          {GROUPINGS.map((g) => <option key={g.value} value={g.value}>{g.label}</option>)}
        </SelectField>
      </div>
    </section>
  );
}
