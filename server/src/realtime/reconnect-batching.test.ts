import type { Request } from 'express';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, newCustomer, type TestApp } from '../../test/harness.js';
import { createAppContext, withoutRealtime } from '../app-context.js';
import type { AppContext } from '../context.js';
import type { Db } from '../db/client.js';
import { KeyBatcher } from '../db/key-batcher.js';
import { activeDeviceFromToken } from '../modules/devices/device-auth.js';
import { readScreenConfig } from '../modules/screens/screen-config-access.js';
import { buildScreenConfigEntries } from './screen-config-reader.js';
import { ScreenConfigCache } from '../modules/screens/screen-config-cache.js';
import { LastSeenWriter } from './last-seen-writer.js';
import { Metrics } from '../metrics/metrics.js';

// docs/PERFORMANCE.md (P4): what a fleet reconnecting to a fresh API process asks for at once
// is read and written in batches. The queries are counted on a context whose client logs them.
let t: TestApp;
beforeAll(async () => { t = await createTestApp(); });
afterAll(async () => { await t.close(); });

/** A context built like any other around a counting client; `configCache` as an API instance has one. */
function countingContext(configCache?: ScreenConfigCache): { ctx: AppContext; ops: string[] } {
  const ops: string[] = [];
  const db = t.ctx.db.$extends({
    query: {
      $allOperations({ model, operation, args, query }) {
        ops.push(model ? `${model}.${operation}` : operation);
        return query(args);
      },
    },
  }) as unknown as Db;
  const { config, logger, clock, tokens, jobs } = t.ctx;
  return { ctx: createAppContext({ config, db, logger, clock, tokens, jobs, metrics: new Metrics() }, { ...withoutRealtime(), configCache }), ops };
}

async function fleet(n: number) {
  const c = await newCustomer(t);
  const screens = await Promise.all(Array.from({ length: n }, (_, i) =>
    t.ctx.db.screen.create({ data: { ownerId: c.id, name: `Ekran ${i}` } })));
  const devices = await Promise.all(screens.map((s) =>
    t.ctx.db.device.create({ data: { ownerId: c.id, screenId: s.id } })));
  const tokens = await Promise.all(devices.map((d) => t.ctx.tokens.signDevice(d.id, c.id)));
  // Verified once, as the API does with a device token: later verifies are a map lookup. The
  // first verifies complete on different turns of the event loop (WebCrypto's thread pool), which
  // would make these tests measure crypto timing rather than how concurrent requests batch.
  for (const tok of tokens) await t.ctx.tokens.verify(tok);
  return { c, screens, devices, tokens };
}

// The screens' active alerts are read in that same round: they are per screen, never memoised.
// The screens' layouts and zones are read beside them, in the same round (docs/architecture/realtime.md#pushes).
const FIRST_ROUND = [
  'AlertTarget.findMany', 'Layout.findMany', 'LayoutZone.findMany', 'Schedule.findMany', 'ScheduleGroup.findMany', 'ScheduleScreen.findMany',
  'Screen.findMany', 'ScreenGroupMember.findMany',
];

const withBearer = (token: string) => ({ headers: { authorization: `Bearer ${token}` } }) as unknown as Request;

