import { io, type Socket } from 'socket.io-client';
import type {
  TAlertAck,
  ClientToServerEvents,
  TPlayerHealth,
  TScreenshotRequest,
  ServerToClientEvents,
  TScreenConfig,
  TSocketAuth,
} from '@pano/contract';
import { SOCKET_PATH } from '@pano/contract/constants';
import { HttpError, parseAnswer } from './http-error.js';

export type ScreenConnectionOptions = {
  screenId: string;
  /** `{ deviceToken, screenId }` on a device, `{ token, screenId }` in the dashboard preview. */
  auth: TSocketAuth;
  fetchConfig: () => Promise<TScreenConfig>;
  onConfig: (config: TScreenConfig) => void;
  onError: (error: HttpError) => void;
  /** Live connection up or down (the player keeps playing either way). */
  onOnline?: (online: boolean) => void;
  /** A device only: the customer moved it to another screen (null: to none). */
  onScreenMoved?: (screenId: string | null) => void;
  /** A device only: the customer removed it ('Cihazı Kaldır'); the server cuts the socket right after. */
  onRemoved?: () => void;
  /** A device only: the owner asked for a screenshot (docs/architecture/player.md#player). */
  onScreenshotRequest?: (request: TScreenshotRequest) => void;
  /** The version already on screen (e.g. restored from storage), so the same push is not re-applied. */
  initialVersion?: string | null;
  appVersion?: string;
  /** Base URL of the server; defaults to this page's origin. */
  url?: string;
  /** Delay before reporting a newly shown version (tests shorten it); see versionReportDelayMs. */
  versionReportDelayMs?: () => number;
  /** How long after a connect to wait for the config on the socket before fetching it (tests shorten it). */
  configOnConnectWaitMs?: () => number;
};

/**
 * First retry after the server disconnected us (restart, deploy): somewhere in 1-4 s, so a
 * fleet told "server shutting down" at the same instant does not come back in lock-step
 * (docs/PERFORMANCE.md, P4); socket.io's own backoff (with its jitter) takes over afterwards.
 */
const SERVER_DISCONNECT_RETRY_MS = { min: 1000, spread: 3000 };
export const serverDisconnectRetryMs = (random: () => number = Math.random): number =>
  SERVER_DISCONNECT_RETRY_MS.min + Math.floor(random() * SERVER_DISCONNECT_RETRY_MS.spread);
const REFUSED_RETRY_MS = 30_000;
const RECONNECT_DELAY_MAX_MS = 5_000;

/**
 * A newly shown version is reported 0.5-3 s later (uniform), not at once: one change pushed to
 * 10,000 screens would otherwise bring 10,000 hellos, and as many `screen:status` events for
 * every open dashboard, within the same few milliseconds (docs/PERFORMANCE.md, P1). Several
 * changes within the delay are reported once, with the latest version.
 */
const VERSION_REPORT_MS = { min: 500, spread: 2500 };

/**
 * After a (re)connect the server sends the screen's config on the socket (or `screen:current`
 * when the version named in the handshake is still current), so a fleet reconnecting after an
 * API restart costs it no HTTP request per screen (docs/PERFORMANCE.md, P4). Only when neither
 * arrives within 8-12 s (an instance that failed to read it) does the player fetch over HTTP.
 */
const CONFIG_ON_CONNECT_MS = { min: 8000, spread: 4000 };
export const configOnConnectWaitMs = (random: () => number = Math.random): number =>
  CONFIG_ON_CONNECT_MS.min + Math.floor(random() * CONFIG_ON_CONNECT_MS.spread);
export const versionReportDelayMs = (random: () => number = Math.random): number =>
  VERSION_REPORT_MS.min + Math.floor(random() * VERSION_REPORT_MS.spread);

