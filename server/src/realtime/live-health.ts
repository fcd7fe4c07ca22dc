import type { AppContext } from '../context.js';
import { KeyBatcher } from '../db/key-batcher.js';
import { presentScreenHealth } from '../modules/screen-health/screen-health.presenter.js';
import { screenHealthOf } from '../modules/screen-health/screen-health.service.js';
import type { InFlight } from './in-flight.js';
import type { Presence } from './presence.js';
import type { HealthNotifier } from './screen-notifier.js';
import { allScreensRoom, screenWatchRoom, type PanoServer } from '../sockets/socket-types.js';

/** Pushes built at most this often (a fleet reconnecting would otherwise cost a query per player). */
const PUSH_GAP_MS = 100;

/**
 * docs/architecture/devices.md#health: `screen:health` to the owners' dashboards (room `user:<ownerId>`,
 * on every instance through the adapter) and `screenshot:request` to a screen's players. Pushes
 * asked for together are built together: a few queries per batch, whatever the screen count.
 */
export class LiveHealthNotifier implements HealthNotifier {
  private readonly pushes: KeyBatcher<string, never>;

  constructor(
    private readonly io: PanoServer,
    private readonly ctx: Pick<AppContext, 'db' | 'clock' | 'logger'>,
    private readonly inFlight: InFlight,
    private readonly presence: Presence,
  ) {
    this.pushes = new KeyBatcher((batch) => this.push([...batch.keys()]), { maxInFlight: 1, minGapMs: PUSH_GAP_MS });
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
    const now = this.ctx.clock();
    const { screens, warnMinutesOf } = await screenHealthOf(this.ctx.db, screenIds);
    for (const s of screens) {
      if (this.inFlight.isClosing) break;
      this.io.to(allScreensRoom(s.ownerId)).to(screenWatchRoom(s.id)).emit('screen:health', presentScreenHealth(s, online.has(s.id), warnMinutesOf(s.ownerId), now));
    }
    return new Map<string, never>();
  }
}
