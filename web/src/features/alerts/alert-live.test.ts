import { describe, expect, it } from 'vitest';
import type { TAlert, TAlertDetail } from '@pano/contract';
import { ackInDetail, ackInList, orderAckScreens, statusInDetail } from './alert-live';
import { progressText } from './alert-format';

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const at = '2026-11-01T00:00:00.000Z';
const later = '2026-11-01T00:00:01.000Z';
const row = (n: number, name: string, o: Partial<TAlertDetail['acks']['screens'][number]> = {}) =>
  ({ _id: id(n), name, online: true, acknowledgedAt: null, latencyMs: null, ...o });
const alert = (o: Partial<TAlert> = {}): TAlert => ({
  _id: id(51), title: 'Kod Mavi', message: '3. kat', background: '#B91C1C', textColor: '#FFFFFF', media: null, sound: false,
  all: true, screens: [], groups: [], startedAt: at, endsAt: null, endedAt: null, active: true, targetCount: 3, acknowledgedCount: 1,
  createdBy: null, endedBy: null, ...o,
});
const detail = (): TAlertDetail => ({
  ...alert(),
  acks: { total: 3, acknowledged: 1, screens: [row(1, 'Çay ocağı', { online: false }), row(2, 'Lobi'), row(3, 'Koridor', { acknowledgedAt: at, latencyMs: 700 })] },
});

describe('alert:acked on the cached detail', () => {
  it('counts the screen as confirmed at once and moves it below the waiting ones', () => {
    const d = ackInDetail(detail(), [id(2)], later);
    expect(d.acks.acknowledged).toBe(2);
    expect(d.acknowledgedCount).toBe(2);
    expect(d.acks.screens.map((s) => [s.name, s.acknowledgedAt])).toEqual([['Çay ocağı', null], ['Koridor', at], ['Lobi', later]]);
    expect(progressText(d.acks)).toBe('2 / 3 ekran onayladı · 0,7 sn');
  });

  it('counts a screen once and ignores a screen that is not a target', () => {
    const once = ackInDetail(detail(), [id(2)], later);
    expect(ackInDetail(once, [id(2)], later)).toBe(once);
    const d = detail();
    expect(ackInDetail(d, [id(3)], later)).toBe(d);
    expect(ackInDetail(d, [id(9)], later)).toBe(d);
    expect(ackInDetail(d, [id(3), id(2), id(9)], later).acks.acknowledged).toBe(2);
  });

  it('takes a burst of acknowledgements at once', () => {
    const d = ackInDetail(detail(), [id(1), id(2)], later);
    expect(progressText(d.acks)).toBe('3 / 3 ekran onayladı · 0,7 sn');
    expect(d.acks.screens.map((s) => s.name)).toEqual(['Çay ocağı', 'Koridor', 'Lobi']);
  });

  it('a confirming screen has a player, so it is online', () => {
    expect(ackInDetail(detail(), [id(1)], later).acks.screens.find((s) => s._id === id(1))).toMatchObject({ online: true, acknowledgedAt: later });
  });
});

describe('screen:status on the cached detail', () => {
  it('changes the online state of a target screen only', () => {
    const d = detail();
    expect(statusInDetail(d, { screenId: id(1), online: true }).acks.screens[0]).toMatchObject({ name: 'Çay ocağı', online: true });
    expect(statusInDetail(d, { screenId: id(2), online: false }).acks.screens[1]).toMatchObject({ name: 'Lobi', online: false });
    expect(statusInDetail(d, { screenId: id(9), online: false })).toBe(d);
    expect(statusInDetail(d, { screenId: id(2), online: true })).toBe(d);
  });
});

describe('alert:acked on the list', () => {
  it('adds the new confirmations to that alert only, never beyond its targets', () => {
    const list = [alert(), alert({ _id: id(52), acknowledgedCount: 0 })];
    expect(ackInList(list, id(51), 1).map((a) => a.acknowledgedCount)).toEqual([2, 0]);
    expect(ackInList(list, id(51), 5)[0]!.acknowledgedCount).toBe(3);
    expect(ackInList([alert({ acknowledgedCount: 3 })], id(51), 1)[0]!.acknowledgedCount).toBe(3);
  });
});

describe('orderAckScreens', () => {
  it('puts the waiting screens first, each part in Turkish alphabetical order', () => {
    const sorted = orderAckScreens([row(1, 'Zemin', { acknowledgedAt: at }), row(2, 'İdare'), row(3, 'Çay ocağı'), row(4, 'Ana giriş', { acknowledgedAt: at })]);
    expect(sorted.map((s) => s.name)).toEqual(['Çay ocağı', 'İdare', 'Ana giriş', 'Zemin']);
  });
});
