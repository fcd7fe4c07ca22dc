import { ZAlertAck } from '@pano/contract';
import type { AppContext } from '../../context.js';
import type { PlayerSocketEvents } from '../../sockets/socket-types.js';
import { AlertAckWriter } from './alert-acks.js';
import { tellFullyAcknowledged } from './alert-ack-hooks.js';

/**
 * `alert:ack` from a player: an invalid one is dropped; a valid one is written for the screen and
 * device of the handshake (never ones the payload names). Batched: one alert to a whole fleet
 * brings as many acks at once (docs/PERFORMANCE.md, P10). The owner's dashboards then get
 * `alert:acked` and refetch the alert's progress (docs/architecture/alerts.md#alerts).
 */
export function alertSocketEvents(ctx: Pick<AppContext, 'db' | 'clock' | 'notifier' | 'jobs' | 'logger'>): PlayerSocketEvents {
  const alertAcks = new AlertAckWriter(ctx.db, async (written) => {
    ctx.notifier.alertsAcked(written);
    await tellFullyAcknowledged(ctx, [...new Set(written.map((w) => w.alertId))]);
  });
  return (socket, { screenId, deviceId, ownerId }, work) => {
    socket.on('alert:ack', (payload) => {
      const ack = ZAlertAck.safeParse(payload);
      if (!ack.success) return;
      const written = alertAcks.acknowledge({
        alertId: ack.data.alertId, screenId, deviceId, ownerId, latencyMs: ack.data.latencyMs, at: ctx.clock(),
      });
      work.track(written, 'alert: ack', { screenId, alertId: ack.data.alertId });
    });
  };
}
