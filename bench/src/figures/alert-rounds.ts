import { io, type Socket } from 'socket.io-client';
import type { ServerToClientEvents, TAlertAckedEvent } from '@pano/contract';
import { wallMs } from '../lib/serve-rpc.mjs';
import { sleep, summarize, type Summary } from '../lib/stats.js';
import type { Generators } from './fleet.js';

/** P10: an acknowledgement counts when it is seen within this long of the request. */
export const ACK_WITHIN_MS = 5_000;

export type AlertRoundsResult = {
  /** Request sent → the sender's dashboard told `alert:acked` for the screen. */
  latency: Summary;
  /** Request sent → the alert in the player's config (the moment it acknowledges), same clock. */
  delivered: Summary;
  /** Per measured alert: share of targeted screens whose ack the dashboard saw within ACK_WITHIN_MS. */
  sharesWithin: number[];
  /** Per measured alert: share seen before the time limit. */
  shares: number[];
  /** How long `POST /api/alerts` took, per measured alert. */
  triggerMs: number[];
  /** `GET /api/alerts/{id}` after the last alert: acknowledged / total. */
  verified: string;
};

type Sent = { _id: string; targetCount: number };

async function api<T>(url: string, token: string, method: string, body?: unknown): Promise<T> {
  const res = await fetch(url, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  if (!res.ok) throw new Error(`${method} ${new URL(url).pathname}: HTTP ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

/** The sender's dashboard: a socket with the customer's user token, as the web app opens it. */
async function openDashboard(url: string, token: string, seen: Map<string, Map<string, number>>): Promise<Socket<ServerToClientEvents>> {
  const socket: Socket<ServerToClientEvents> = io(url, { path: '/socket.io', transports: ['websocket'], auth: { token } });
  socket.on('alert:acked', ({ alertId, screenId }: TAlertAckedEvent) => {
    const at = wallMs();
    let acks = seen.get(alertId);
    if (!acks) seen.set(alertId, (acks = new Map()));
    if (!acks.has(screenId)) acks.set(screenId, at);
  });
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('dashboard socket: no connection within 10 s')), 10_000);
    socket.once('connect', () => { clearTimeout(timer); resolve(); });
    socket.once('connect_error', (err) => { clearTimeout(timer); reject(new Error(`dashboard socket: ${err.message}`)); });
  });
  return socket;
}

/**
 * One warm-up alert, then `rounds` measured ones, each to all screens of the fleet's customer
 * (`POST /api/alerts` `{ all: true }`), ended with `DELETE` before the next. Latency of a screen =
 * when the dashboard socket received `alert:acked` for it − when the request was sent, on the
 * machine's shared clock: what the sender sees. Ends every alert it sent, also on failure.
 */
export async function measureAlertRounds(
  url: string, userToken: string, gens: Generators, rounds: number, timeoutMs: number, settleMs: number,
): Promise<AlertRoundsResult> {
  const seen = new Map<string, Map<string, number>>();
  const dashboard = await openDashboard(url, userToken, seen);
  const latencies: number[] = [];
  const delivered: number[] = [];
  const sharesWithin: number[] = [];
  const shares: number[] = [];
  const triggerMs: number[] = [];
  let last: Sent | undefined;
  let open: string | undefined;
  try {
    for (let r = 0; r <= rounds; r++) {
      if (r > 0) await sleep(settleMs);
      const t0 = wallMs();
      const sent = await api<Sent>(`${url}/api/alerts`, userToken, 'POST', { title: 'Tatbikat', message: `Bench P10, tur ${r}`, all: true, durationMinutes: 30 });
      open = sent._id;
      const t1 = wallMs();
      const end = Date.now() + timeoutMs;
      while ((seen.get(sent._id)?.size ?? 0) < sent.targetCount && Date.now() < end) await sleep(20);
      last = sent;
      if (r > 0) {
        const times = [...(seen.get(sent._id)?.values() ?? [])].map((t) => t - t0);
        latencies.push(...times);
        triggerMs.push(t1 - t0);
        shares.push(times.length / sent.targetCount);
        sharesWithin.push(times.filter((t) => t <= ACK_WITHIN_MS).length / sent.targetCount);
        const arrivals = await gens.alertArrivals(sent._id);
        delivered.push(...arrivals.filter((t): t is number => t !== null).map((t) => t - t0));
      }
      if (r < rounds) {
        await api(`${url}/api/alerts/${sent._id}`, userToken, 'DELETE');
        open = undefined;
      }
    }
    const detail = last ? await api<{ acks: { total: number; acknowledged: number } }>(`${url}/api/alerts/${last._id}`, userToken, 'GET') : null;
    const verified = detail ? `GET /api/alerts/{id} of the last: ${detail.acks.acknowledged}/${detail.acks.total} acknowledged` : '';
    return { latency: summarize(latencies), delivered: summarize(delivered), sharesWithin, shares, triggerMs, verified };
  } finally {
    // The fleet goes on to other figures: no alert may stay over its screens.
    if (open) await api(`${url}/api/alerts/${open}`, userToken, 'DELETE').catch(() => {});
    dashboard.disconnect();
  }
}
