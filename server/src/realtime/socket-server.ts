import type { Server as HttpServer } from 'node:http';
import { Server } from 'socket.io';
import { SOCKET_PATH } from '@pano/contract';
import type { AppContext } from '../context.js';
import { emitConfigPushLocally, sendConfigOnConnect, shownVersionOf } from './config-push.js';
import { InFlight } from './in-flight.js';
import { LiveNotifier } from './live-notifier.js';
import { Presence } from './presence.js';
import { attachRedisAdapter } from './redis-adapter.js';
import { signInNow, socketAuthMiddleware } from './socket-auth.js';
import { moveToScope } from './socket-scope.js';
import { disconnectStalePlayers } from './stale-players.js';
import { DEVICE_LOOKUP_TTL_MS, DeviceLookupCache } from '../modules/devices/device-lookup-cache.js';
import { ScreenConfigCache } from '../modules/screens/screen-config-cache.js';
import { alertSocketEvents } from '../modules/alerts/alerts.socket.js';
import { healthSocketEvents } from '../modules/screen-health/screen-health.socket.js';
import { allScreensRoom, deviceRoom, memberRoom, ownerRoom, screenRoom, screenWatchRoom, sessionRoom, signInRoom, type PanoServer, type SocketWork } from '../sockets/socket-types.js';
import type { Redis } from 'ioredis';
import { LiveConnectionControl } from './live-connection-control.js';
import { LiveHealthNotifier } from './live-health.js';

/**
 * The realtime layer of one process, built before the app context (which takes its notifier,
 * presence and caches) and started after it: the socket handshake needs the finished context.
 */
export type Realtime = {
  io: PanoServer;
  notifier: LiveNotifier;
  presence: Presence;
  health: LiveHealthNotifier;
  connections: LiveConnectionControl;
  /** The adapter's Redis connection, when REDIS_URL is set (the rate limits count on it too). */
  redis?: Redis;
  /** An API instance's caches, dropped by its notifier on every change; the worker has none. */
  configCache?: ScreenConfigCache;
  deviceCache?: DeviceLookupCache;
  /** Attaches socket.io to the API's http server and starts accepting sockets. */
  serve: (http: HttpServer, ctx: AppContext) => void;
  /** Resolves once the pushes and connection-time sends running now have finished (InFlight.settled). */
  settled: () => Promise<void>;
  /** Lets pushes finish, disconnects this instance's sockets (closing the http server too) and the Redis clients. */
  close: () => Promise<void>;
};

/** What the realtime layer needs: the context's first collaborators, which depend on nothing else. */
export type RealtimeDeps = Pick<AppContext, 'config' | 'db' | 'logger' | 'clock' | 'metrics' | 'jobs'>;

/**
 * Safety net only: every change that alters a config drops it at once through the notifier.
 * This bounds what nobody announces right away (a package running out by time is announced by
 * the expiry sweep, which may come later) and a lost Redis message.
 */
export const CONFIG_CACHE_TTL_MS = 30_000;

/**
 * docs/architecture/realtime.md#sockets: socket.io on the API's own http server (`serve`). An `api` instance caches
 * configs and relays other instances' pushes to its own sockets; the `worker` only pushes, through
 * the Redis adapter, to players connected to the API instances.
 */
