import { useRef, type ChangeEvent, type ReactNode } from 'react';
import { useWatch } from 'react-hook-form';
import type { TLayout, TPlaylist, TSchedule, TScheduleWrite, TScreen, TScreenGroup, TTickerPlaylist } from '@pano/contract';
import { SCHEDULE_PRIORITY_MAX, SCHEDULE_PRIORITY_MIN } from '@pano/contract';
import { trSchedule } from '../../i18n/tr-schedule';
import { errorMessage } from '../../lib/api-error';
import { dayFirst, readDayFirst } from '../../lib/date-text';
import { separateTyped } from '../../lib/typed-separators';
import { focusFirstInvalid } from '../../lib/form-errors';
import { useZodForm } from '../../lib/use-zod-form';
import { Banner, Button, CheckList, DateField, Form, Modal, SelectField, TextField, TimeField, dateInputProps } from '../../components/ui';
import { useCreateSchedule } from './api/use-create-schedule';
import { useUpdateSchedule } from './api/use-update-schedule';
import { ContentOptions, layoutOfChoice } from '../../components/content/content-options';
import { EVERY_DAY, WEEKDAYS, WEEKEND, ZScheduleDraft, draftFromSchedule, emptyDraft, type ScheduleDraft } from './schedule-draft';

type Props = {
  /** null: a new entry; an entry: edit it. Mounted fresh each time it opens, so a closed draft is gone. */
  editing: TSchedule | null;
  playlists: TPlaylist[];
  /** Offered beside the playlists when there are any; none: the spec's playlist select. */
  layouts: TLayout[];
  tickers: TTickerPlaylist[];
  screens: TScreen[];
  groups: TScreenGroup[];
  onClose: () => void;
};

const FORM_ID = 'schedule-form';
const t = trSchedule;

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

