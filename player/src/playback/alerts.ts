import type { TConfigAlert } from '@pano/contract';

/*
 * Emergency alerts on the player (docs/architecture/alerts.md#alerts): the config lists the active
 * alerts of the screen, newest first; the player keeps to their `endsAt` with its own clock,
 * so an alert ends on time offline too.
 */

/** The alerts still running at `nowMs`, newest first as the config lists them. */
export const runningAlerts = (alerts: readonly TConfigAlert[], nowMs: number): TConfigAlert[] =>
  alerts.filter((a) => a.endsAt === null || Date.parse(a.endsAt) > nowMs);

/** When the next of these alerts ends (ms since epoch), null when none has an end. */
export function nextAlertEnd(alerts: readonly TConfigAlert[], nowMs: number): number | null {
  let next: number | null = null;
  for (const a of alerts) {
    const end = a.endsAt === null ? NaN : Date.parse(a.endsAt);
    if (end > nowMs && (next === null || end < next)) next = end;
  }
  return next;
}

/**
 * Paint time minus the alert's start, never negative. The device's clock is used as is
 * (players keep NTP time); the server bounds the figure by its own receive time, so a fast
 * device clock cannot report more than the alert really took.
 */
export const ackLatencyMs = (alert: Pick<TConfigAlert, 'startedAt'>, paintedAtMs: number): number =>
  Math.max(0, Math.round(paintedAtMs - Date.parse(alert.startedAt)));

/** Remembers which alerts were confirmed, so each is confirmed once per player run. */
export class AlertAckLedger {
  private readonly done = new Set<string>();
  /** True the first time it is asked for an alert. */
  claim(alertId: string): boolean {
    if (this.done.has(alertId)) return false;
    this.done.add(alertId);
    return true;
  }
}
