import type { TAppSettings } from '@pano/contract';
import type { AppKind } from '@pano/contract/constants';
import { ZCreateAppRequest } from '@pano/contract';
import { z } from '@pano/contract/zod';
import { parseTimeOfDay } from '@pano/contract/schedule';
import { readDayFirst } from '../../lib/date-text';
import { formatDateTime } from '../../lib/format';

/*
 * The 'Uygulama Ekle' form's values (docs/PRODUCT.md#apps): the request's shape, with numbers as
 * typed and a countdown's target typed as a day ('GG.AA.YYYY') and a time ('SS:DD') in the
 * browser's own zone, made into the ISO instant the contract asks for before its check.
 */

export type AppDraft = { name: string; app: Record<string, unknown> & { kind: AppKind } };

/** Each kind's fields as a new form shows them: the contract's defaults, empty texts elsewhere. */
export function appDefaults(kind: AppKind): AppDraft['app'] {
  switch (kind) {
    case 'clock': return { kind, style: 'digital', showDate: true, showSeconds: false };
    case 'text': return { kind, title: '', body: '', background: '#1E3A8A', textColor: '#FFFFFF', align: 'center' };
    case 'web': return { kind, url: '', refreshSeconds: '0', zoom: '100' };
    case 'youtube': return { kind, url: '' };
    case 'stream': return { kind, url: '' };
    case 'rss': return { kind, url: '', maxItems: '5', style: 'list' };
    case 'weather': return { kind, city: '', latitude: '', longitude: '' };
    case 'qr': return { kind, url: '', caption: '' };
    case 'countdown': return { kind, title: '', targetDay: '', targetTime: '', finishedText: '' };
  }
}

/** An app's saved settings as the form shows them: numbers as text, a countdown's target as day and time. */
export function draftOfApp(app: TAppSettings): AppDraft['app'] {
  const fields: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(app)) fields[key] = typeof value === 'number' ? String(value) : value;
  if (app.kind !== 'countdown') return { ...fields, kind: app.kind };
  const { target, ...rest } = fields;
  const [targetDay, targetTime] = formatDateTime(String(target)).split(' ');
  return { ...rest, kind: 'countdown', targetDay, targetTime };
}

/** A countdown's typed day and time ('9:05' or '09:05') as an ISO instant; '' when either cannot be read. */
function targetOf(day: unknown, time: unknown): string {
  const d = readDayFirst(String(day ?? ''));
  const minutes = parseTimeOfDay(String(time ?? '').trim().padStart(5, '0'));
  if (!('day' in d) || d.day === '' || minutes === null) return '';
  const [y, m, dd] = d.day.split('-').map(Number) as [number, number, number];
  return new Date(y, m - 1, dd, Math.floor(minutes / 60), minutes % 60).toISOString();
}

/** The form's check: the contract's request schema over what was typed (a decimal comma reads as the point). */
export const ZAppDraft = z.preprocess((draft: AppDraft) => {
  if (draft.app.kind !== 'countdown') return draft;
  const { targetDay, targetTime, ...rest } = draft.app;
  return { ...draft, app: { ...rest, target: targetOf(targetDay, targetTime) } };
}, ZCreateAppRequest);
