import type { TSchedule } from '@pano/contract';
import { presentRefsByName } from '../../http/present-refs.js';
import type { ScheduleRow } from './schedules.service.js';
import { presentRef } from '../../http/present-refs.js';

/** A DATE column arrives as midnight UTC of that day (schedules.service.ts writes it so). */
const day = (d: Date) => d.toISOString().slice(0, 10);

export const presentSchedule = (s: ScheduleRow): TSchedule => ({
  _id: s.id,
  name: s.name,
  playlist: presentRef(s.playlist),
  layout: presentRef(s.layout),
  // The wire keeps the spec's name for the ticker (docs/PRODUCT.md#schedules-api).
  directionPlaylist: presentRef(s.tickerPlaylist),
  screens: presentRefsByName(s.screens.map((x) => x.screen)),
  groups: presentRefsByName(s.groups.map((x) => x.group)),
  days: s.days,
  startTime: s.startTime,
  endTime: s.endTime,
  startDate: s.startDate ? day(s.startDate) : null,
  endDate: s.endDate ? day(s.endDate) : null,
  exceptDates: s.exceptDates.map(day),
  priority: s.priority,
  enabled: s.enabled,
  createdAt: s.createdAt.toISOString(),
  updatedAt: s.updatedAt.toISOString(),
});