export async function createRealtime(deps: RealtimeDeps, kind: 'api' | 'worker'): Promise<Realtime> {
  const io: PanoServer = new Server({
    path: SOCKET_PATH,
    serveClient: false,
    // Players and dashboards connect with websocket first; polling stays as a fallback for
    // one instance (several instances need websocket or sticky sessions, see docs/SCALING.md).
    transports: ['websocket', 'polling'],
    // Configs are small and sent to many sockets: compression would cost CPU per socket.
    perMessageDeflate: false,
    // Notice a dead player within ~20 s instead of socket.io's default 45 s.
    pingInterval: 10_000,
    pingTimeout: 10_000,
  });
  const redis = deps.config.redisUrl ? await attachRedisAdapter(io, deps.config.redisUrl, deps.logger) : undefined;
  const inFlight = new InFlight();
  const presence = new Presence(io, deps, inFlight, redis);

  // The caches live exactly as long as this notifier, which invalidates them (docs/PERFORMANCE.md, P5).
  const now = () => deps.clock().getTime();
  const configCache = kind === 'api' ? new ScreenConfigCache(CONFIG_CACHE_TTL_MS, now) : undefined;
  const deviceCache = kind === 'api' ? new DeviceLookupCache(DEVICE_LOOKUP_TTL_MS, now) : undefined;
  const notifier = new LiveNotifier(io, deps, inFlight, configCache);
  const connections = new LiveConnectionControl(io, inFlight, deviceCache, deps.logger);
  const health = new LiveHealthNotifier(io, deps, inFlight, presence);
  if (deviceCache) io.on('device:revoked', (ids) => deviceCache.revoke(ids));
  if (configCache) {
    io.on('config:invalidate', (what) => configCache.invalidate(what));
    // Invalidations published while this instance was not subscribed never arrive: forget everything.
    redis?.onResubscribed(() => configCache.clear());
    // Another instance's (or the worker's) push: emitted here to this instance's sockets.
    io.on('config:push', (push) => { if (!inFlight.isClosing) emitConfigPushLocally(io, push); });
  }

  const logFailure = (what: string, fields?: Record<string, unknown>) => (err: unknown) => deps.logger.error({ err, ...fields }, what);
  let serving = false;
  let closing: Promise<void> | undefined;
  return {
    io, notifier, presence, health, connections, configCache, deviceCache, redis: redis?.client,
    settled: () => inFlight.settled(),
    serve: (http, ctx) => {
      io.attach(http);
      serving = true;
      io.use(socketAuthMiddleware(ctx));
      // Each module's incoming player events, from its *.socket.ts (docs/MODULES.md).
      const moduleEvents = [healthSocketEvents(ctx), alertSocketEvents(ctx)];
      const work: SocketWork = {
        track: (promise, what, fields) => { inFlight.track(promise).catch(logFailure(what, fields)); },
        get isClosing() { return inFlight.isClosing; },
      };
      // Revocations and deletions other instances told while this one was cut off from Redis.
      redis?.onResubscribed(() => {
        if (!inFlight.isClosing) inFlight.track(disconnectStalePlayers(io, ctx.db)).catch(logFailure('resubscribed: checking players'));
      });
      io.on('connection', (socket) => {
        const { role, ownerId, userId, screenId, deviceId, deviceScreenId } = socket.data;
        // First, so a socket cut off below is counted out too.
        socket.once('disconnect', ctx.metrics.socketConnected(role));
        if (role === 'device') {
          // Not on the screen it asked for: it is told where it belongs, and speaks for no screen.
          void socket.join(deviceRoom(deviceId!));
          if (deviceCache?.isRevoked(deviceId!)) socket.disconnect(true);
          else socket.emit('device:screen', { screenId: deviceScreenId });
          return;
        }
        if (userId) void socket.join(sessionRoom(userId));
        if (socket.data.signInId) void socket.join(signInRoom(socket.data.signInId));
        if (userId && ownerId) void socket.join(memberRoom(ownerId, userId));
        // Its handshake read the session and the member's groups before these joins: a session
        // ended, or a team change, in between cut or moved their rooms before this socket was in
        // them. Read again now that any later cut or move reaches it.
        if (userId) {
          inFlight.track(signInNow(ctx, socket).then((now) => {
            if (!now) socket.disconnect(true);
            else if (ownerId) moveToScope(socket, ownerId, now.screens);
          })).catch(logFailure('session: checking again after the joins', { userId }));
        }
        if (role === 'dashboard') {
          if (!ownerId) return;
          void socket.join(ownerRoom(ownerId));
          const watched = socket.data.watchedScreens;
          if (watched) void socket.join(watched.map(screenWatchRoom));
          else void socket.join(allScreensRoom(ownerId));
          return;
        }
        void socket.join(screenRoom(screenId!));
        // After the join, so a push committed from here on reaches it too.
        const shown = shownVersionOf(socket.handshake.auth);
        if (shown !== undefined) inFlight.track(sendConfigOnConnect(ctx.screenConfigs, socket, shown)).catch(logFailure('config: on connect'));
        if (role !== 'player') return;
        void socket.join(deviceRoom(deviceId!));
        // Its handshake read the row just before a revocation committed: the revocation's
        // disconnect has already passed this socket by.
        if (deviceCache?.isRevoked(deviceId!)) {
          socket.disconnect(true);
          return;
        }
        // Online and offline change the screen's health too (docs/architecture/devices.md#health).
        const healthChanged = () => health.healthChanged([screenId!]);
        inFlight.track(presence.playerConnected(socket).then(healthChanged)).catch(logFailure('presence: connect'));
        socket.on('player:hello', (payload) => { inFlight.track(presence.playerHello(socket, payload)).catch(logFailure('presence: hello')); });
        socket.on('disconnect', (reason) => { inFlight.track(presence.playerDisconnected(socket, reason).then(healthChanged)).catch(logFailure('presence: disconnect')); });
        const player = { ownerId: ownerId!, screenId: screenId!, deviceId: deviceId! };
        for (const events of moduleEvents) events(socket, player, work);
      });
    },
    close: () => (closing ??= (async () => {
      await inFlight.drain();
      // An io that never served has no engine to close (the worker's).
      if (serving) await io.close();
      await redis?.close();
    })()),
  };
}
