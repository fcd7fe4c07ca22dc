import type { TScreenConfig, TScreenConfigEvent } from '@pano/contract';
import type { AppContext } from '../context.js';
import { buildScreenConfigs } from '../modules/screens/screen-config.js';
import type { InFlight } from './in-flight.js';
import type { ScreenNotifier } from './screen-notifier.js';
import { screenRoom, type PanoServer } from './socket-types.js';

/**
 * ARCHITECTURE.md §4: after a commit, recompute the named screens' configs and push each to
 * its `screen:<id>` room (players and previews, on every instance through the adapter).
 * A failure here must not fail the request that already committed, so it is logged; players
 * still converge on their next reconnect, when they fetch the config themselves.
 */
export class LiveNotifier implements ScreenNotifier {
  constructor(
    private readonly io: PanoServer,
    private readonly ctx: AppContext,
    private readonly publicBaseUrl: () => string,
    private readonly inFlight: InFlight,
  ) {}

  screensChanged(screenIds: string[]): Promise<void> {
    return this.inFlight.track(this.pushScreens(screenIds));
  }

  private async pushScreens(screenIds: string[]): Promise<void> {
    const ids = [...new Set(screenIds)];
    if (ids.length === 0 || this.inFlight.isClosing) return;
    try {
      const configs = await buildScreenConfigs(this.ctx.db, ids, { publicBaseUrl: this.publicBaseUrl(), now: this.ctx.clock() });
      this.push(configs);
    } catch (err) {
      this.ctx.logger.error({ err, screenIds: ids }, 'pushing screen configs failed');
    }
  }

  async ownerScreensChanged(ownerId: string): Promise<void> {
    try {
      const screens = await this.ctx.db.screen.findMany({ where: { ownerId }, select: { id: true } });
      await this.screensChanged(screens.map((s) => s.id));
    } catch (err) {
      this.ctx.logger.error({ err, ownerId }, 'pushing owner screen configs failed');
    }
  }

  /**
   * One emit per screen. buildScreenConfigs already builds and hashes each distinct content
   * once; what stays per screen is the payload's screenId, screenName and version (the
   * contract's `screen:config` names one screen), so payloads are never byte-identical and a
   * multi-room broadcast could not share one encoding. Each emit is encoded once for all
   * sockets of its room (player, previews) on every instance.
   */
  private push(configs: Map<string, TScreenConfig>): void {
    if (this.inFlight.isClosing) return;
    for (const [screenId, config] of configs) {
      const payload: TScreenConfigEvent = { screenId, version: config.version, config };
      this.io.to(screenRoom(screenId)).emit('screen:config', payload);
    }
  }
}
