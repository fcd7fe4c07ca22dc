import type { TMediaProgressEvent } from '@pano/contract';
import type { AppContext } from '../context.js';
import { buildScreenConfigEntries, configBaseUrl } from './screen-config-reader.js';
import type { BuiltScreenConfig, ScreenConfigCache } from '../modules/screens/screen-config-cache.js';
import { configPushOf, emitConfigPushLocally } from './config-push.js';
import type { InFlight } from './in-flight.js';
import { reachesOtherInstances } from './redis-adapter.js';
import type { ScreenNotifier } from './screen-notifier.js';
import { allScreensRoom, memberRoom, ownerRoom, screenWatchRoom, type ConfigInvalidation, type PanoServer } from '../sockets/socket-types.js';

/**
 * docs/architecture/realtime.md#pushes: after a commit, recompute the named screens' configs and push each to
 * its `screen:<id>` room (players and previews): this instance writes to its own sockets, the
 * other instances get the change as one `config:push` message and write to theirs (config-push.ts).
 * A failure here must not fail the request that already committed, so it is logged; players
 * still converge on their next reconnect, when they fetch the config themselves.
 *
 * It also keeps the config caches honest (docs/PERFORMANCE.md, P5): every change drops the
 * screens' cached configs here and, through Redis, on every other instance, before anything is
 * pushed (the invalidation and the push travel in that order on the same Redis connection, so
 * a player that fetches right after a push never gets the old version). The configs built for
 * the push then fill this instance's cache: built once, pushed, cached.
 */
/** What a push needs: no more than the context's first collaborators, so it can be built before the context. */
export type NotifierDeps = Pick<AppContext, 'config' | 'db' | 'logger' | 'clock' | 'metrics'>;

export class LiveNotifier implements ScreenNotifier {
  constructor(
    private readonly io: PanoServer,
    private readonly deps: NotifierDeps,
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

  /** Through the Redis adapter when there is one: the owner's dashboards on every instance. */
  alertChanged(ownerId: string, alertId: string): void {
    if (!this.inFlight.isClosing) this.io.to(ownerRoom(ownerId)).emit('alert:changed', { alertId });
  }

  alertsAcked(acks: readonly { ownerId: string; alertId: string; screenId: string }[]): void {
    if (this.inFlight.isClosing) return;
    for (const a of acks) this.io.to(allScreensRoom(a.ownerId)).to(screenWatchRoom(a.screenId)).emit('alert:acked', { alertId: a.alertId, screenId: a.screenId });
  }

  /** From the worker too: through the Redis adapter it reaches the dashboards on every instance. */
  mediaProgress(ownerId: string, event: TMediaProgressEvent): void {
    if (!this.inFlight.isClosing) this.io.to(ownerRoom(ownerId)).emit('media:progress', event);
  }

  /** Through the Redis adapter: the person's dashboards in that account on every instance. */
  notificationsChanged(accountId: string, userId: string, unread: number): void {
    if (!this.inFlight.isClosing) this.io.to(memberRoom(accountId, userId)).emit('notifications:changed', { unread });
  }

  /** Through the Redis adapter: the account's dashboards on every instance. */
  approvalsChanged(accountId: string): void {
    if (!this.inFlight.isClosing) this.io.to(ownerRoom(accountId)).emit('approvals:changed');
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
      const endBuild = this.deps.metrics.pushBuild.startTimer();
      const built = await buildScreenConfigEntries(this.deps.db, which, { publicBaseUrl: configBaseUrl(this.deps.config), now: this.deps.clock(), memo: this.cache?.contentMemo(stamp) });
      endBuild();
      this.cache?.fill(built, stamp);
      this.push(built);
    } catch (err) {
      const what = Array.isArray(which) ? { screenIds: which } : which;
      this.deps.logger.error({ err, ...what }, 'pushing screen configs failed');
    }
  }

  /**
   * Each screen's config to its `screen:<id>` room (players, previews). The contract's
   * `screen:config` names one screen, so no two screens' events are byte-identical and one
   * broadcast cannot serve them; instead every event's JSON is spliced from the shared bodies
   * (config-push.ts), this instance emits to its own sockets, and the other instances get the
   * whole change in one Redis message (after the invalidation, on the same connection) and
   * emit to theirs.
   */
  private push(built: Map<string, BuiltScreenConfig>): void {
    if (this.inFlight.isClosing || built.size === 0) return;
    const push = configPushOf(built);
    this.deps.metrics.pushes.inc(built.size);
    // Out to the other instances first: they emit to their sockets while this one emits to its own.
    if (reachesOtherInstances(this.io)) this.io.serverSideEmit('config:push', push);
    emitConfigPushLocally(this.io, push);
  }
}
