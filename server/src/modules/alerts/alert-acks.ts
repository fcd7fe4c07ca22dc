import type { Db } from '../../db/client.js';

export type AlertAckInput = {
  alertId: string;
  /** From the socket's handshake, never from the payload: a player confirms only its own screen. */
  screenId: string;
  deviceId: string | null;
  ownerId: string;
  latencyMs: number;
  at: Date;
};

/**
 * Records a player's confirmation that it painted an alert (docs/ARCHITECTURE.md#alerts).
 * Only for an alert of the screen's owner that targets this screen; the first confirmation of
 * a screen counts, later ones (a second player, a reconnect) change nothing. True when this
 * call wrote the acknowledgement.
 */
export async function acknowledgeAlert(db: Db, ack: AlertAckInput): Promise<boolean> {
  const target = await db.alertTarget.findFirst({
    where: { alertId: ack.alertId, screenId: ack.screenId, alert: { ownerId: ack.ownerId } },
    select: { alert: { select: { startedAt: true } } },
  });
  if (!target) return false;
  // The player measures on its own clock; it cannot have painted later than this arrived, so a
  // device clock running ahead is cut to what the server saw (docs/ARCHITECTURE.md#alerts).
  const latencyMs = Math.min(ack.latencyMs, Math.max(0, ack.at.getTime() - target.alert.startedAt.getTime()));
  const { count } = await db.alertAck.createMany({
    data: [{ alertId: ack.alertId, screenId: ack.screenId, deviceId: ack.deviceId, acknowledgedAt: ack.at, latencyMs }],
    skipDuplicates: true,
  });
  return count === 1;
}
