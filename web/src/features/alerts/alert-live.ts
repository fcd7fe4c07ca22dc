import type { TAlert, TAlertDetail, TScreenStatusEvent } from '@pano/contract';
import { compareTr } from '@pano/contract/text-case';

type AckScreen = TAlertDetail['acks']['screens'][number];

/** The server's order (docs/PRODUCT.md#alerts-api): the screens still to confirm first, then by name. */
export function orderAckScreens(screens: readonly AckScreen[]): AckScreen[] {
  return [...screens].sort((x, y) =>
    Number(x.acknowledgedAt !== null) - Number(y.acknowledgedAt !== null)
    || compareTr(x.name, y.name) || (x._id < y._id ? -1 : 1));
}

/**
 * `alert:acked` for some of the detail's screens (the events of one short burst together, so a
 * thousand screens confirming make a few renders, not a thousand): each counts as confirmed at
 * once (the time is the event's arrival until the detail is read again, which brings the
 * server's time and latency). A screen confirmed already, or not a target, is not counted again.
 */
export function ackInDetail(d: TAlertDetail, screenIds: Iterable<string>, receivedAt: string): TAlertDetail {
  const acked = new Set(screenIds);
  let added = 0;
  const screens = d.acks.screens.map((s) => {
    if (!acked.has(s._id) || s.acknowledgedAt !== null) return s;
    added += 1;
    return { ...s, acknowledgedAt: receivedAt, online: true };
  });
  if (added === 0) return d;
  const acknowledged = d.acks.acknowledged + added;
  return { ...d, acknowledgedCount: acknowledged, acks: { ...d.acks, acknowledged, screens: orderAckScreens(screens) } };
}

/** `screen:status`: a target screen's player came or went. */
export function statusInDetail(d: TAlertDetail, e: Pick<TScreenStatusEvent, 'screenId' | 'online'>): TAlertDetail {
  const row = d.acks.screens.find((s) => s._id === e.screenId);
  if (!row || row.online === e.online) return d;
  return { ...d, acks: { ...d.acks, screens: d.acks.screens.map((s) => (s._id === e.screenId ? { ...s, online: e.online } : s)) } };
}

/**
 * `alert:acked` in the list of alerts: `count` more confirmed, never more than the targets (the
 * caller leaves out screens its loaded detail shows as confirmed already).
 */
export function ackInList(list: readonly TAlert[], alertId: string, count: number): TAlert[] {
  return list.map((a) => (a._id === alertId && count > 0
    ? { ...a, acknowledgedCount: Math.min(a.targetCount, a.acknowledgedCount + count) } : a));
}
