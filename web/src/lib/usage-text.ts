import type { TAssignedUsage, TMediaUsage, TPackageUsage, TScreenUsage, TUsedBy } from '@pano/contract';
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

export function playlistUsageText(u: TAssignedUsage): string | undefined {
  if (u.screens.length === 0) return undefined;
  return `${t.playlistOnScreens(count(u.screens), nameList(u.screens))} ${t.playlistEffect}`;
}

export function tickerUsageText(u: TAssignedUsage): string | undefined {
  if (u.screens.length === 0) return undefined;
  return `${t.tickerOnScreens(count(u.screens), nameList(u.screens))} ${t.tickerEffect}`;
}

export function screenUsageText(u: TScreenUsage): string | undefined {
  return u.devices > 0 ? t.screenDevices(formatNumber(u.devices)) : undefined;
}

export function packageUsageText(u: TPackageUsage): string | undefined {
  if (u.customers === 0) return undefined;
  const parts = [t.packageBought(formatNumber(u.customers))];
  if (u.activeCustomers > 0) parts.push(t.packageRunning(formatNumber(u.activeCustomers)));
  parts.push(t.packageKept);
  return parts.join(' ');
}
