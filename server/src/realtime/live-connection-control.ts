import type { DeviceLookupCache } from '../modules/devices/device-lookup-cache.js';
import type { Logger } from '../logger.js';
import type { ConnectionControl } from './connection-control.js';
import type { InFlight } from './in-flight.js';
import { reachesOtherInstances } from './redis-adapter.js';
import { sessionRoom, signInRoom, memberRoom, deviceRoom, screenRoom, type PanoServer } from '../sockets/socket-types.js';
import { moveToScope } from './socket-scope.js';

/**
 * socket.io's `disconnectSockets` and room emits travel through the Redis adapter, so one call
 * reaches the sockets of every instance. A revocation first tells every instance's device cache
 * (`device:revoked`), on the same Redis connection and so before any later push: a revoked
 * device is refused on the config endpoint at once and receives nothing more.
 */
export class LiveConnectionControl implements ConnectionControl {
  constructor(
    private readonly io: PanoServer, private readonly inFlight: InFlight, private readonly deviceCache?: DeviceLookupCache, private readonly logger?: Logger,
  ) {}

  devicesRevoked(deviceIds: string[]): void {
    if (deviceIds.length === 0) return;
    this.deviceCache?.revoke(deviceIds);
    if (reachesOtherInstances(this.io) && !this.inFlight.isClosing) this.io.serverSideEmit('device:revoked', deviceIds);
    const rooms = deviceIds.map(deviceRoom);
    // Told first (the same connection delivers it ahead of the disconnect): the player leaves at
    // once instead of learning it from a refused reconnect 1-4 s later.
    this.io.to(rooms).emit('device:removed');
    this.io.in(rooms).disconnectSockets(true);
  }

  deviceMoved(deviceId: string, screenId: string | null): void {
    const room = deviceRoom(deviceId);
    this.io.to(room).emit('device:screen', { screenId });
    // Its sockets for any other screen stop speaking for it, on every instance; the player
    // switches on the event above and connects for the new screen.
    (screenId ? this.io.in(room).except(screenRoom(screenId)) : this.io.in(room)).disconnectSockets(true);
  }

  screensDeleted(screenIds: string[]): void {
    if (screenIds.length > 0) this.io.in(screenIds.map(screenRoom)).disconnectSockets(true);
  }

  userSignedOut(userId: string): void {
    this.io.in(sessionRoom(userId)).disconnectSockets(true);
  }

  sessionsEnded(sessionIds: string[]): void {
    if (sessionIds.length > 0) this.io.in(sessionIds.map(signInRoom)).disconnectSockets(true);
  }

  memberChanged(accountId: string, userId: string, screens: string[] | null): void {
    const room = memberRoom(accountId, userId);
    const rescoped = this.rescope(room, accountId, screens)
      // Told even so: its dashboard reads the session again either way.
      .catch((err: unknown) => this.logger?.error({ err, accountId }, 'member change: moving sockets failed'))
      .then(() => { this.io.to(room).emit('member:changed', { accountId }); });
    if (!this.inFlight.isClosing) void this.inFlight.track(rescoped);
  }

  /**
   * The member's sockets on every instance (fetchSockets goes through the Redis adapter), moved
   * to their new scope. A socket still in its handshake is in no room yet: it reads its scope
   * again once joined (socket-server.ts).
   */
  private async rescope(room: string, accountId: string, screens: string[] | null): Promise<void> {
    for (const socket of await this.io.in(room).fetchSockets()) moveToScope(socket, accountId, screens);
  }

  memberRemoved(accountId: string, userId: string): void {
    const room = memberRoom(accountId, userId);
    // Told first, on the same connection as the disconnect: the dashboard signs out at once
    // instead of on its next refused request.
    this.io.to(room).emit('member:removed', { accountId });
    this.io.in(room).disconnectSockets(true);
  }
}
