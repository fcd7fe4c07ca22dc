import type { Counts } from '../lib/modes.js';
import { ms, ratioOf, type FigureRow } from '../lib/result.js';
import { round, sleep, summarize } from '../lib/stats.js';
import { seedFleet, type Fleet } from '../fixtures/bench-db.js';
import { BENCH_REDIS_URL, editPlaylist, fetchConfig, Generators, makeDataDir, settledMemory, startBare, type SettledMemory, startPano, type ServerProc } from './fleet.js';
import { measureRounds, type RoundsResult } from './rounds.js';
import { measureRestart } from './restart.js';
import { ACK_WITHIN_MS, measureAlertRounds, type AlertRoundsResult } from './alert-rounds.js';

type Side = { rounds: RoundsResult; rssPerPlayer: number; perPlayer: SettledMemory; connectMs: number; verified: string; alerts?: AlertRoundsResult };

/** Growth per player of RSS, JS heap and external memory between two settled readings. */
const perPlayerOf = (before: SettledMemory, after: SettledMemory, players: number): SettledMemory => ({
  rss: (after.rss - before.rss) / players,
  heapUsed: (after.heapUsed - before.heapUsed) / players,
  external: (after.external - before.external) / players,
});
const split = (m: SettledMemory) => `JS heap ${round(m.heapUsed / 1024)} KB, external ${round(m.external / 1024)} KB`;

const timeoutFor = (c: Counts) => (c.mode === 'quick' ? 20_000 : 60_000);
const settleFor = (c: Counts) => (c.mode === 'quick' ? 2_000 : Math.max(5_000, Math.max(...c.players)));

/** Pano, one or two instances: connect the fleet, measure pushes, optionally alerts (P10) in the same fleet, and P4 before closing. */
async function panoSide(
  c: Counts, fleet: Fleet, dataDir: string, instances: 1 | 2, withAlerts: boolean,
  restartRow?: (r: FigureRow, connectMs: number) => void, pushRounds = c.pushRounds,
): Promise<Side> {
  const extra: Record<string, string> = instances === 2 ? { REDIS_URL: BENCH_REDIS_URL } : {};
  const servers: ServerProc[] = [];
  const gens = await Generators.start(c.generators);
  try {
    for (let i = 0; i < instances; i++) servers.push(await startPano(dataDir, extra));
    const mem0 = await settledMemory(servers[0]!);
    const players = fleet.players.map((p, i) => ({ ...p, url: servers[i % instances]!.url }));
    const conn = await gens.connect(players, 'pano', timeoutFor(c) * 3);
    if (conn.connected < players.length) throw new Error(`only ${conn.connected}/${players.length} players connected`);
    const mem1 = await settledMemory(servers[0]!);
    const api = servers[0]!.url;
    const rounds = await measureRounds(gens, pushRounds, (r) => editPlaylist(api, fleet.userToken, fleet.playlistId, fleet.mediaIds, r % 2 === 0 ? 2 : 3), timeoutFor(c), settleFor(c));
    const verified = await verifySample(api, fleet, rounds);
    let alerts: AlertRoundsResult | undefined;
    if (withAlerts) {
      alerts = await measureAlertRounds(api, fleet.userToken, gens, c.pushRounds, timeoutFor(c), settleFor(c));
      // The last alert's end is pushed to every screen: let it pass before P4 arms.
      if (restartRow) await sleep(settleFor(c));
    }
    if (restartRow) restartRow(await measureRestart(c, fleet, dataDir, servers, gens), conn.ms);
    // With two instances half the players sit on the first one.
    const perPlayer = perPlayerOf(mem0, mem1, players.length / instances);
    return { rounds, rssPerPlayer: perPlayer.rss, perPlayer, connectMs: conn.ms, verified, alerts };
  } finally {
    await gens.stop();
    await Promise.allSettled(servers.map((s) => s.child.kill()));
  }
}

/** P2 is only true if what players hold is what the API serves: compare a sample with GET config. */
async function verifySample(api: string, fleet: Fleet, r: RoundsResult): Promise<string> {
  const byScreen = new Map(r.last.screenIds.map((id, i) => [id, r.last.versions[i]]));
  const sample = fleet.players.filter((_, i) => i % Math.max(1, Math.floor(fleet.players.length / 25)) === 0);
  let same = 0;
  for (const p of sample) if ((await fetchConfig(api, p)).version === byScreen.get(p.screenId)) same++;
  return `${same}/${sample.length} sampled players hold exactly the version GET config serves`;
}

