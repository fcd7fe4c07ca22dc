import type { TAlert, TAlertActor, TAlertDetail } from '@pano/contract';
import { tr } from '../../i18n/tr';

const t = tr.alerts;
const seconds = new Intl.NumberFormat('tr-TR', { minimumFractionDigits: 1, maximumFractionDigits: 1 });

/** The median of the acknowledged screens' latencies, in ms; null before the first. */
export function medianLatency(acks: TAlertDetail['acks']): number | null {
  const ms = acks.screens.map((s) => s.latencyMs).filter((v): v is number => v !== null).sort((a, b) => a - b);
  if (ms.length === 0) return null;
  const mid = Math.floor(ms.length / 2);
  return ms.length % 2 ? ms[mid]! : (ms[mid - 1]! + ms[mid]!) / 2;
}

/**
 * '48 / 50 ekran onayladı · 0,8 sn': the latency is the median, so one slow screen on a bad
 * network does not hide how fast the rest showed it (the slow ones are listed first anyway).
 */
export function progressText(acks: TAlertDetail['acks']): string {
  const head = t.progress(String(acks.acknowledged), String(acks.total));
  const median = medianLatency(acks);
  return median === null ? head : `${head} · ${latencyText(median)}`;
}

/** 820 → '0,8 sn'. */
export const latencyText = (ms: number): string => `${seconds.format(ms / 1000)} ${tr.common.seconds}`;

export const actorName = (a: TAlertActor | null): string =>
  (a === null ? '—' : a.kind === 'apiKey' ? t.byKey(a.name) : a.kind === 'capFeed' ? t.byFeed(a.name) : a.name);

export const targetText = (a: Pick<TAlert, 'all' | 'screens' | 'groups'>): string =>
  a.all ? t.everyScreen : t.targetSummary(a.screens.length, a.groups.length);
