import type { TAssignedUsage, TMediaUsage, TPackageUsage, TScreenGroupUsage, TScreenUsage, TUsedBy } from '@pano/contract';
import { tr } from '../i18n/tr';
import { formatNumber } from './format';

const t = tr.deleteUsage;
const SHOWN_NAMES = 5;

/** 'Lobi, Kafeterya' — past five names the rest are counted, so the dialog stays short. */
export function nameList(items: TUsedBy[]): string {
  const names = items.slice(0, SHOWN_NAMES).map((i) => i.name).join(', ');
  const rest = items.length - SHOWN_NAMES;
  return rest > 0 ? `${names} ${t.more(formatNumber(rest))}` : names;
}

const count = (items: unknown[]) => formatNumber(items.length);

// Each returns undefined when nothing would be affected: the plain question is enough then.

export function mediaUsageText(u: TMediaUsage): string | undefined {
  if (u.playlists.length === 0) return undefined;
  const parts = [t.mediaInPlaylists(count(u.playlists), nameList(u.playlists))];
  if (u.screens.length > 0) parts.push(t.mediaOnScreens(count(u.screens), nameList(u.screens)));
  parts.push(t.mediaEffect);
  return parts.join(' ');
}

/** Sentences joined, or undefined when there is none. */
const sentences = (parts: (string | false)[]): string | undefined => {
  const kept = parts.filter((p): p is string => Boolean(p));
  return kept.length > 0 ? kept.join(' ') : undefined;
};

export function playlistUsageText(u: TAssignedUsage): string | undefined {
  return sentences([
    u.screens.length > 0 && `${t.playlistOnScreens(count(u.screens), nameList(u.screens))} ${t.playlistEffect}`,
    u.schedules.length > 0 && `${t.playlistInSchedules(count(u.schedules), nameList(u.schedules))} ${t.playlistSchedulesEffect}`,
  ]);
}

/** Deleting a ticker keeps the schedules that show it; they go on without the scrolling text. */
export function tickerUsageText(u: TAssignedUsage): string | undefined {
  return sentences([
    u.screens.length > 0 && `${t.tickerOnScreens(count(u.screens), nameList(u.screens))} ${t.tickerEffect}`,
    u.schedules.length > 0 && `${t.tickerInSchedules(count(u.schedules), nameList(u.schedules))} ${t.tickerSchedulesEffect}`,
  ]);
}

/** A deleted screen leaves its groups and the schedules that name it directly. */
export function screenUsageText(u: TScreenUsage): string | undefined {
  const inGroups = u.groups.length > 0;
  const inSchedules = u.schedules.length > 0;
  return sentences([
    u.devices > 0 && t.screenDevices(formatNumber(u.devices)),
    inGroups && t.screenInGroups(count(u.groups), nameList(u.groups)),
    inSchedules && t.screenInSchedules(count(u.schedules), nameList(u.schedules), inGroups),
    (inGroups || inSchedules) && t.screenLeaves(inGroups, inSchedules),
  ]);
}

/** A deleted group leaves the schedules that target it; its screens stay. */
export function screenGroupUsageText(u: TScreenGroupUsage): string | undefined {
  if (u.schedules.length === 0) return undefined;
  return `${t.groupInSchedules(count(u.schedules), nameList(u.schedules))} ${t.groupSchedulesEffect}`;
}

export function packageUsageText(u: TPackageUsage): string | undefined {
  if (u.customers === 0) return undefined;
  const parts = [t.packageBought(formatNumber(u.customers))];
  if (u.activeCustomers > 0) parts.push(t.packageRunning(formatNumber(u.activeCustomers)));
  parts.push(t.packageKept);
  return parts.join(' ');
}