export function ScheduleFormModal({ editing, playlists, layouts, tickers, screens, groups, onClose }: Props) {
  const form = useZodForm(ZScheduleDraft, editing ? draftFromSchedule(editing) : emptyDraft());
  const { register, setValue, setError, clearErrors, formState: { errors } } = form;
  const draft = useWatch({ control: form.control }) as ScheduleDraft;
  const ref = useRef<HTMLFormElement>(null);
  const create = useCreateSchedule();
  const update = useUpdateSchedule();
  const save = editing ? update : create;
  const busy = save.isPending || save.isSuccess;

  const send = (body: TScheduleWrite) => (editing ? update.mutateAsync({ id: editing._id, body }, { onSuccess: onClose })
    : create.mutateAsync(body, { onSuccess: onClose }));
  // The checkbox groups are no inputs react-hook-form holds: one of them first at fault is
  // focused as before (a lone checkbox), the rest by react-hook-form.
  const onInvalid = (found: object) => {
    if (ref.current) focusFirstInvalid(ref.current, found);
  };

  // Whom it is for is one choice: a change of either list answers the message.
  const pick = (field: 'screens' | 'groups') => (ids: string[]) => {
    setValue(field, ids);
    clearErrors(['screens', 'groups']);
  };
  const setDays = (days: number[]) => setValue('days', days);
  const toggleDay = (day: number) =>
    setDays(draft.days.includes(day) ? draft.days.filter((d) => d !== day) : [...draft.days, day].sort((a, b) => a - b));
  // The list and the date typed for it share one message: a change of either answers it.
  const clearExcept = () => clearErrors(['exceptDates', 'exceptDate']);
  const setExceptDates = (dates: string[]) => {
    setValue('exceptDates', dates);
    clearExcept();
  };
  const addExcept = () => {
    const read = readDayFirst(draft.exceptDate);
    if ('error' in read) {
      clearErrors('exceptDates');
      setError('exceptDate', { message: read.error });
      return;
    }
    if (!read.day || draft.exceptDates.includes(read.day)) return;
    setExceptDates([...draft.exceptDates, read.day].sort());
    setValue('exceptDate', '');
  };
  const exceptError = (errors.exceptDates ?? errors.exceptDate)?.message;
  const showsLayout = layoutOfChoice(draft.playlist) !== null;
  // Registered where it is drawn, so react-hook-form focuses the fields in the form's order.
  const exceptInput = () => {
    const field = register('exceptDate');
    return {
      ...field,
      onChange: (e: ChangeEvent<HTMLInputElement>) => {
        separateTyped(e, 'date');
        clearExcept();
        return field.onChange(e);
      },
    };
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
      <Form id={FORM_ID} ref={ref} className="form schedule-form" onSubmit={form.handleSubmit(send, onInvalid)}>
        <TextField label={t.nameLabel} placeholder={t.namePlaceholder} maxLength={100} error={errors.name?.message} {...register('name')} />
        <div className="form-row">
          <SelectField label={layouts.length === 0 ? t.playlistLabel : t.contentLabel} error={errors.playlist?.message} {...register('playlist')}>
            <option value="">{layouts.length === 0 ? t.choosePlaylist : t.chooseContent}</option>
            <ContentOptions playlists={playlists} layouts={layouts} />
          </SelectField>
          <SelectField label={t.tickerLabel} error={errors.directionPlaylist?.message} disabled={showsLayout}
            hint={showsLayout ? t.tickerInLayout : undefined} {...register('directionPlaylist')}>
            <option value="">{t.tickerNone}</option>
            {tickers.map((p) => <option key={p._id} value={p._id}>{p.name}</option>)}
          </SelectField>
        </div>
        <Group legend={t.targetsLabel} error={(errors.screens ?? errors.groups)?.message} errorId="schedule-targets-error">
          <div className="schedule-targets-pick">
            <CheckList legend={t.screensLabel} name="screens" items={screens} selected={draft.screens} empty={t.noScreens}
              onChange={pick('screens')} />
            <CheckList legend={t.groupsLabel} name="groups" items={groups} selected={draft.groups} empty={t.noGroups}
              onChange={pick('groups')} />
          </div>
        </Group>
        <Group legend={t.daysLabel} error={errors.days?.message} errorId="schedule-days-error">
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
            <Button size="sm" variant="ghost" onClick={() => setDays([...WEEKDAYS])}>{t.weekdays}</Button>
            <Button size="sm" variant="ghost" onClick={() => setDays([...WEEKEND])}>{t.weekend}</Button>
            <Button size="sm" variant="ghost" onClick={() => setDays([...EVERY_DAY])}>{t.everyDay}</Button>
          </div>
        </Group>
        <div className="form-row">
          <TimeField label={t.startTimeLabel} error={errors.startTime?.message} {...register('startTime')} />
          <TimeField label={t.endTimeLabel} error={errors.endTime?.message} {...register('endTime')} />
        </div>
        <p className="field-hint schedule-time-hint">{t.timeHint}</p>
        <div className="form-row">
          <DateField label={t.startDateLabel} error={errors.startDate?.message} {...register('startDate')} />
          <DateField label={t.endDateLabel} error={errors.endDate?.message} {...register('endDate')} />
        </div>
        <Group legend={t.exceptLabel} error={exceptError} errorId="schedule-except-error">
          {draft.exceptDates.length === 0 ? <p className="muted">{t.exceptNone}</p> : (
            <ul className="except-list">
              {draft.exceptDates.map((date) => (
                <li key={date} className="except-item">
                  <span>{dayFirst(date)}</span>
                  <Button size="sm" variant="ghost" aria-label={t.exceptRemove(dayFirst(date))}
                    onClick={() => setExceptDates(draft.exceptDates.filter((d) => d !== date))}>×</Button>
                </li>
              ))}
            </ul>
          )}
          <div className="except-add">
            <input className="input" {...dateInputProps} aria-label={t.exceptNew} aria-invalid={Boolean(exceptError) || undefined}
              {...exceptInput()}
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
          <TextField label={t.priorityLabel} type="number" inputMode="numeric" min={SCHEDULE_PRIORITY_MIN} max={SCHEDULE_PRIORITY_MAX}
            step={1} error={errors.priority?.message} hint={t.priorityHint} {...register('priority')} />
          <label className="checkbox-line schedule-enabled">
            <input type="checkbox" {...register('enabled')} />
            <span>{t.enabledLabel}</span>
          </label>
        </div>
      </Form>
    </Modal>
  );
}
