import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import pg from 'pg';
import { applyPendingMigrations } from '../../../server/src/db/migrate.js';
import { createTokenService } from '../../../server/src/http/tokens.js';
import { startChild } from '../lib/children.js';
import type { Counts } from '../lib/modes.js';
import { ms, ratioOf, type FigureRow } from '../lib/result.js';
import { round, summarize } from '../lib/stats.js';
import { JWT_SECRET, ownAccount } from '../fixtures/bench-db.js';
import { makeDataDir, startPano } from './fleet.js';

/**
 * P11 play ingestion and P12 play reports (docs/PERFORMANCE.md#p11-and-p12-plays), in a database
 * of their own (pano_bench_plays, dropped at the end): P12's thirteen months of rollups are
 * millions of rows that no other figure should share a cache or a disk with.
 */
const PG_BASE = process.env.BENCH_PG_URL ?? 'postgresql://postgres@127.0.0.1:5432';
const DB = 'pano_bench_plays';
const dbUrl = `${PG_BASE}/${DB}`;
const num = (v: string | undefined) => (v ? Number(v) : undefined);

type PlaysCounts = {
  devices: number; batches: number; batchSize: number; connections: number;
  /** P12: screens whose per-screen rollup is seeded; requests per report. */
  reportScreens: number; reportRequests: number;
};
const countsOf = (c: Counts): PlaysCounts => {
  const full = c.mode === 'full';
  return {
    devices: 1000,
    // Players coming back after an outage, each with a backlog: full batches (PLAYS_BATCH_MAX).
    batches: num(process.env.BENCH_PLAYS_BATCHES) ?? (full ? 2 : 1),
    batchSize: num(process.env.BENCH_PLAYS_BATCH_SIZE) ?? (full ? 500 : 250),
    connections: 50,
    reportScreens: num(process.env.BENCH_REPORT_SCREENS) ?? 100,
    reportRequests: full ? 200 : 30,
  };
};

const PLAYLISTS = 10;
const ITEMS_PER_PLAYLIST = 6;
const tokens = createTokenService(JWT_SECRET, '7d');

async function withDb<T>(url: string, fn: (db: pg.Client) => Promise<T>): Promise<T> {
  const db = new pg.Client({ connectionString: url });
  await db.connect();
  try { return await fn(db); } finally { await db.end(); }
}

const recreate = () => withDb(`${PG_BASE}/postgres`, async (db) => {
  await db.query(`DROP DATABASE IF EXISTS ${DB} WITH (FORCE)`);
  await db.query(`CREATE DATABASE ${DB}`);
});
const drop = () => withDb(`${PG_BASE}/postgres`, (db) => db.query(`DROP DATABASE IF EXISTS ${DB} WITH (FORCE)`));

type Fleet = { ownerId: string; userToken: string; devices: { screenId: string; deviceToken: string; playlistId: string; mediaIds: string[] }[] };

/** One customer, 10 playlists of 6 images, `screens` screens each playing one of them, a paired device each. */
async function seed(screens: number): Promise<Fleet> {
  return withDb(dbUrl, async (db) => {
    const ownerId = randomUUID();
    await db.query('BEGIN');
    await db.query(`INSERT INTO users (id, email, "passwordHash", "firstName", role) VALUES ($1, $2, 'x', 'Bench', 'customer')`, [ownerId, `plays-${ownerId.slice(0, 8)}@bench.pano`]);
    await ownAccount(db, ownerId);
    await db.query(
      `INSERT INTO purchases (id, "userId", "accountId", status, provider, amount, "amountPaid", "packageName", "durationDays", "maxMediaUploadGb", "maxScreens", "maxPlaylists", "completedAt", "expiresAt")
       VALUES ($1, $2, $2, 'completed', 'bench', 0, 0, 'Bench', 30, 10, $3, 100, now(), now() + interval '30 days')`, [randomUUID(), ownerId, screens + 10]);
    const playlists = Array.from({ length: PLAYLISTS }, () => ({ id: randomUUID(), media: Array.from({ length: ITEMS_PER_PLAYLIST }, () => randomUUID()) }));
    const mediaIds = playlists.flatMap((p) => p.media);
    await db.query(`INSERT INTO media (id, "ownerId", name, "fileName", kind, mime, "sizeBytes")
      SELECT m, $2, 'Reklam ' || i, m || '.png', 'image', 'image/png', 1000 FROM unnest($1::text[]) WITH ORDINALITY AS t(m, i)`, [mediaIds, ownerId]);
    await db.query(`INSERT INTO playlists (id, "ownerId", name, "updatedAt") SELECT p, $2, 'Liste ' || i, now() FROM unnest($1::text[]) WITH ORDINALITY AS t(p, i)`,
      [playlists.map((p) => p.id), ownerId]);
    const screenIds = Array.from({ length: screens }, () => randomUUID());
    const deviceIds = screenIds.map(() => randomUUID());
    await db.query(`INSERT INTO screens (id, "ownerId", name, "currentPlaylistId") SELECT s, $2, 'Ekran ' || i, p FROM unnest($1::text[], $3::text[]) WITH ORDINALITY AS t(s, p, i)`,
      [screenIds, ownerId, screenIds.map((_, i) => playlists[i % PLAYLISTS]!.id)]);
    // Paired two days ago: plays are accepted only from when the device served its screen (docs/architecture/plays.md#plays).
    await db.query(`INSERT INTO devices (id, "ownerId", "screenId", "createdAt") SELECT d, $2, s, now() - interval '2 days' FROM unnest($1::text[], $3::text[]) AS t(d, s)`, [deviceIds, ownerId, screenIds]);
    await db.query('COMMIT');
    const deviceTokens = await Promise.all(deviceIds.map((id) => tokens.signDevice(id, ownerId)));
    return {
      ownerId,
      userToken: await tokens.signUser(ownerId, 0),
      devices: screenIds.map((screenId, i) => ({ screenId, deviceToken: deviceTokens[i]!, playlistId: playlists[i % PLAYLISTS]!.id, mediaIds: playlists[i % PLAYLISTS]!.media })),
    };
  });
}