async function bareSide(c: Counts, n: number, payload: Record<string, unknown>): Promise<Side> {
  const server = await startBare('bare-socketio');
  const gens = await Generators.start(c.generators);
  try {
    await server.child.call('setPayload', payload);
    const mem0 = await settledMemory(server);
    const players = Array.from({ length: n }, (_, i) => ({ screenId: `bare-${i}`, deviceToken: 'x', url: server.url }));
    const conn = await gens.connect(players, 'bare', timeoutFor(c) * 3);
    if (conn.connected < n) throw new Error(`bare: only ${conn.connected}/${n} connected`);
    const mem1 = await settledMemory(server);
    const rounds = await measureRounds(gens, c.pushRounds, async () => {
      const res = await fetch(`${server.url}/change`, { method: 'POST' });
      await res.arrayBuffer();
    }, timeoutFor(c), settleFor(c));
    const perPlayer = perPlayerOf(mem0, mem1, n);
    return { rounds, rssPerPlayer: perPlayer.rss, perPlayer, connectMs: conn.ms, verified: '' };
  } finally {
    await gens.stop();
    await server.child.kill();
  }
}

const lat = (s: Side) => `p50 ${ms(s.rounds.latency.p50)} / p99 ${ms(s.rounds.latency.p99)} / max ${ms(s.rounds.latency.max)}`;
const trig = (s: Side) => `API call ${ms(summarize(s.rounds.triggerMs).p50)} (p50)`;

const pct = (share: number) => `${round(share * 100, 2)} %`;

/** P10's goal (docs/PERFORMANCE.md): every screen acknowledged within 5 s; p99 ≤ 1 s up to 1,000 players. */
const p10Goal = (n: number) => (n <= 1000 ? '100 % within 5 s, p99 ≤ 1 s' : '100 % within 5 s');
const p10Pass = (n: number, a: AlertRoundsResult) => Math.min(...a.sharesWithin) === 1 && (n > 1000 || a.latency.p99 <= 1000);
const p10Note = (c: Counts, n: number, a: AlertRoundsResult, baseline: string) =>
  `${n} players, each the player's own connection code in Node acknowledging the alert (\`alert:ack\`) the moment its config holds it (no paint in Node; the device player acks after the frame is painted); ` +
  `${c.pushRounds} alert(s) to all screens after 1 warm-up, ${settleFor(c) / 1000} s apart, each ended before the next; latency = the sender's dashboard socket receives \`alert:acked\` − \`POST /api/alerts\` sent; ` +
  `within ${ACK_WITHIN_MS / 1000} s: ${a.sharesWithin.map(pct).join(', ')} (at all: ${a.shares.map(pct).join(', ')}); alert in the players' configs p50 ${ms(a.delivered.p50)} / p99 ${ms(a.delivered.p99)}; ` +
  `API call ${ms(summarize(a.triggerMs).p50)} (p50); ${a.verified}; baseline: ${baseline}`;
const ackLat = (a: AlertRoundsResult) => `p50 ${ms(a.latency.p50)} / p99 ${ms(a.latency.p99)} / max ${ms(a.latency.max)}; ${pct(Math.min(...a.sharesWithin))} within ${ACK_WITHIN_MS / 1000} s`;

