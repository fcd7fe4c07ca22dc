import { ZPlayerHello, type TScreenStatusEvent } from '@pano/contract';
import type { AppContext } from '../context.js';
import { withDeadline } from '../config/redis-deadline.js';
import type { InFlight } from './in-flight.js';
import type { RedisLink } from './redis-adapter.js';
import type { PresenceReader } from './screen-notifier.js';
import { LastSeenWriter } from './last-seen-writer.js';
import { ScreenHooks } from '../modules/webhooks/screen-hooks.js';
import { allScreensRoom, deviceRoom, screenRoom, screenWatchRoom, type PanoServer, type PanoSocket } from '../sockets/socket-types.js';

/**
 * How often one player's `lastSeenAt` (screen and device rows) is written while it stays
 * connected. Every push makes every player answer `player:hello`; writing two rows for each
 * would be 20,000 UPDATEs per change at 10,000 players, queued ahead of the next change
 * (docs/PERFORMANCE.md, P1). Going online and offline always write at once.
 */
export const LAST_SEEN_WRITE_INTERVAL_MS = 30_000;

/**
 * Live status of players, for dashboards. A screen is online while at least one player
 * socket (a paired device, not a preview) is in its room on any instance; `fetchSockets`
 * asks every instance through the Redis adapter, so no presence table is needed.
 * `screen:status` events are sent at once with the true time; the stored `lastSeenAt` (what
 * a dashboard loads first) may lag it by up to LAST_SEEN_WRITE_INTERVAL_MS while online.
 */
export class Presence implements PresenceReader {
  // Last lastSeenAt write per connected player socket on this instance.
  private readonly lastWrite = new Map<string, number>();
  private readonly lastSeen: LastSeenWriter;

  constructor(
    private readonly io: PanoServer,
    private readonly ctx: Pick<AppContext, 'db' | 'clock' | 'logger' | 'jobs'>,
    private readonly inFlight: InFlight,
    /** The Redis adapter's connections, when there are other instances to ask. */
    private readonly redis?: RedisLink,
  ) {
    this.lastSeen = new LastSeenWriter(ctx.db);
    this.hooks = new ScreenHooks(ctx);
  }

  /** Webhooks told of screens going dark and coming back (modules/webhooks/screen-hooks.ts). */
  private readonly hooks: ScreenHooks;

  async playerConnected(socket: PanoSocket): Promise<void> {
    await this.report(socket, true);
    const { screenId, ownerId } = socket.data;
    if (screenId && ownerId && socket.data.role === 'player') await this.hooks.cameOnline(screenId, ownerId);
  }

  async playerHello(socket: PanoSocket, raw: unknown): Promise<void> {
    const hello = ZPlayerHello.safeParse(raw);
    // A player may only speak for the screen it authenticated for.
    if (!hello.success || hello.data.screenId !== socket.data.screenId) return;
    socket.data.version = hello.data.version;
    await this.report(socket, true, this.writeDue(socket));
  }

  async playerDisconnected(socket: PanoSocket, reason: string): Promise<void> {
    // On shutdown the players reconnect to another instance; don't flash them offline.
    this.lastWrite.delete(socket.id);
    if (reason === 'server shutting down' || this.inFlight.isClosing) return;
    const screenId = socket.data.screenId;
    if (!screenId) return;
    // The leaving socket has already left its rooms here.
    const others = await this.socketsIn(screenRoom(screenId));
    if (others.some((s) => s.data.role === 'player')) return;
    await this.report(socket, false);
    if (socket.data.ownerId) await this.hooks.wentOffline(screenId, socket.data.ownerId);
  }

  /** Screens of this owner with a player connected to any instance right now. */
  async onlineScreenIds(ownerId: string): Promise<Set<string>> {
    const screens = await this.ctx.db.screen.findMany({ where: { ownerId }, select: { id: true } });
    if (screens.length === 0) return new Set();
    const sockets = await this.socketsIn(screens.map((s) => screenRoom(s.id)));
    return new Set(sockets.filter((s) => s.data.role === 'player' && s.data.ownerId === ownerId).map((s) => s.data.screenId!));
  }

  /** Which of these devices have a player connected to any instance right now. */
  async onlineDeviceIds(deviceIds: string[]): Promise<Set<string>> {
    if (deviceIds.length === 0) return new Set();
    const sockets = await this.socketsIn(deviceIds.map(deviceRoom));
    return new Set(sockets.flatMap((s) => (s.data.role === 'player' && s.data.deviceId ? [s.data.deviceId] : [])));
  }

  /** The player sockets (not previews) of these screens, on every instance; they can be sent events. */
  async playersOf(screenIds: string[]) {
    if (screenIds.length === 0) return [];
    return (await this.socketsIn(screenIds.map(screenRoom))).filter((s) => s.data.role === 'player');
  }

  /**
   * The sockets in these rooms on every instance; on this instance alone while Redis is down
   * or does not answer in time, rather than keep a dashboard waiting
   * (docs/OPERATIONS.md#redis-outages). Screens connected elsewhere then look offline.
   */
  private async socketsIn(rooms: string | string[]) {
    const here = () => this.io.local.in(rooms).fetchSockets();
    if (!this.redis) return here();
    if (!this.redis.connected()) return here();
    try {
      return await withDeadline(this.io.in(rooms).fetchSockets(), 'presence across instances');
    } catch (err) {
      this.ctx.logger.warn({ err }, 'presence: other instances did not answer; showing this instance\'s players only');
      return here();
    }
  }

  private writeDue(socket: PanoSocket): boolean {
    const last = this.lastWrite.get(socket.id);
    return last === undefined || this.ctx.clock().getTime() - last >= LAST_SEEN_WRITE_INTERVAL_MS;
  }

  private async report(socket: PanoSocket, online: boolean, write = true): Promise<void> {
    const { screenId, ownerId, deviceId, version } = socket.data;
    if (!screenId || !ownerId || this.inFlight.isClosing) return;
    const now = this.ctx.clock();
    if (write) {
      if (online && socket.connected) this.lastWrite.set(socket.id, now.getTime());
      // Batched with concurrent writes; the screen may have been deleted meanwhile (no error).
      await this.lastSeen.seen(now, { id: screenId, ownerId }, deviceId);
    }
    const status: TScreenStatusEvent = { screenId, online, lastSeenAt: now.toISOString(), version };
    if (this.inFlight.isClosing) return;
    this.io.to(allScreensRoom(ownerId)).to(screenWatchRoom(screenId)).emit('screen:status', status);
  }
}
