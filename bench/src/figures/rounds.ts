import { wallMs } from '../lib/serve-rpc.mjs';
import { sleep, summarize, type Summary } from '../lib/stats.js';
import type { Changed, Generators } from './fleet.js';

export type RoundsResult = {
  latency: Summary;
  /** Share of players that received the change, per measured round. */
  shares: number[];
  /** How long the triggering HTTP call took, per measured round. */
  triggerMs: number[];
  last: Changed;
};

/**
 * One warm-up change, then `rounds` measured ones. Each round: remember every player's
 * version, call the trigger (the HTTP request that changes the content), and wait until
 * every player holds a different version or the timeout passes. Latency of a player =
 * when it had the new version − when the request was sent, on the machine's shared clock.
 */
export async function measureRounds(gens: Generators, rounds: number, trigger: (round: number) => Promise<unknown>, timeoutMs: number, settleMs: number): Promise<RoundsResult> {
  const latencies: number[] = [];
  const shares: number[] = [];
  const triggerMs: number[] = [];
  let last: Changed = { times: [], versions: [], screenIds: [] };
  for (let r = 0; r <= rounds; r++) {
    // Changes are made by people, seconds apart: let the previous change's aftermath (every
    // player's hello and its presence writes) finish before timing the next one.
    if (r > 0) await sleep(settleMs);
    await gens.arm();
    const t0 = wallMs();
    await trigger(r);
    const t1 = wallMs();
    last = await gens.waitChanged(timeoutMs);
    if (r === 0) continue;
    triggerMs.push(t1 - t0);
    const got = last.times.filter((t): t is number => t !== null);
    latencies.push(...got.map((t) => t - t0));
    shares.push(got.length / last.times.length);
  }
  return { latency: summarize(latencies), shares, triggerMs, last };
}
