import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { createServer } from 'node:http';
import { createLogger } from '../logger.js';
import { withOwnAccount } from '../modules/accounts/own-account.js';
import { metricValue } from '../metrics/testing/read-metrics.js';
import {
  closeAllSockets, connectSocket, pairedDevice, record, startLiveServer, type LiveServer,
} from '../realtime/live-server.fixtures.js';
import { createBullmqRunner } from './bullmq-runner.js';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const SERVER_DIR = path.resolve(import.meta.dirname, '../..');

// The worker process is started once; its three duties are checked in order, each its own test.
describe('npm run worker', () => {
  const prefix = `pano-test-worker-${randomUUID().slice(0, 8)}`;
  // An API instance on the same Redis, with a player connected: the worker's pushes reach it.
  let api: LiveServer | undefined;
  let child: ChildProcess | undefined;
  let exited: Promise<number | null>;
  let dataDir: string | undefined;
  let out = '';
  let metricsUrl: string;
  let configs: ReturnType<typeof record<'screen:config'>>;
  let userId: string;

  beforeAll(async () => {
    api = await startLiveServer({ REDIS_URL, WORKERS: '0' });
    const db = api.ctx.db;
    const u = await db.user.create({ data: withOwnAccount({ email: `worker-${randomUUID().slice(0, 8)}@test.pano`, passwordHash: 'x' }) });
    userId = u.id;
    const screen = await db.screen.create({ data: { ownerId: u.id, name: 'Lobi' } });
    const device = await pairedDevice(api, u.id, screen.id);
    const player = await connectSocket(api, { deviceToken: device.token, screenId: screen.id });
    configs = record(player, 'screen:config');
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'pano-worker-'));
    const metricsPort = await freePort();
    metricsUrl = `http://127.0.0.1:${metricsPort}/metrics`;
    child = spawn(process.execPath, ['--import', 'tsx', 'src/worker.ts'], {
      cwd: SERVER_DIR,
      env: {
        ...process.env, REDIS_URL, DATABASE_URL: inject('databaseUrl'), JOBS_PREFIX: prefix, DATA_DIR: dataDir,
        JWT_SECRET: 'worker-test-secret-0123456789-0123456789', LOG_LEVEL: 'info', JOBS_SWEEP_EVERY_S: '0', PAYMENTS: 'dev',
        METRICS_PORT: String(metricsPort), HOST: '127.0.0.1', METRICS_TOKEN: 'worker-metrics-token-0123456789',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout!.on('data', (d) => { out += String(d); });
    child.stderr!.on('data', (d) => { out += String(d); });
    const proc = child;
    exited = new Promise<number | null>((resolve) => proc.once('exit', (code) => resolve(code)));
    // Starting compiles the worker with tsx: seconds alone, far longer on a busy machine.
    await vi.waitFor(() => expect(out, 'the worker did not start').toContain('worker started'), { timeout: 90_000, interval: 100 });
  }, 120_000);

  afterAll(async () => {
    if (child && child.exitCode === null) child.kill('SIGKILL');
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
    closeAllSockets();
    await api?.close();
    const redis = new Redis(REDIS_URL);
    const keys = await redis.keys(`${prefix}:*`);
    if (keys.length) await redis.del(...keys);
    await redis.quit();
  });

  it('runs the jobs alone: an overdue expiry an API instance enqueued is processed and pushed to a player on that instance', async () => {
    const db = api!.ctx.db;
    const p = await db.purchase.create({
      data: {
        userId, accountId: userId, provider: 'dev', status: 'completed', amount: 5, amountPaid: 5, packageName: 'W', durationDays: 1,
        maxMediaUploadGb: 1, maxScreens: 1, maxPlaylists: 1, completedAt: new Date(Date.now() - 86_400_000), expiresAt: new Date(Date.now() - 1000),
      },
    });
    // An API instance with WORKERS=0 only enqueues.
    const enqueuer = createBullmqRunner({ redisUrl: REDIS_URL, logger: createLogger('silent'), runWorkers: false, prefix, sweepEveryMs: 0 });
    await enqueuer.enqueue('purchase.expire', { purchaseId: p.id });
    await enqueuer.stop();
    await vi.waitFor(async () => {
      expect((await db.purchase.findUniqueOrThrow({ where: { id: p.id } })).status, `job not processed:\n${out}`).toBe('expired');
    }, { timeout: 20_000, interval: 100 });
    await expect.poll(() => configs.some((c) => c.config.notice?.kind === 'package-expired'), { timeout: 10_000 }).toBe(true);
  });

  it('counts the job and the push on METRICS_PORT, behind its token', async () => {
    expect((await fetch(metricsUrl)).status).toBe(401);
    const metrics = await (await fetch(metricsUrl, { headers: { Authorization: 'Bearer worker-metrics-token-0123456789' } })).text();
    expect(metricValue(metrics, 'pano_job_runs_total', { job: 'purchase.expire' })).toBe(1);
    expect(metricValue(metrics, 'pano_job_failures_total', { job: 'purchase.expire' })).toBe(0);
    expect(metricValue(metrics, 'pano_config_pushes_total')).toBe(1);
  });

  it('exits 0 on SIGTERM', async () => {
    child!.kill('SIGTERM');
    const code = await Promise.race([exited, new Promise((r) => setTimeout(() => r('timeout'), 10_000))]);
    expect(code, out).toBe(0);
    expect(out).toContain('worker shutting down');
  });
});

/** A port nobody listens on right now (the worker takes it a moment later). */
async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as { port: number };
  await new Promise((resolve) => probe.close(resolve));
  return port;
}