/** `psql \copy` of the prepared rows into a table shaped like play_records (same indexes): the bare database's rate. */
async function copyBaseline(file: string): Promise<number> {
  await withDb(dbUrl, (db) => db.query('CREATE TABLE play_records_copy (LIKE play_records INCLUDING ALL)'));
  const started = performance.now();
  await new Promise<void>((resolve, reject) => {
    const p = spawn('psql', [dbUrl, '-q', '-v', 'ON_ERROR_STOP=1', '-c',
      `\\copy play_records_copy (id, "ownerId", "screenId", "mediaId", "playlistId", "scheduleId", "startedAt", "durationMs", outcome) FROM '${file}'`], { stdio: ['ignore', 'inherit', 'inherit'] });
    p.once('error', reject);
    p.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`psql \\copy exited ${code}`))));
  });
  return (performance.now() - started) / 1000;
}

type Ingest = { seconds: number; accepted: number; duplicates: number; batches: number; p50: number; p99: number; statuses: Record<string, number> };

async function p11(n: PlaysCounts, fleet: Fleet, dataDir: string, log: (m: string) => void): Promise<FigureRow> {
  const client = await startChild('plays-client');
  const copyFile = path.join(dataDir, 'plays.tsv');
  try {
    const prepared = await client.call<{ batches: number; records: number; bytes: number }>('prepare', {
      ownerId: fleet.ownerId, devices: fleet.devices.slice(0, n.devices), batches: n.batches, batchSize: n.batchSize, copyFile,
    }, 600_000);
    log(`P11: ${prepared.records} records in ${prepared.batches} batches from ${n.devices} devices`);
    const pano = await startPano(dataDir, { DATABASE_URL: dbUrl });
    let run: Ingest;
    try {
      run = await client.call<Ingest>('run', { url: pano.url, connections: n.connections }, 1_800_000);
    } finally {
      await pano.child.kill();
    }
    const stored = await withDb(dbUrl, async (db) => Number((await db.query('SELECT count(*) AS n FROM play_records')).rows[0].n));
    log('P11: COPY baseline');
    const copySeconds = await copyBaseline(copyFile);
    const rate = run.accepted / run.seconds;
    const copyRate = prepared.records / copySeconds;
    const complete = run.accepted === prepared.records && stored === prepared.records && run.duplicates === 0;
    return {
      id: 'P11', figure: `play ingestion, ${n.devices} devices × ${n.batches} batches of ${n.batchSize}`,
      value: `${round(rate, 0)} records/s`, baseline: `${round(copyRate, 0)} records/s (COPY)`, ratio: ratioOf(rate, copyRate),
      goal: '≥ 20,000 records/s', pass: rate >= 20_000 && complete,
      note: `${prepared.records} records (${round(prepared.bytes / prepared.records, 0)} B JSON each) over ${n.connections} connections in ${round(run.seconds, 1)} s; batch p50 ${ms(run.p50)}, p99 ${ms(run.p99)}; stored ${stored}; statuses ${JSON.stringify(run.statuses)}`,
      detail: { run, copySeconds, prepared, stored },
    };
  } finally {
    await client.kill();
  }
}

/**
 * Thirteen months (396 days) of 10-second items on every screen, rolled up as the job would: each
 * screen's playlist of 6 media plays each media 60 times an hour. Written straight into the four
 * rollup tables (per screen only for `screens` screens, the others being what the reports read).
 */
