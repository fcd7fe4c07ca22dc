import type { Server as HttpServer } from 'node:http';
import { Server } from 'socket.io';
import { SOCKET_PATH } from '@pano/contract';
import type { AppContext } from '../context.js';
import { InFlight } from './in-flight.js';
import { LiveNotifier } from './live-notifier.js';
import { Presence } from './presence.js';
import { attachRedisAdapter } from './redis-adapter.js';
import { socketAuthMiddleware } from './socket-auth.js';
import { configBaseUrl } from '../modules/screens/screen-config-access.js';
import { screenRoom, userRoom, type PanoServer } from './socket-types.js';

export type Realtime = {
  io: PanoServer;
  notifier: LiveNotifier;
  presence: Presence;
  /** Disconnects this instance's sockets and the Redis clients; closes the http server too. */
  close: () => Promise<void>;
};

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

  const publicBaseUrl = () => configBaseUrl(ctx);
  const notifier = new LiveNotifier(io, ctx, publicBaseUrl, inFlight);

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