/** P1, P2, P3, P4, P9 and P10 (alerts in the same fleet, after its pushes). */
export async function pushFigures(c: Counts, only: Set<string> | null, log: (m: string) => void): Promise<FigureRow[]> {
  const rows: FigureRow[] = [];
  const want = (id: string) => !only || only.has(id);
  // `--only=P10`: the fleet's pushes are still measured (P10's baseline), the bare server is not.
  // `--only=P4`: the fleet is connected and restarted, without push rounds or the bare server.
  const pushRows = ['P1', 'P2', 'P3', 'P9'].some(want);
  const largest = Math.max(...c.players);
  for (const n of c.players) {
    const isLargest = n === largest;
    if (!want('P1') && !want('P2') && !want('P10') && !(isLargest && (want('P3') || want('P4') || want('P9')))) continue;
    const data = await makeDataDir();
    try {
      log(`push: seeding ${n} screens and devices`);
      const fleet = await seedFleet({ screens: n, items: c.playlistItems, uploadsDir: data.uploads });
      log(`push: Pano, ${n} players`);
      let restart: FigureRow | undefined;
      const onRestart = (r: FigureRow, connectMs: number) => { restart = { ...r, note: `${r.note}; the fleet's first connect took ${round(connectMs / 1000, 1)} s` }; };
      const rounds = pushRows || want('P10') ? c.pushRounds : 0;
      const pano = await panoSide(c, fleet, data.dir, 1, want('P10'), isLargest && want('P4') ? onRestart : undefined, rounds);
      if (pano.alerts) log(`push: Pano p99 ${ms(pano.rounds.latency.p99)}; alert acks p99 ${ms(pano.alerts.latency.p99)}`);
      if (pushRows) {
        log(`push: Pano p99 ${ms(pano.rounds.latency.p99)}; bare socket.io, ${n} players`);
        const payloadServer = await startPano(data.dir);
        const payload = await fetchConfig(payloadServer.url, fleet.players[0]!).finally(() => payloadServer.child.kill());
        const bare = await bareSide(c, n, payload);
        const note = `${n} players (one screen each, all showing the edited playlist of ${c.playlistItems} items, ${JSON.stringify(payload).length} B config), ${c.pushRounds} measured changes after 1 warm-up, ${settleFor(c) / 1000} s apart; ${trig(pano)}; ${c.generators} generator process(es)`;
        rows.push({
          id: 'P1', figure: `push latency @ ${n} players`, value: lat(pano), baseline: lat(bare),
          ratio: ratioOf(pano.rounds.latency.p99, bare.rounds.latency.p99), goal: 'p99 ≤ 1.5× baseline',
          pass: pano.rounds.latency.p99 <= 1.5 * bare.rounds.latency.p99, note, detail: { pano: pano.rounds.latency, bare: bare.rounds.latency, triggerMs: pano.rounds.triggerMs },
        });
        const share = Math.min(...pano.rounds.shares);
        rows.push({
          id: 'P2', figure: `players on the new version @ ${n}`, value: `${round(share * 100, 2)} %`, baseline: '—', ratio: null,
          goal: '100 %', pass: share === 1, note: `lowest of ${c.pushRounds} changes; ${pano.verified}`,
        });
        if (isLargest) {
          rows.push({
            id: 'P3', figure: `server RSS per player @ ${n}`, value: `${round(pano.rssPerPlayer / 1024)} KB`, baseline: `${round(bare.rssPerPlayer / 1024)} KB`,
            ratio: ratioOf(pano.rssPerPlayer, bare.rssPerPlayer), goal: '≤ 1.3×', pass: pano.rssPerPlayer <= 1.3 * bare.rssPerPlayer,
            note: `(RSS with ${n} players − RSS before), both after a forced GC in the server; of it, per player: Pano ${split(pano.perPlayer)}; bare ${split(bare.perPlayer)}`,
          });
        }
      }
      if (restart) rows.push(restart);
      if (pano.alerts) {
        rows.push({
          id: 'P10', figure: `alert acknowledged @ ${n} players`, value: ackLat(pano.alerts), baseline: lat(pano),
          ratio: ratioOf(pano.alerts.latency.p99, pano.rounds.latency.p99), goal: p10Goal(n), pass: p10Pass(n, pano.alerts),
          note: p10Note(c, n, pano.alerts, "P1's push latency (playlist edit), same fleet, same run"), detail: { acks: pano.alerts, push: pano.rounds.latency },
        });
      }
      if (isLargest && (want('P9') || want('P10'))) {
        log(`push: two Pano instances + Redis, ${n} players split`);
        const two = await panoSide(c, fleet, data.dir, 2, want('P10'));
        if (want('P9')) {
          rows.push({
            id: 'P9', figure: `push latency, 2 instances + Redis @ ${n}`, value: lat(two), baseline: lat(pano),
            ratio: ratioOf(two.rounds.latency.p99, pano.rounds.latency.p99), goal: 'p99 ≤ 1.5× single',
            pass: two.rounds.latency.p99 <= 1.5 * pano.rounds.latency.p99,
            note: `players alternate between the instances, the change goes to instance 1; shares ${two.rounds.shares.map((s) => `${round(s * 100)} %`).join(', ')}`,
          });
        }
        if (two.alerts && pano.alerts) {
          rows.push({
            id: 'P10', figure: `alert acknowledged, 2 instances + Redis @ ${n}`, value: ackLat(two.alerts), baseline: `one instance: ${ackLat(pano.alerts)}`,
            ratio: ratioOf(two.alerts.latency.p99, pano.alerts.latency.p99), goal: p10Goal(n), pass: p10Pass(n, two.alerts),
            note: `players alternate between the instances; the alert is sent to instance 1 and the sender's dashboard is connected to it, so half the acks reach it through Redis; push latency in this fleet ${lat(two)}; ${p10Note(c, n, two.alerts, 'the same alerts to the same players on one instance, same run')}`,
            detail: { acks: two.alerts, push: two.rounds.latency },
          });
        }
      }
    } finally {
      await data.remove();
    }
  }
  return rows;
}