describe('reconnect batching', () => {
  it('concurrent config fetches of 30 screens cost one build (one screens query) and one device query', async () => {
    const f = await fleet(30);
    const { ctx, ops } = countingContext();
    const answers = await Promise.all(f.screens.map((s, i) => readScreenConfig(ctx, withBearer(f.tokens[i]!), s.id)));
    expect(answers.map((a) => JSON.parse(a.json()).screenId)).toEqual(f.screens.map((s) => s.id));
    expect(answers.map((a) => JSON.parse(a.json()).screenName)).toEqual(f.screens.map((s) => s.name));
    expect(ops.filter((o) => o === 'Screen.findMany')).toHaveLength(1);
    expect(ops.filter((o) => o.startsWith('Device.'))).toEqual(['Device.findMany']);
  });

  it('a batch still answers each request for itself: another owner\'s screen is 404, a revoked device 401', async () => {
    const f = await fleet(2);
    const other = await fleet(1);
    await t.ctx.db.device.update({ where: { id: f.devices[1]!.id }, data: { revokedAt: new Date() } });
    const { ctx } = countingContext();
    const [own, foreign, revoked] = await Promise.allSettled([
      readScreenConfig(ctx, withBearer(f.tokens[0]!), f.screens[0]!.id),
      readScreenConfig(ctx, withBearer(f.tokens[0]!), other.screens[0]!.id),
      readScreenConfig(ctx, withBearer(f.tokens[1]!), f.screens[1]!.id),
    ]);
    expect(own.status).toBe('fulfilled');
    expect(foreign).toMatchObject({ status: 'rejected', reason: { status: 404 } });
    expect(revoked).toMatchObject({ status: 'rejected', reason: { status: 401 } });
  });

  it('a cache miss for a screen whose content was built before costs only the first round (screens, their schedules and layouts), until a change', async () => {
    const f = await fleet(3);
    const cache = new ScreenConfigCache(30_000, () => Date.now());
    const { ctx, ops } = countingContext(cache);
    const read = async (i: number) => JSON.parse((await readScreenConfig(ctx, withBearer(f.tokens[i]!), f.screens[i]!.id)).json());
    const screenReads = () => ops.filter((o) => !o.startsWith('Device.'));

    await read(0);
    expect(screenReads().length).toBeGreaterThan(1); // screens, owners, settings, package...
    ops.length = 0;
    const second = await read(1);
    // One round trip: the screens, what tells which schedule entries reach them, and their layouts.
    expect(screenReads().sort()).toEqual(FIRST_ROUND);
    // The same config as a build from scratch.
    const fresh = await buildScreenConfigEntries(t.ctx.db, [f.screens[1]!.id], { publicBaseUrl: '', now: new Date() });
    expect(second).toEqual(fresh.get(f.screens[1]!.id)!.config);

    cache.invalidate({ screenIds: [f.screens[0]!.id] }); // any change forgets every shared content
    ops.length = 0;
    await read(2);
    expect(screenReads().length).toBeGreaterThan(1);
  });

  it('concurrent handshake device checks share one query', async () => {
    const f = await fleet(20);
    const { ctx, ops } = countingContext();
    const devices = await Promise.all(f.tokens.map((tok) => activeDeviceFromToken(ctx, tok)));
    expect(devices.map((d) => d.id)).toEqual(f.devices.map((d) => d.id));
    expect(ops).toEqual(['Device.findMany']);
  });

  it('connect-time lastSeenAt writes of 25 players go out as one UPDATE per table, each row with its own time', async () => {
    const f = await fleet(25);
    const { ctx, ops } = countingContext();
    const writer = new LastSeenWriter(ctx.db);
    const base = Date.parse('2026-11-21T10:00:00.000Z');
    await Promise.all(f.screens.map((s, i) => writer.seen(new Date(base + i), { id: s.id, ownerId: f.c.id }, f.devices[i]!.id)));
    expect(ops).toEqual(['$executeRaw', '$executeRaw']);
    const screens = await t.ctx.db.screen.findMany({ where: { ownerId: f.c.id }, select: { id: true, lastSeenAt: true } });
    const devices = await t.ctx.db.device.findMany({ where: { ownerId: f.c.id }, select: { id: true, lastSeenAt: true } });
    const expected = (i: number) => new Date(base + i).toISOString();
    f.screens.forEach((s, i) => expect(screens.find((x) => x.id === s.id)!.lastSeenAt?.toISOString()).toBe(expected(i)));
    f.devices.forEach((d, i) => expect(devices.find((x) => x.id === d.id)!.lastSeenAt?.toISOString()).toBe(expected(i)));
  });

  it("a screen's lastSeenAt is written only for its owner", async () => {
    const f = await fleet(1);
    const other = await fleet(1);
    const writer = new LastSeenWriter(t.ctx.db);
    await writer.seen(new Date(), { id: f.screens[0]!.id, ownerId: other.c.id }, null);
    expect((await t.ctx.db.screen.findUniqueOrThrow({ where: { id: f.screens[0]!.id } })).lastSeenAt).toBeNull();
  });
});

describe('KeyBatcher', () => {
  it('loads keys asked for together in one call, later ones in the next, and shares a failure only within its batch', async () => {
    const calls: string[][] = [];
    let fail = false;
    const b = new KeyBatcher<string, string>(async (batch) => {
      calls.push([...batch.keys()]);
      if (fail) throw new Error('down');
      return new Map([...batch.keys()].filter((k) => k !== 'missing').map((k) => [k, k.toUpperCase()]));
    }, { maxInFlight: 1 });
    expect(await Promise.all([b.load('a'), b.load('b'), b.load('a'), b.load('missing')])).toEqual(['A', 'B', 'A', undefined]);
    expect(calls).toEqual([['a', 'b', 'missing']]);
    fail = true;
    await expect(b.load('c')).rejects.toThrow('down');
    fail = false;
    expect(await b.load('c')).toBe('C');
  });

  it('splits a storm into batches of maxBatch, at most maxInFlight at once', async () => {
    // The batcher's turns (setImmediate) and each batch's 10 ms of work on a fake clock, run in
    // order: a third batch started beside two running ones would show, however busy the machine.
    vi.useFakeTimers({ toFake: ['setTimeout', 'setImmediate'] });
    let running = 0;
    let peak = 0;
    const sizes: number[] = [];
    const b = new KeyBatcher<number, number>(async (batch) => {
      running++;
      peak = Math.max(peak, running);
      sizes.push(batch.size);
      await new Promise((r) => setTimeout(r, 10));
      running--;
      return new Map([...batch.keys()].map((k) => [k, k * 2]));
    }, { maxBatch: 100, maxInFlight: 2 });
    const loads = Promise.all(Array.from({ length: 450 }, (_, i) => b.load(i)));
    try {
      await vi.runAllTimersAsync();
    } finally {
      vi.useRealTimers();
    }
    const got = await loads;
    expect(got).toEqual(Array.from({ length: 450 }, (_, i) => i * 2));
    expect(sizes.reduce((a, s) => a + s, 0)).toBe(450);
    expect(Math.max(...sizes)).toBe(100);
    expect(peak).toBe(2);
  });

  it('starts batches at least minGapMs apart, so keys trickling in share one', async () => {
    const calls: string[][] = [];
    const b = new KeyBatcher<string, string>(async (batch) => {
      calls.push([...batch.keys()]);
      return new Map([...batch.keys()].map((k) => [k, k]));
    }, { minGapMs: 300 });
    await b.load('a');
    const tick = () => new Promise((r) => setImmediate(r));
    const later = [b.load('b')];
    await tick();
    await tick();
    later.push(b.load('c'));
    await tick();
    later.push(b.load('d'));
    expect(await Promise.all(later)).toEqual(['b', 'c', 'd']);
    // Without the gap 'b' would have gone alone at the next turn of the event loop.
    expect(calls).toEqual([['a'], ['b', 'c', 'd']]);
  });
});
