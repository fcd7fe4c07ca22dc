import { ZPlayerHealth, type TPlayerHealth } from '@pano/contract';
import type { AppContext } from '../context.js';
import { KeyBatcher } from '../db/key-batcher.js';
import { screenHealthOf, storeHealthReports } from '../modules/screen-health/screen-health.service.js';
import type { InFlight } from './in-flight.js';
import type { Presence } from './presence.js';
import type { HealthNotifier } from './screen-notifier.js';
import { userRoom, type PanoServer, type PanoSocket } from './socket-types.js';

/** At most one report per player socket is stored in this time; the latest one held back follows at its end. */
export const HEALTH_REPORT_MIN_GAP_MS = 5_000;

/** Pushes built, and reports stored, at most this often (a fleet reconnecting would otherwise cost a query per player). */
const PUSH_GAP_MS = 100;

type Stored = { ownerId: string; deviceId: string; report: TPlayerHealth; at: Date };

/**
 * docs/architecture/devices.md#health: `screen:health` to the owners' dashboards (room `user:<ownerId>`,
 * on every instance through the adapter) and `screenshot:request` to a screen's players. Pushes
 * asked for together are built together: a few queries per batch, whatever the screen count.
 */
export class LiveHealthNotifier implements HealthNotifier {
  private readonly pushes: KeyBatcher<string, never>;
  /** Reports arriving together (every player of a fleet says how it is on connect) are one INSERT. */
  private readonly reports: KeyBatcher<string, never, Stored>;

  constructor(
    private readonly io: PanoServer,
    private readonly ctx: Pick<AppContext, 'db' | 'clock' | 'logger'>,
    private readonly inFlight: InFlight,
    private readonly presence: Presence,
  ) {
    this.pushes = new KeyBatcher((batch) => this.push([...batch.keys()]), { maxInFlight: 1, minGapMs: PUSH_GAP_MS });
    this.reports = new KeyBatcher(async (batch) => {
      await storeHealthReports(this.ctx.db, [...batch].map(([id, r]) => ({ screen: { id, ownerId: r.ownerId }, deviceId: r.deviceId, report: r.report, at: r.at })));
      return new Map<string, never>();
    }, { maxInFlight: 1, minGapMs: PUSH_GAP_MS });
  }

  healthChanged(screenIds: string[]): void {
    if (this.inFlight.isClosing) return;
    for (const id of new Set(screenIds)) {
      this.inFlight.track(this.pushes.load(id)).catch((err: unknown) => this.ctx.logger.error({ err, screenId: id }, 'pushing screen health failed'));
    }
  }

  async requestScreenshot(screenId: string, requestId: string): Promise<boolean> {
    // Players only: a dashboard preview in the same room has nothing to upload with.
    const players = await this.presence.playersOf([screenId]);
    for (const socket of players) socket.emit('screenshot:request', { requestId });
    return players.length > 0;
  }

  private async push(screenIds: string[]): Promise<Map<string, never>> {
    if (this.inFlight.isClosing) return new Map<string, never>();
    const online = new Set((await this.presence.playersOf(screenIds)).map((s) => s.data.screenId!));
    for (const { ownerId, health } of await screenHealthOf(this.ctx.db, screenIds, online, this.ctx.clock())) {
      if (this.inFlight.isClosing) break;
      this.io.to(userRoom(ownerId)).emit('screen:health', health);
    }
    return new Map<string, never>();
  }

  /**
   * `player:health` from one player socket: checked against the contract (an invalid one is
   * dropped), stored for the screen of its handshake (never one the payload names), at most one
   * per HEALTH_REPORT_MIN_GAP_MS (the latest held back is stored at the end of the gap), and
   * pushed to the owner when more than the uptime changed.
   */
  listen(socket: PanoSocket): void {
    const { screenId, ownerId, deviceId } = socket.data;
    if (!screenId || !deviceId) return;
    let lastStoredAt = -Infinity;
    let held: TPlayerHealth | undefined;
    let timer: NodeJS.Timeout | undefined;
    let lastPushed: string | undefined;

    const store = (report: TPlayerHealth) => {
      lastStoredAt = performance.now();
      const withoutUptime = JSON.stringify({ ...report, uptimeSec: 0 });
      const work = this.reports.load(screenId, { ownerId, deviceId, report, at: this.ctx.clock() }).then(() => {
        if (withoutUptime === lastPushed) return;
        lastPushed = withoutUptime;
        this.healthChanged([screenId]);
      });
      this.inFlight.track(work).catch((err: unknown) => this.ctx.logger.error({ err, screenId }, 'storing a health report failed'));
    };

    socket.on('player:health', (raw) => {
      const parsed = ZPlayerHealth.safeParse(raw);
      if (!parsed.success) {
        this.ctx.logger.debug({ screenId, issues: parsed.error.issues.slice(0, 5) }, 'player:health: invalid report dropped');
        return;
      }
      const wait = lastStoredAt + HEALTH_REPORT_MIN_GAP_MS - performance.now();
      if (wait <= 0 && !timer) return store(parsed.data);
      held = parsed.data;
      timer ??= setTimeout(() => {
        timer = undefined;
        const report = held;
        held = undefined;
        if (report && socket.connected && !this.inFlight.isClosing) store(report);
      }, Math.max(wait, 0));
    });
    socket.once('disconnect', () => clearTimeout(timer));
  }
}
