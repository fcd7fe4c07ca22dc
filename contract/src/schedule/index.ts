export * from './calendar.js';
export * from './time-zone.js';
export {
  type ScheduleEntry, type ScreenSchedule, type ScheduleSource, type ScheduleOutcome, precedes, sameOutcome,
} from './rules.js';
export * from './resolve.js';
export * from './week-view.js';
export * from './targets.js';
