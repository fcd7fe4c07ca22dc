import { useRef, useState, type ReactNode } from 'react';
import type { TPlaylist, TSchedule, TScreen, TScreenGroup, TTickerPlaylist } from '@pano/contract';
import { SCHEDULE_PRIORITY_MAX, SCHEDULE_PRIORITY_MIN } from '@pano/contract';
import { tr } from '../../i18n/tr';
import { errorMessage } from '../../lib/api-error';
import { dayFirst, readDayFirst } from '../../lib/date-text';
import { separateTyped } from '../../lib/typed-separators';
import { focusFirstInvalid, type FieldErrors } from '../../lib/form-errors';
import { Banner, Button, CheckList, DateField, Form, Modal, SelectField, TextField, TimeField, dateInputProps } from '../../components/ui';
import { useCreateSchedule } from './api/use-create-schedule';
import { useUpdateSchedule } from './api/use-update-schedule';
import { EVERY_DAY, WEEKDAYS, WEEKEND, draftFromSchedule, emptyDraft, toScheduleBody, type ScheduleDraft } from './schedule-draft';

type Props = {
  /** null: a new entry; an entry: edit it. Mounted fresh each time it opens, so a closed draft is gone. */
  editing: TSchedule | null;
  playlists: TPlaylist[];
  tickers: TTickerPlaylist[];
  screens: TScreen[];
  groups: TScreenGroup[];
  onClose: () => void;
};

const FORM_ID = 'schedule-form';
const t = tr.schedule;

function FieldError({ id, error }: { id: string; error?: string }) {
  return error ? <p className="field-error" id={id} role="alert">{error}</p> : null;
}

function Group({ legend, error, errorId, children, className }: { legend: string; error?: string; errorId: string; children: ReactNode; className?: string }) {
  return (
    <fieldset className={`field schedule-group${error ? ' field-invalid' : ''}${className ? ` ${className}` : ''}`}
      aria-describedby={error ? errorId : undefined}>
      <legend className="field-label">{legend}</legend>
      {children}
      <FieldError id={errorId} error={error} />
    </fieldset>
  );
}

