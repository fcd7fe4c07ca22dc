import type { Server as HttpServer } from 'node:http';
import { Server } from 'socket.io';
import { SOCKET_PATH } from '@pano/contract';
import type { AppContext } from '../context.js';
import { emitConfigPushLocally } from './config-push.js';
import { InFlight } from './in-flight.js';
import { LiveNotifier } from './live-notifier.js';
import { Presence } from './presence.js';
import { attachRedisAdapter } from './redis-adapter.js';
import { socketAuthMiddleware } from './socket-auth.js';
import { DEVICE_LOOKUP_TTL_MS, DeviceLookupCache, enableDeviceLookupCache } from '../modules/devices/device-lookup-cache.js';
import { configBaseUrl } from '../modules/screens/screen-config-access.js';
import { ScreenConfigCache, enableConfigCache } from '../modules/screens/screen-config-cache.js';
import { screenRoom, userRoom, type PanoServer } from './socket-types.js';

export type Realtime = {
  io: PanoServer;
  notifier: LiveNotifier;
  presence: Presence;
  /** Disconnects this instance's sockets and the Redis clients; closes the http server too. */
  close: () => Promise<void>;
};

/**
 * Safety net only: every change that alters a config drops it at once through the notifier.
 * This bounds what nobody announces right away (a package running out by time is announced by
 * the expiry sweep, which may come later) and a lost Redis message.
 */
export const CONFIG_CACHE_TTL_MS = 30_000;

// One entry per running API instance (tests run two in one process), looked up by its context.
const instances = new WeakMap<AppContext, Realtime>();

/** The realtime layer serving this context, if one is attached (route tests run without). */
export const realtimeOf = (ctx: AppContext): Realtime | undefined => instances.get(ctx);

/** ARCHITECTURE.md §4: socket.io on the API's own http server. */
export async function attachRealtime(http: HttpServer, ctx: AppContext): Promise<Realtime> {
  const io: PanoServer = new Server(http, {
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
  const redis = ctx.config.redisUrl ? await attachRedisAdapter(io, ctx.config.redisUrl, ctx.logger) : undefined;

  const inFlight = new InFlight();
  const presence = new Presence(io, ctx, inFlight);
  const logFailure = (what: string) => (err: unknown) => ctx.logger.error({ err }, what);

  io.use(socketAuthMiddleware(ctx));
  io.on('connection', (socket) => {
    const { role, ownerId, screenId } = socket.data;
    if (role === 'dashboard') {
      void socket.join(userRoom(ownerId));
      return;
    }
    void socket.join(screenRoom(screenId!));
    if (role !== 'player') return;
    inFlight.track(presence.playerConnected(socket)).catch(logFailure('presence: connect'));
    socket.on('player:hello', (payload) => { inFlight.track(presence.playerHello(socket, payload)).catch(logFailure('presence: hello')); });
    socket.on('disconnect', (reason) => { inFlight.track(presence.playerDisconnected(socket, reason)).catch(logFailure('presence: disconnect')); });
  });

  // The config cache lives as long as this notifier invalidates it (docs/PERFORMANCE.md, P5).
  const now = () => ctx.clock().getTime();
  const configCache = new ScreenConfigCache(CONFIG_CACHE_TTL_MS, now);
  io.on('config:invalidate', (what) => configCache.invalidate(what));
  // Another instance's (or the worker's) push: emitted here to this instance's sockets.
  io.on('config:push', (push) => { if (!inFlight.isClosing) emitConfigPushLocally(io, push); });
  enableConfigCache(ctx, configCache);
  enableDeviceLookupCache(ctx, new DeviceLookupCache(DEVICE_LOOKUP_TTL_MS, now));

  const publicBaseUrl = () => configBaseUrl(ctx);
  const notifier = new LiveNotifier(io, ctx, publicBaseUrl, inFlight, configCache);

  let closing: Promise<void> | undefined;
  const realtime: Realtime = {
    io, notifier, presence,
    close: () => (closing ??= (async () => {
      await inFlight.drain();
      await io.close();
      await redis?.close();
    })()),
  };
  instances.set(ctx, realtime);
  return realtime;
}

/** Screens of this owner with a player connected to any instance; empty without a realtime layer. */
export async function onlineScreenIds(ctx: AppContext, ownerId: string): Promise<Set<string>> {
  return (await realtimeOf(ctx)?.presence.onlineScreenIds(ownerId)) ?? new Set();
}
