import type { TScreenConfig, TScreenConfigEvent } from '@pano/contract';
import type { AppContext } from '../context.js';
import { buildScreenConfigEntries } from '../modules/screens/screen-config.js';
import type { ConfigInvalidation, ScreenConfigCache } from '../modules/screens/screen-config-cache.js';
import type { InFlight } from './in-flight.js';
import { reachesOtherInstances } from './redis-adapter.js';
import type { ScreenNotifier } from './screen-notifier.js';
import { screenRoom, type PanoServer } from './socket-types.js';

/**
 * ARCHITECTURE.md §4: after a commit, recompute the named screens' configs and push each to
 * its `screen:<id>` room (players and previews, on every instance through the adapter).
 * A failure here must not fail the request that already committed, so it is logged; players
 * still converge on their next reconnect, when they fetch the config themselves.
 *
 * It also keeps the config caches honest (docs/PERFORMANCE.md, P5): every change drops the
 * screens' cached configs here and, through Redis, on every other instance, before anything is
 * pushed (the invalidation and the push travel in that order on the same Redis connection, so
 * a player that fetches right after a push never gets the old version). The configs built for
 * the push then fill this instance's cache: built once, pushed, cached.
 */
export class LiveNotifier implements ScreenNotifier {
  constructor(
    private readonly io: PanoServer,
    private readonly ctx: AppContext,
    private readonly publicBaseUrl: () => string,
    private readonly inFlight: InFlight,
    private readonly cache?: ScreenConfigCache,
  ) {}

  screensChanged(screenIds: string[]): Promise<void> {
    const ids = [...new Set(screenIds)];
    if (ids.length > 0) this.invalidate({ screenIds: ids });
    return this.inFlight.track(this.pushScreens(ids));
  }

  ownerScreensChanged(ownerId: string): Promise<void> {
    this.invalidate({ ownerId });
    return this.inFlight.track(this.pushScreens({ ownerId }));
  }

  private invalidate(what: ConfigInvalidation): void {
    this.cache?.invalidate(what);
    // Also from the worker process (no cache of its own, but a Redis adapter): its expiry
    // sweep must reach the API instances' caches.
    if (reachesOtherInstances(this.io) && !this.inFlight.isClosing) this.io.serverSideEmit('config:invalidate', what);
  }

  /** Some screens, or every screen of one owner (found by the build's own screens query). */
  private async pushScreens(which: string[] | { ownerId: string }): Promise<void> {
    if ((Array.isArray(which) && which.length === 0) || this.inFlight.isClosing) return;
    try {
      const stamp = this.cache?.stamp ?? 0;
      const built = await buildScreenConfigEntries(this.ctx.db, which, { publicBaseUrl: this.publicBaseUrl(), now: this.ctx.clock() });
      this.cache?.fill(built, stamp);
      for (const [screenId, b] of built) this.push(screenId, b.config);
    } catch (err) {
      const what = Array.isArray(which) ? { screenIds: which } : which;
      this.ctx.logger.error({ err, ...what }, 'pushing screen configs failed');
    }
  }

  /**
   * One emit per screen. buildScreenConfigs already builds and hashes each distinct content
   * once; what stays per screen is the payload's screenId, screenName and version (the
   * contract's `screen:config` names one screen), so payloads are never byte-identical and a
   * multi-room broadcast could not share one encoding. Each emit is encoded once for all
   * sockets of its room (player, previews) on every instance.
   */
  private push(screenId: string, config: TScreenConfig): void {
    if (this.inFlight.isClosing) return;
    const payload: TScreenConfigEvent = { screenId, version: config.version, config };
    this.io.to(screenRoom(screenId)).emit('screen:config', payload);
  }
}