export type ScreenConnection = {
  close: () => void;
  resync: () => Promise<void>;
  /** Tells the server this screen painted an alert (player sockets only; see alert-acks.ts on the server). */
  acknowledgeAlert: (ack: TAlertAck) => void;
  /** Sends a health report while connected; dropped (not queued) while not, the next connect sends a fresh one. */
  reportHealth: (health: TPlayerHealth) => void;
};

/**
 * docs/architecture/realtime.md#pushes: fetch the config at start and after every reconnect, apply
 * `screen:config` pushes, ignore a version already shown, say `player:hello`.
 * socket.io reconnects with exponential backoff (1 s doubling to 5 s, with jitter): a screen is
 * back at most ~5 s after its server or network is (docs/PERFORMANCE.md, P4: with a 15 s cap,
 * players that tried while an API restarted waited up to 15 s more after it was up).
 */
export function connectScreen(options: ScreenConnectionOptions): ScreenConnection {
  const { screenId, appVersion = 'player' } = options;
  let shownVersion = options.initialVersion ?? null;
  let closed = false;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  let reportTimer: ReturnType<typeof setTimeout> | undefined;
  let connectFetchTimer: ReturnType<typeof setTimeout> | undefined;

  const socket: Socket<ServerToClientEvents, ClientToServerEvents> = io(options.url ?? '', {
    path: SOCKET_PATH,
    transports: ['websocket'],
    // Read at every (re)connect: the server compares the version with the current one.
    auth: (send) => send({ ...options.auth, version: shownVersion }),
    reconnectionDelay: 1000,
    reconnectionDelayMax: RECONNECT_DELAY_MAX_MS,
    randomizationFactor: 0.3,
  });

  const hello = () => {
    clearTimeout(reportTimer);
    reportTimer = undefined;
    if (socket.connected) socket.emit('player:hello', { screenId, version: shownVersion, appVersion });
  };
  const reportVersionSoon = () => {
    if (reportTimer === undefined && !closed) reportTimer = setTimeout(hello, (options.versionReportDelayMs ?? versionReportDelayMs)());
  };
  // Bumped by every push and every fetch: a fetch answer is used only if nothing newer
  // arrived meanwhile, so a slow response can never put an older config back on screen.
  let epoch = 0;
  /** The epoch of the latest fetch: a push that came before it is older than its answer. */
  let fetchedFrom = 0;
  /** Pushes being parsed, applied one after another in the order they came. */
  let pushes: Promise<void> = Promise.resolve();
  const apply = (config: TScreenConfig) => {
    if (closed || config.version === shownVersion) return;
    shownVersion = config.version;
    options.onConfig(config);
    reportVersionSoon();
  };
  // A fetch that failed for a passing reason (no network, server busy or restarting) is tried
  // again: the fetch after a reconnect is the only way to learn a change made while offline, and
  // after an API restart thousands of screens fetch at once (docs/PERFORMANCE.md, P4).
  let resyncTimer: ReturnType<typeof setTimeout> | undefined;
  const resync = async (attempt = 0): Promise<void> => {
    clearTimeout(resyncTimer);
    const mine = ++epoch;
    fetchedFrom = mine;
    try {
      const config = await options.fetchConfig();
      if (mine === epoch) apply(config);
    } catch (err) {
      if (closed || mine !== epoch) return;
      const error = asHttpError(err);
      options.onError(error);
      if (!isTransient(error.status)) return;
      // Only while nothing newer came meanwhile (a push or another fetch bumps the epoch).
      resyncTimer = setTimeout(() => { if (!closed && mine === epoch) void resync(attempt + 1); }, resyncRetryMs(attempt));
    }
  };

  const configArrived = () => {
    clearTimeout(connectFetchTimer);
    connectFetchTimer = undefined;
  };
  socket.on('connect', () => {
    options.onOnline?.(true);
    hello();
    clearTimeout(connectFetchTimer);
    connectFetchTimer = setTimeout(() => { connectFetchTimer = undefined; void resync(); }, (options.configOnConnectWaitMs ?? configOnConnectWaitMs)());
  });
  socket.on('screen:current', (payload) => { if (payload.screenId === screenId) configArrived(); });
  socket.on('disconnect', (reason) => {
    options.onOnline?.(false);
    configArrived();
    // A server shutting down (deploy, restart) disconnects us itself, which socket.io
    // does not retry on its own; the instance that answers next will take the screen.
    if (reason === 'io server disconnect') retryLater(serverDisconnectRetryMs());
  });
  socket.on('screen:config', (payload: unknown) => {
    if ((payload as { screenId?: unknown } | null)?.screenId !== screenId) return;
    configArrived();
    const mine = ++epoch;
    // Parsed with the contract first (its schemas load with the first answer), in the order the
    // pushes came; a fetch started since is newer and wins. A push that does not match is left
    // out, logged, and the screen keeps what it shows.
    // (No text for people: a push that fails is only logged.)
    const parsed = parseAnswer('screen:config', payload, (c) => c.ZScreenConfigEvent, '');
    pushes = pushes.then(() => parsed).then((event) => { if (fetchedFrom < mine) apply(event.config); }, () => undefined);
  });
  socket.on('screenshot:request', (payload) => {
    if (!closed && typeof payload?.requestId === 'string') options.onScreenshotRequest?.(payload);
  });
  socket.on('device:screen', (payload) => {
    if (!closed && payload.screenId !== screenId) options.onScreenMoved?.(payload.screenId);
  });
  socket.on('device:removed', () => {
    if (!closed) options.onRemoved?.();
  });
  socket.on('connect_error', (err: Error & { data?: { code?: string } }) => {
    options.onOnline?.(false);
    // A refusal by the server (not a network failure) stops socket.io's own retries;
    // a screen must heal by itself, so it tries again slowly.
    if (!socket.active && !closed) {
      if (err.data?.code === 'UNAUTHORIZED') options.onError(new HttpError(err.message, 401, err.data.code));
      if (err.data?.code === 'NOT_FOUND') options.onError(new HttpError(err.message, 404, err.data.code));
      retryLater(REFUSED_RETRY_MS);
    }
  });
  function retryLater(ms: number) {
    clearTimeout(retryTimer);
    if (!closed) retryTimer = setTimeout(() => !closed && !socket.connected && socket.connect(), ms);
  }

  // The first fetch does not wait for the socket: the screen fills as soon as HTTP answers.
  void resync();

  return {
    resync: () => resync(),
    // socket.io keeps an emit made while disconnected and sends it on the next connect.
    acknowledgeAlert: (ack) => { if (!closed) socket.emit('alert:ack', ack); },
    reportHealth: (health) => { if (!closed && socket.connected) socket.emit('player:health', health); },
    close: () => {
      closed = true;
      clearTimeout(retryTimer);
      clearTimeout(resyncTimer);
      clearTimeout(reportTimer);
      clearTimeout(connectFetchTimer);
      socket.disconnect();
    },
  };
}

/** Network failure (status 0), rate limit or server error: worth another try. 401/404 are answers. */
const isTransient = (status: number) => status === 0 || status === 429 || status >= 500;

/** 2 s doubling to 30 s, each ×0.5-1.5 so a fleet's retries spread out. */
export const resyncRetryMs = (attempt: number, random: () => number = Math.random): number =>
  Math.round(Math.min(30_000, 2000 * 2 ** attempt) * (0.5 + random()));

/** Any client's error (the dashboard has its own ApiError) as status + message. */
function asHttpError(err: unknown): HttpError {
  if (err instanceof HttpError) return err;
  const e = err as { message?: unknown; status?: unknown; code?: unknown } | null;
  const status = typeof e?.status === 'number' ? e.status : 0;
  return new HttpError(typeof e?.message === 'string' ? e.message : String(err), status, typeof e?.code === 'string' ? e.code : undefined);
}
