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
 * `alert:acked` for one of the detail's screens: it counts as confirmed at once (the time is the
 * event's arrival until the detail is read again, which brings the server's time and latency).
 * A screen confirmed already, or not a target, leaves the detail as it is: counted once.
 */
export function ackInDetail(d: TAlertDetail, screenId: string, receivedAt: string): TAlertDetail {
  const row = d.acks.screens.find((s) => s._id === screenId);
  if (!row || row.acknowledgedAt !== null) return d;
  const screens = orderAckScreens(d.acks.screens.map((s) => (s._id === screenId ? { ...s, acknowledgedAt: receivedAt, online: true } : s)));
  const acknowledged = d.acks.acknowledged + 1;
  return { ...d, acknowledgedCount: acknowledged, acks: { ...d.acks, acknowledged, screens } };
}

/** `screen:status`: a target screen's player came or went. */
export function statusInDetail(d: TAlertDetail, e: Pick<TScreenStatusEvent, 'screenId' | 'online'>): TAlertDetail {
  const row = d.acks.screens.find((s) => s._id === e.screenId);
  if (!row || row.online === e.online) return d;
  return { ...d, acks: { ...d.acks, screens: d.acks.screens.map((s) => (s._id === e.screenId ? { ...s, online: e.online } : s)) } };
}

/**
 * `alert:acked` in the list of alerts: one more confirmed, never more than the targets (the
 * caller skips a screen its loaded detail shows as confirmed already).
 */
export function ackInList(list: readonly TAlert[], alertId: string): TAlert[] {
  return list.map((a) => (a._id === alertId && a.acknowledgedCount < a.targetCount ? { ...a, acknowledgedCount: a.acknowledgedCount + 1 } : a));
}
