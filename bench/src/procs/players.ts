// Load generator: simulated players in their own process. Pano players run the player's
// real connection code (connectScreen: websocket, config fetch at start and after every
// reconnect, pushes, hello) and acknowledge alerts as the device player does; bare players are
// plain socket.io clients of the baseline server.
import { io, type Socket } from 'socket.io-client';
import type { TScreenConfig } from '@pano/contract';
import { connectScreen, type ScreenConnection } from '../../../player/src/connection/screen-connection.js';
import { HttpError } from '../../../player/src/connection/http-error.js';
import { ackLatencyMs, AlertAckLedger, runningAlerts } from '../../../player/src/playback/alerts.js';
import { serveRpc, wallMs } from '../lib/serve-rpc.mjs';
import { sleep } from '../lib/stats.js';

type PlayerSpec = { screenId: string; deviceToken: string; url: string };
type State = {
  screenId: string; online: boolean; version: string | null; armed: string | null; changedAt: number | null; errors: number; close: () => void;
  /** P10: when each alert this player acknowledged arrived in its config (shared clock). */
  alertsAt: Map<string, number>;
};

let states: State[] = [];

function onVersion(s: State, version: string): void {
  s.version = version;
  if (s.armed !== null && s.changedAt === null && version !== s.armed) s.changedAt = wallMs();
}

const newState = (screenId: string): State => ({ screenId, online: false, version: null, armed: null, changedAt: null, errors: 0, close: () => {}, alertsAt: new Map() });

/**
 * What the device player does when a config arrives (device-playback.tsx, alert-overlay.tsx):
 * the newest running alert is the one shown, and it is acknowledged once, with the latency from
 * its `startedAt`. In Node nothing is painted: the ack goes out the moment the config holds it
 * (the real player sends it two animation frames after committing the overlay).
 */
function acknowledgeShownAlert(s: State, ledger: AlertAckLedger, conn: ScreenConnection, config: TScreenConfig): void {
  const shown = runningAlerts(config.alerts, Date.now())[0];
  if (!shown || !ledger.claim(shown._id)) return;
  const now = wallMs();
  s.alertsAt.set(shown._id, now);
  conn.acknowledgeAlert({ alertId: shown._id, renderedAt: new Date(now).toISOString(), latencyMs: ackLatencyMs(shown, now) });
}

function connectPano(p: PlayerSpec): State {
  const s = newState(p.screenId);
  const ledger = new AlertAckLedger();
  // onConfig runs after a fetch or a push, never during connectScreen itself: conn is set by then.
  const conn: ScreenConnection = connectScreen({
    screenId: p.screenId,
    url: p.url,
    auth: { deviceToken: p.deviceToken, screenId: p.screenId },
    appVersion: 'bench',
    fetchConfig: async () => {
      const res = await fetch(`${p.url}/api/screens/${p.screenId}/config`, { headers: { authorization: `Bearer ${p.deviceToken}` } });
      if (!res.ok) throw new HttpError(`HTTP ${res.status}`, res.status);
      return (await res.json()) as TScreenConfig;
    },
    onConfig: (config) => {
      onVersion(s, config.version);
      acknowledgeShownAlert(s, ledger, conn, config);
    },
    onError: () => { s.errors++; },
    onOnline: (online) => { s.online = online; },
  });
  s.close = () => conn.close();
  return s;
}

function connectBare(p: PlayerSpec): State {
  const s = newState(p.screenId);
  const socket: Socket = io(p.url, { path: '/socket.io', transports: ['websocket'], auth: { deviceToken: p.deviceToken, screenId: p.screenId } });
  socket.on('connect', () => { s.online = true; });
  socket.on('disconnect', () => { s.online = false; });
  socket.on('screen:config', (payload: { version: string }) => onVersion(s, payload.version));
  s.close = () => socket.disconnect();
  return s;
}

/** Resolves when every player satisfies `done`, or after timeoutMs (bounded either way). */
async function until(done: (s: State) => boolean, timeoutMs: number): Promise<number> {
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    if (states.every(done)) return states.length;
    await sleep(20);
  }
  return states.filter(done).length;
}

serveRpc({
  /** Connects in batches (a real fleet does not boot in the same millisecond either). */
  connect: async ({ players, kind, batch = 250, timeoutMs = 120_000 }: { players: PlayerSpec[]; kind: 'pano' | 'bare'; batch?: number; timeoutMs?: number }) => {
    const started = Date.now();
    for (let i = 0; i < players.length && Date.now() - started < timeoutMs; i += batch) {
      const chunk = players.slice(i, i + batch).map(kind === 'pano' ? connectPano : connectBare);
      states.push(...chunk);
      const end = Date.now() + 30_000;
      while (Date.now() < end && !chunk.every((s) => s.online && (kind === 'bare' || s.version !== null))) await sleep(20);
    }
    const ready = kind === 'pano' ? (s: State) => s.online && s.version !== null : (s: State) => s.online;
    const ok = await until(ready, Math.max(1_000, timeoutMs - (Date.now() - started)));
    return { connected: ok, total: states.length, ms: Date.now() - started };
  },
  /** Remembers each player's version; the next different version counts as the change. */
  arm: () => {
    for (const s of states) { s.armed = s.version; s.changedAt = null; }
    return states.length;
  },
  waitChanged: async ({ timeoutMs }: { timeoutMs: number }) => {
    await until((s) => s.changedAt !== null, timeoutMs);
    return { times: states.map((s) => s.changedAt), versions: states.map((s) => s.version), screenIds: states.map((s) => s.screenId) };
  },
  /** P10: when the alert arrived at each player that acknowledged it (null: not arrived). */
  alertArrivals: ({ alertId }: { alertId: string }) => states.map((s) => s.alertsAt.get(alertId) ?? null),
  counts: () => ({ online: states.filter((s) => s.online).length, total: states.length, errors: states.reduce((a, s) => a + s.errors, 0) }),
  close: async () => {
    for (const s of states) s.close();
    states = [];
    await sleep(200);
  },
});
