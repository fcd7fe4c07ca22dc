import { describe, expect, it } from 'vitest';
import type { TConfigAlert } from '@pano/contract';
import { ackLatencyMs, AlertAckLedger, nextAlertEnd, runningAlerts } from './alerts.js';

const alert = (id: string, endsAt: string | null): TConfigAlert => ({
  _id: id, title: 'Kod Mavi', message: '3. kat', background: '#b91c1c', textColor: '#fff', imageUrl: null, sound: false,
  startedAt: '2026-05-04T10:00:00.000Z', endsAt,
});
const at = (iso: string) => Date.parse(iso);

describe('alerts on the player', () => {
  const list = [alert('new', '2026-05-04T10:30:00.000Z'), alert('open', null), alert('old', '2026-05-04T10:10:00.000Z')];

  it('keeps the running ones in the config\'s order (newest first) and drops each at its endsAt', () => {
    expect(runningAlerts(list, at('2026-05-04T10:05:00Z')).map((a) => a._id)).toEqual(['new', 'open', 'old']);
    expect(runningAlerts(list, at('2026-05-04T10:10:00Z')).map((a) => a._id)).toEqual(['new', 'open']);
    expect(runningAlerts(list, at('2026-05-05T00:00:00Z')).map((a) => a._id)).toEqual(['open']);
  });

  it('knows when the next one ends, and that an alert without an end never does', () => {
    expect(nextAlertEnd(list, at('2026-05-04T10:05:00Z'))).toBe(at('2026-05-04T10:10:00Z'));
    expect(nextAlertEnd(list, at('2026-05-04T10:10:00Z'))).toBe(at('2026-05-04T10:30:00Z'));
    expect(nextAlertEnd(list, at('2026-05-04T10:30:00Z'))).toBeNull();
  });

  it('measures the latency from startedAt, never below zero', () => {
    expect(ackLatencyMs(list[0]!, at('2026-05-04T10:00:00.800Z'))).toBe(800);
    expect(ackLatencyMs(list[0]!, at('2026-05-04T09:59:59Z'))).toBe(0);
  });

  it('confirms each alert once', () => {
    const ledger = new AlertAckLedger();
    expect([ledger.claim('a'), ledger.claim('a'), ledger.claim('b')]).toEqual([true, false, true]);
  });
});
