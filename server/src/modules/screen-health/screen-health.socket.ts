import { ZPlayerHealth, type TPlayerHealth } from '@pano/contract';
import type { AppContext } from '../../context.js';
import { KeyBatcher } from '../../db/key-batcher.js';
import type { PlayerSocketEvents } from '../../sockets/socket-types.js';
import { storeHealthReports, tellUnhealthy } from './screen-health.service.js';

/** At most one report per player socket is stored in this time; the latest one held back follows at its end. */
export const HEALTH_REPORT_MIN_GAP_MS = 5_000;

/** Reports stored at most this often (a fleet reconnecting would otherwise cost a query per player). */
const STORE_GAP_MS = 100;

type Stored = { ownerId: string; deviceId: string; report: TPlayerHealth; at: Date };

/**
 * `player:health` from one player socket (docs/architecture/devices.md#health): checked against the
 * contract (an invalid one is dropped), stored for the screen of its handshake (never one the
 * payload names), at most one per HEALTH_REPORT_MIN_GAP_MS (the latest held back is stored at the
 * end of the gap), and pushed to the owner when more than the uptime changed. Reports arriving
 * together (every player of a fleet says how it is on connect) are one INSERT.
 */
export function healthSocketEvents(ctx: Pick<AppContext, 'db' | 'clock' | 'logger' | 'health' | 'jobs'>): PlayerSocketEvents {
  const reports = new KeyBatcher<string, never, Stored>(async (batch) => {
    const started = await storeHealthReports(ctx.db, [...batch].map(([id, r]) => ({ screen: { id, ownerId: r.ownerId }, deviceId: r.deviceId, report: r.report, at: r.at })));
    await tellUnhealthy(ctx, started);
    return new Map<string, never>();
  }, { maxInFlight: 1, minGapMs: STORE_GAP_MS });

  return (socket, { screenId, ownerId, deviceId }, work) => {
    let lastStoredAt = -Infinity;
    let held: TPlayerHealth | undefined;
    let timer: NodeJS.Timeout | undefined;
    let lastPushed: string | undefined;

    const store = (report: TPlayerHealth) => {
      lastStoredAt = performance.now();
      const withoutUptime = JSON.stringify({ ...report, uptimeSec: 0 });
      work.track(reports.load(screenId, { ownerId, deviceId, report, at: ctx.clock() }).then(() => {
        if (withoutUptime === lastPushed) return;
        lastPushed = withoutUptime;
        ctx.health.healthChanged([screenId]);
      }), 'storing a health report failed', { screenId });
    };

    socket.on('player:health', (raw) => {
      const parsed = ZPlayerHealth.safeParse(raw);
      if (!parsed.success) {
        ctx.logger.debug({ screenId, issues: parsed.error.issues.slice(0, 5) }, 'player:health: invalid report dropped');
        return;
      }
      const wait = lastStoredAt + HEALTH_REPORT_MIN_GAP_MS - performance.now();
      if (wait <= 0 && !timer) return store(parsed.data);
      held = parsed.data;
      timer ??= setTimeout(() => {
        timer = undefined;
        const report = held;
        held = undefined;
        if (report && socket.connected && !work.isClosing) store(report);
      }, Math.max(wait, 0));
    });
    socket.once('disconnect', () => clearTimeout(timer));
  };
}
