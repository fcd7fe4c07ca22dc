import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { request } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { Redis } from 'ioredis';
import { io as connectClient } from 'socket.io-client';
import { afterAll, describe, expect, inject, it, vi } from 'vitest';
import { SOCKET_PATH } from '@pano/contract';
import { freePort, operatorEnv } from '../src/cli/pano-process.fixtures.js';
import { groupMembers, isListening, spawnGroup, type GroupProcess } from './process-group.fixtures.js';
import { startOwnRedis, type OwnRedis } from './redis-server.js';

// What a container runtime (docker stop) or systemd does to a service started with
// `npm start` / `npm run worker`: SIGTERM to the pid it started, npm's, and nothing else.
// Everything npm started must drain and end, and the port must close (docs/OPERATIONS.md#shutdown).

/** What a stopping process and its children take to let go (ports, processes, connections). */
const PROCESS_WAIT = { timeout: 20_000, interval: 50 };

/** POST with `Expect: 100-continue`: the server's "continue" proves it is handling the request; the body follows later. */
function slowLogin(port: number, body: string) {
  const req = request({
    host: '127.0.0.1', port, method: 'POST', path: '/api/auth/login',
    headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), expect: '100-continue' },
  });
  const started = new Promise<void>((resolve) => req.once('continue', resolve));
  const answer = new Promise<{ status: number; body: string }>((resolve, reject) => {
    req.once('response', (res) => {
      let text = '';
      res.setEncoding('utf8').on('data', (d: string) => { text += d; }).on('end', () => resolve({ status: res.statusCode!, body: text }));
    });
    req.once('error', reject);
  });
  // Awaited only after the shutdown; a failed run must not also report an unhandled rejection.
  answer.catch(() => {});
  req.flushHeaders();
  return { started, answer, finish: () => req.end(body) };
}

async function json(url: string, body: unknown) {
  const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  return { status: res.status, body: await res.json() as Record<string, unknown> };
}

describe('SIGTERM to `npm start`', () => {
  let app: GroupProcess | undefined;
  let dataDir: string | undefined;
  afterAll(async () => {
    app?.killGroup();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it('drains the request in flight, tells the sockets, closes the port and leaves no process; exit 0', async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'pano-shutdown-'));
    const port = await freePort();
    app = spawnGroup('npm', ['start'], operatorEnv({
      DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', SKIP_BUILD: '1', LOG_LEVEL: 'info',
    }));
    await app.waitForOutput('Pano çalışıyor');
    const url = `http://127.0.0.1:${port}`;
    // The built server runs in npm's child itself: no TypeScript compiler anywhere in the tree.
    expect(groupMembers(app.pid).filter((p) => p.cmdline.includes('tsx'))).toEqual([]);

    const account = { email: 'kapanis@ornek.com', password: 'kapanis-sifresi' };
    expect((await json(`${url}/api/auth/register`, account)).status).toBe(201);
    const { token } = (await json(`${url}/api/auth/login`, account)).body as { token: string };
    const socket = connectClient(url, { path: SOCKET_PATH, transports: ['websocket'], auth: { token }, reconnection: false, forceNew: true });
    await new Promise<void>((resolve, reject) => { socket.once('connect', resolve); socket.once('connect_error', reject); });
    const disconnected = new Promise<string>((resolve) => socket.once('disconnect', resolve));

    const slow = slowLogin(port, JSON.stringify(account));
    await slow.started;
    process.kill(app.pid, 'SIGTERM');

    // New connections are refused while the started request is still waiting for its body…
    await vi.waitFor(async () => expect(await isListening(port), `port ${port} still open:\n${app!.output()}`).toBe(false), PROCESS_WAIT);
    expect(app.child.exitCode).toBeNull();
    // …which then completes normally.
    slow.finish();
    const answered = await slow.answer;
    expect(answered.status, answered.body).toBe(200);
    expect(JSON.parse(answered.body)).toMatchObject({ user: { email: account.email } });

    expect(await disconnected).toMatch(/transport close|io server disconnect/);
    expect(await app.exited).toEqual({ code: 0, signal: null });
    await expect.poll(() => groupMembers(app!.pid), PROCESS_WAIT).toEqual([]);
    // The embedded database was closed and its folder let go.
    expect(existsSync(path.join(dataDir, 'pano.lock'))).toBe(false);
    expect(app.output()).toContain('server stopped');
  }, 90_000);
});

describe('SIGTERM to `npm run worker`', () => {
  let worker: GroupProcess | undefined;
  let ownRedis: OwnRedis | undefined;
  let redis: Redis | undefined;
  let dataDir: string | undefined;
  afterAll(async () => {
    worker?.killGroup();
    redis?.disconnect();
    await ownRedis?.close();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it('closes its Redis and database connections and leaves no process; exit 0', async () => {
    // A Redis of its own, so counting its clients counts the worker's.
    ownRedis = await startOwnRedis({ persistence: false });
    redis = new Redis(ownRedis.url);
    const clients = async () => (await redis!.client('LIST') as string).trim().split('\n').length;
    expect(await clients()).toBe(1);

    dataDir = await mkdtemp(path.join(os.tmpdir(), 'pano-worker-stop-'));
    worker = spawnGroup('npm', ['run', 'worker'], operatorEnv({
      DATABASE_URL: inject('databaseUrl'), REDIS_URL: ownRedis.url, DATA_DIR: dataDir, JOBS_SWEEP_EVERY_S: '0',
      PAYMENTS: 'dev', JWT_SECRET: 'worker-stop-test-secret-0123456789-abcdef', LOG_LEVEL: 'info', SKIP_BUILD: '1',
    }));
    await worker.waitForOutput('worker started');
    expect(groupMembers(worker.pid).filter((p) => p.cmdline.includes('tsx'))).toEqual([]);
    expect(await clients()).toBeGreaterThan(1);

    process.kill(worker.pid, 'SIGTERM');
    expect(await worker.exited).toEqual({ code: 0, signal: null });
    await expect.poll(() => groupMembers(worker!.pid), PROCESS_WAIT).toEqual([]);
    await expect.poll(clients, { ...PROCESS_WAIT, message: 'the worker left Redis connections open' }).toBe(1);
    expect(worker.output()).toContain('worker stopped');
  }, 60_000);
});