export function ScheduleFormModal({ editing, playlists, tickers, screens, groups, onClose }: Props) {
  const [draft, setDraft] = useState<ScheduleDraft>(() => (editing ? draftFromSchedule(editing) : emptyDraft()));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [newExcept, setNewExcept] = useState('');
  const form = useRef<HTMLFormElement>(null);
  const create = useCreateSchedule();
  const update = useUpdateSchedule();
  const save = editing ? update : create;
  const busy = save.isPending || save.isSuccess;

  const set = <K extends keyof ScheduleDraft>(field: K, value: ScheduleDraft[K], ...also: string[]) => {
    setDraft((d) => ({ ...d, [field]: value }));
    setErrors((er) => {
      const next = { ...er };
      for (const key of [field, ...also]) delete next[key];
      return next;
    });
  };
  const text = (field: keyof ScheduleDraft) => (e: { target: { value: string } }) => set(field, e.target.value as never);

  const onSubmit = () => {
    const result = toScheduleBody(draft);
    // An exception typed but not a date is not left behind silently.
    const pending = readDayFirst(newExcept);
    if ('errors' in result || 'error' in pending) {
      const found = { ...('errors' in result ? result.errors : {}) };
      if ('error' in pending) found.exceptDates ??= pending.error;
      setErrors(found);
      if (form.current) focusFirstInvalid(form.current, found);
      return;
    }
    return editing ? update.mutateAsync({ id: editing._id, body: result.body }, { onSuccess: onClose })
      : create.mutateAsync(result.body, { onSuccess: onClose });
  };

  const toggleDay = (day: number) =>
    set('days', draft.days.includes(day) ? draft.days.filter((d) => d !== day) : [...draft.days, day].sort((a, b) => a - b));
  const addExcept = () => {
    const read = readDayFirst(newExcept);
    if ('error' in read) {
      setErrors((er) => ({ ...er, exceptDates: read.error }));
      return;
    }
    if (!read.day || draft.exceptDates.includes(read.day)) return;
    set('exceptDates', [...draft.exceptDates, read.day].sort());
    setNewExcept('');
  };

  return (
    <Modal open title={editing ? t.editTitle : t.createTitle} onClose={onClose}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={busy}>{t.cancel}</Button>
          <Button type="submit" form={FORM_ID} busy={busy} busyText={t.saving}>{editing ? t.submitUpdate : t.submitCreate}</Button>
        </>
      }>
      {save.isError && <Banner tone="error" onDismiss={save.reset}>{errorMessage(save.error, t.saveError)}</Banner>}
      <Form id={FORM_ID} ref={form} className="form schedule-form" onSubmit={onSubmit}>
        <TextField label={t.nameLabel} name="name" placeholder={t.namePlaceholder} maxLength={100}
          value={draft.name} onChange={text('name')} error={errors.name} />
        <div className="form-row">
          <SelectField label={t.playlistLabel} name="playlist" value={draft.playlist} onChange={text('playlist')} error={errors.playlist}>
            <option value="">{t.choosePlaylist}</option>
            {playlists.map((p) => <option key={p._id} value={p._id}>{p.name}</option>)}
          </SelectField>
          <SelectField label={t.tickerLabel} name="directionPlaylist" value={draft.ticker} onChange={text('ticker')} error={errors.directionPlaylist}>
            <option value="">{t.tickerNone}</option>
            {tickers.map((p) => <option key={p._id} value={p._id}>{p.name}</option>)}
          </SelectField>
        </div>
        <Group legend={t.targetsLabel} error={errors.screens ?? errors.groups} errorId="schedule-targets-error">
          <div className="schedule-targets-pick">
            <CheckList legend={t.screensLabel} name="screens" items={screens} selected={draft.screens} empty={t.noScreens}
              onChange={(ids) => set('screens', ids, 'groups')} />
            <CheckList legend={t.groupsLabel} name="groups" items={groups} selected={draft.groups} empty={t.noGroups}
              onChange={(ids) => set('groups', ids, 'screens')} />
          </div>
        </Group>
        <Group legend={t.daysLabel} error={errors.days} errorId="schedule-days-error">
          <div className="day-toggles">
            {EVERY_DAY.map((day) => (
              <label key={day} className={`day-toggle${draft.days.includes(day) ? ' checked' : ''}`}>
                <input type="checkbox" name="days" checked={draft.days.includes(day)} onChange={() => toggleDay(day)}
                  aria-label={t.dayLong[day - 1]} />
                <span aria-hidden="true">{t.dayShort[day - 1]}</span>
              </label>
            ))}
          </div>
          <div className="card-actions day-quick">
            <Button size="sm" variant="ghost" onClick={() => set('days', [...WEEKDAYS])}>{t.weekdays}</Button>
            <Button size="sm" variant="ghost" onClick={() => set('days', [...WEEKEND])}>{t.weekend}</Button>
            <Button size="sm" variant="ghost" onClick={() => set('days', [...EVERY_DAY])}>{t.everyDay}</Button>
          </div>
        </Group>
        <div className="form-row">
          <TimeField label={t.startTimeLabel} name="startTime" value={draft.startTime} onChange={text('startTime')} error={errors.startTime} />
          <TimeField label={t.endTimeLabel} name="endTime" value={draft.endTime} onChange={text('endTime')} error={errors.endTime} />
        </div>
        <p className="field-hint schedule-time-hint">{t.timeHint}</p>
        <div className="form-row">
          <DateField label={t.startDateLabel} name="startDate" value={draft.startDate} onChange={text('startDate')} error={errors.startDate} />
          <DateField label={t.endDateLabel} name="endDate" value={draft.endDate} onChange={text('endDate')} error={errors.endDate} />
        </div>
        <Group legend={t.exceptLabel} error={errors.exceptDates} errorId="schedule-except-error">
          {draft.exceptDates.length === 0 ? <p className="muted">{t.exceptNone}</p> : (
            <ul className="except-list">
              {draft.exceptDates.map((date) => (
                <li key={date} className="except-item">
                  <span>{dayFirst(date)}</span>
                  <Button size="sm" variant="ghost" aria-label={t.exceptRemove(dayFirst(date))}
                    onClick={() => set('exceptDates', draft.exceptDates.filter((d) => d !== date))}>×</Button>
                </li>
              ))}
            </ul>
          )}
          <div className="except-add">
            <input className="input" {...dateInputProps} name="exceptDates" aria-label={t.exceptNew} value={newExcept}
              aria-invalid={Boolean(errors.exceptDates) || undefined}
              onChange={(e) => {
                separateTyped(e, 'date');
                setNewExcept(e.target.value);
                setErrors(({ exceptDates: _typedBefore, ...rest }) => rest);
              }}
              onKeyDown={(e) => {
                if (e.key === 'Enter') {
                  e.preventDefault();
                  addExcept();
                }
              }} />
            <Button size="sm" variant="secondary" onClick={addExcept}>{t.exceptAdd}</Button>
          </div>
        </Group>
        <div className="form-row">
          <TextField label={t.priorityLabel} name="priority" type="number" inputMode="numeric" min={SCHEDULE_PRIORITY_MIN} max={SCHEDULE_PRIORITY_MAX}
            step={1} value={draft.priority} onChange={text('priority')} error={errors.priority} hint={t.priorityHint} />
          <label className="checkbox-row schedule-enabled">
            <input type="checkbox" name="enabled" checked={draft.enabled} onChange={(e) => set('enabled', e.target.checked)} />
            <span>{t.enabledLabel}</span>
          </label>
        </div>
      </Form>
    </Modal>
  );
}