async function seedRollups(fleet: Fleet, screens: number, log: (m: string) => void): Promise<void> {
  await withDb(dbUrl, async (db) => {
    await db.query('SET synchronous_commit = off');
    const hours = `generate_series(date_trunc('hour', now(), 'UTC') - interval '396 days', date_trunc('hour', now(), 'UTC'), interval '1 hour')`;
    await db.query('CREATE TEMP TABLE sm (s text, m text)');
    await db.query('INSERT INTO sm SELECT s, m FROM unnest($1::text[], $2::text[]) AS t(s, m)', [
      fleet.devices.flatMap((d) => d.mediaIds.map(() => d.screenId)), fleet.devices.flatMap((d) => d.mediaIds),
    ]);
    const perMediaHour = 60;
    log(`P12: seeding per-screen rollups of ${screens} screens`);
    await db.query(`INSERT INTO play_hourly ("ownerId", "screenId", "mediaId", hour, plays, "durationMs")
      SELECT $1, sm.s, sm.m, h, ${perMediaHour}, ${perMediaHour * 10_000} FROM (SELECT * FROM sm WHERE s = ANY($2::text[])) sm, ${hours} h
      ORDER BY sm.s, sm.m, h`, [fleet.ownerId, fleet.devices.slice(0, screens).map((d) => d.screenId)]);
    log('P12: seeding media, total and daily rollups');
    await db.query(`INSERT INTO play_hourly_media ("ownerId", "mediaId", hour, plays, "durationMs")
      SELECT $1, m, h, screens * ${perMediaHour}, screens * ${perMediaHour * 10_000}
      FROM (SELECT m, count(*) AS screens FROM sm GROUP BY m) sm, ${hours} h`, [fleet.ownerId]);
    await db.query(`INSERT INTO play_hourly_total ("ownerId", hour, plays, "durationMs")
      SELECT $1, hour, sum(plays), sum("durationMs") FROM play_hourly_media WHERE "ownerId" = $1 GROUP BY hour`, [fleet.ownerId]);
    await db.query(`INSERT INTO play_daily_media ("ownerId", "mediaId", day, plays, "durationMs")
      SELECT $1, "mediaId", date_trunc('day', hour, 'UTC'), sum(plays), sum("durationMs") FROM play_hourly_media WHERE "ownerId" = $1 GROUP BY 2, 3`, [fleet.ownerId]);
    await db.query('ANALYZE');
  });
}

async function p12(n: PlaysCounts, dataDir: string, log: (m: string) => void): Promise<FigureRow[]> {
  const fleet = await seed(1000);
  await seedRollups(fleet, n.reportScreens, log);
  const pano = await startPano(dataDir, { DATABASE_URL: dbUrl });
  try {
    const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
    const period = `from=${day(-395)}&to=${day(0)}&tz=Europe/Istanbul`;
    const time = async (query: string) => {
      const latencies: number[] = [];
      let rows = 0;
      let plays = 0;
      for (let i = 0; i < n.reportRequests + 3; i++) {
        const t = performance.now();
        const res = await fetch(`${pano.url}/api/reports/plays?${period}&${query}`, { headers: { authorization: `Bearer ${fleet.userToken}` } });
        const body = await res.json() as { rows: unknown[]; total: { plays: number }; message?: string };
        if (!res.ok) throw new Error(`report ${query}: ${res.status} ${body.message}`);
        if (i >= 3) latencies.push(performance.now() - t);
        rows = body.rows.length;
        plays = body.total.plays;
      }
      return { ...summarize(latencies), rows, plays };
    };
    const rowsOf = async (label: string, query: string, goal: boolean): Promise<FigureRow> => {
      log(`P12: ${label}`);
      const s = await time(query);
      return {
        id: 'P12', figure: `plays report, 13 months of 1000 screens, ${label}`, value: `p99 ${ms(s.p99)}`, baseline: '—', ratio: null,
        goal: goal ? '≤ 300 ms p99' : '— (for information)', pass: goal ? s.p99 <= 300 : null,
        note: `${s.n} sequential requests after 3 warm-up; p50 ${ms(s.p50)}, max ${ms(s.max)}; ${s.rows} rows, ${s.plays} plays`, detail: s,
      };
    };
    return [
      await rowsOf('by media', 'by=media', true),
      await rowsOf('by day', 'by=day', true),
      await rowsOf('one screen by media', `by=media&screen=${fleet.devices[0]!.screenId}`, false),
    ];
  } finally {
    await pano.child.kill();
  }
}

export async function playFigures(c: Counts, only: Set<string> | null, log: (m: string) => void): Promise<FigureRow[]> {
  const n = countsOf(c);
  const data = await makeDataDir();
  const rows: FigureRow[] = [];
  try {
    log(`plays: recreating ${DB}`);
    await recreate();
    await applyPendingMigrations({ kind: 'postgres', url: dbUrl });
    if (!only || only.has('P11')) rows.push(await p11(n, await seed(n.devices), data.dir, log));
    if (!only || only.has('P12')) rows.push(...await p12(n, data.dir, log));
    return rows;
  } finally {
    await data.remove();
    await drop().catch(() => {});
  }
}
