// Test-only: real listening API instances (startServer) and socket.io clients against them.
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import supertest from 'supertest';
import { io as connectClient, type Socket } from 'socket.io-client';
import { expect, inject } from 'vitest';
import {
  SOCKET_PATH, type ClientToServerEvents, type ServerToClientEvents, type TAccountRole, type TSocketAuth,
} from '@pano/contract';
import { loadConfig, type AppConfig } from '../config/env.js';
import { withOwnAccount } from '../modules/accounts/own-account.js';
import { startServer, type RunningServer } from '../server.js';

export type ClientSocket = Socket<ServerToClientEvents, ClientToServerEvents>;
export type LiveServer = RunningServer & { api: supertest.Agent; close: () => Promise<void> };

/** Both instances of a scale-out test must verify each other's tokens. */
const SHARED_JWT_SECRET = 'live-test-secret-0123456789-0123456789-0123456789';

export async function startLiveServer(env: Record<string, string> = {}, overrides: Partial<AppConfig> = {}): Promise<LiveServer> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'pano-live-'));
  const config = {
    ...loadConfig({
      DATABASE_URL: inject('databaseUrl'), DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1',
      // No periodic sweep: it would expire and requeue other test files' purchases in the shared database.
      LOG_LEVEL: 'silent', JWT_SECRET: SHARED_JWT_SECRET, JOBS_SWEEP_EVERY_S: '0', ...env,
    }),
    authRateLimitPer15Min: 10_000,
    ...overrides,
  };
  const server = await startServer(config);
  const base = `http://127.0.0.1:${(server.http.address() as { port: number }).port}`;
  return {
    ...server,
    url: base,
    api: supertest.agent(base),
    close: async () => { await server.stop(); await rm(dataDir, { recursive: true, force: true }); },
  };
}

export type Customer = { id: string; token: string; auth: { Authorization: string }; mobileCode: string };

/** A customer with a running package, made directly in the database. */
export async function liveCustomer(server: RunningServer): Promise<Customer> {
  const { db, tokens } = server.ctx;
  const user = await db.user.create({
    data: withOwnAccount({ email: `live-${randomUUID().slice(0, 8)}@test.pano`, passwordHash: 'x', firstName: 'Ayşe', lastName: 'Test' }),
  });
  const mobileCode = randomUUID().replace(/-/g, '').slice(0, 8).toUpperCase();
  const now = new Date();
  await db.purchase.create({
    data: {
      userId: user.id, accountId: user.id, provider: 'test', status: 'completed', amount: 499, amountPaid: 499, packageName: 'Test Paketi',
      durationDays: 30, maxMediaUploadGb: 5, maxScreens: 20, maxPlaylists: 20, mobileCode,
      completedAt: now, expiresAt: new Date(now.getTime() + 30 * 86_400_000),
    },
  });
  const token = await tokens.signUser(user.id, user.tokenVersion);
  return { id: user.id, token, auth: { Authorization: `Bearer ${token}` }, mobileCode };
}

/**
 * Another person, a member of `accountId` with `role` (limited to `groupIds` when given), signed in
 * to that account: their id, membership row, token and header.
 */
export async function liveMember(server: RunningServer, accountId: string, role: TAccountRole, groupIds: string[] = []) {
  const person = await liveCustomer(server);
  const row = await server.ctx.db.membership.create({ data: { accountId, userId: person.id, role, groups: { create: groupIds.map((groupId) => ({ groupId })) } } });
  const token = await server.ctx.tokens.signUser(person.id, 0, accountId);
  return { id: person.id, membershipId: row.id, token, auth: { Authorization: `Bearer ${token}` } };
}

/**
 * A paired device of this customer (what POST /api/devices/pair leaves behind), on `screenId`
 * when given (what PUT /api/devices/screen does): only there is its socket a player.
 */
export async function pairedDevice(server: RunningServer, ownerId: string, screenId: string | null = null): Promise<{ id: string; token: string }> {
  const device = await server.ctx.db.device.create({ data: { ownerId, name: 'Test cihazı', screenId } });
  return { id: device.id, token: await server.ctx.tokens.signDevice(device.id, ownerId) };
}

const openSockets = new Set<ClientSocket>();

/**
 * Connects like a player does (websocket first); rejects with the connect_error. `before` sees
 * the socket before it connects, for events sent right at connection.
 */
export function connectSocket(
  server: { url: string }, auth: Partial<TSocketAuth> | Record<string, unknown>, before?: (socket: ClientSocket) => void,
): Promise<ClientSocket> {
  const socket: ClientSocket = connectClient(server.url, {
    path: SOCKET_PATH, transports: ['websocket'], auth, reconnection: false, forceNew: true,
  });
  before?.(socket);
  openSockets.add(socket);
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', (err) => { openSockets.delete(socket); socket.close(); reject(err); });
  });
}

export function closeAllSockets(): void {
  for (const s of openSockets) s.close();
  openSockets.clear();
}

/** Everything one event delivers to a socket, from now on. */
export function record<E extends keyof ServerToClientEvents>(socket: ClientSocket, event: E): Parameters<ServerToClientEvents[E]>[0][] {
  const seen: Parameters<ServerToClientEvents[E]>[0][] = [];
  socket.on(event, ((payload: Parameters<ServerToClientEvents[E]>[0]) => { seen.push(payload); }) as never);
  return seen;
}

/**
 * Proves an absence without a clock (docs/architecture/tests.md#proving-an-absence): `via` first
 * finishes the socket work running now (a push, a connection-time send, a presence change), then
 * writes each socket a marker behind everything written to it before, on the same connection
 * (to a socket on another instance through the Redis adapter, behind `via`'s earlier messages).
 * Resolves once every socket has received its marker or was disconnected: an event that must not
 * come, caused before this call, would have come by then.
 */
export async function caughtUp(via: LiveServer, sockets: ClientSocket[]): Promise<void> {
  await via.realtime.settled();
  const marker = `test:caught-up:${randomUUID()}`;
  const arrived = sockets.map((socket) => new Promise<void>((resolve) => {
    if (socket.disconnected) return resolve();
    (socket as unknown as Socket).once(marker, () => resolve());
    socket.once('disconnect', () => resolve());
  }));
  const ids = sockets.filter((x) => x.connected).map((x) => x.id!);
  // Each socket is in the room of its own id, on whichever instance holds it; no room at all would be everyone.
  if (ids.length > 0) (via.realtime.io.to(ids) as unknown as { emit: (event: string) => void }).emit(marker);
  await Promise.all(arrived);
}

/**
 * Resolves once `via` has handled every event these sockets (connected to it) sent before, and
 * has finished what those started: each sends a marker behind them, which the server dispatches
 * in order after them (a listener on the server's socket only watches for it).
 */
export async function serverHandled(via: LiveServer, sockets: ClientSocket[]): Promise<void> {
  const marker = `test:handled:${randomUUID()}`;
  await Promise.all(sockets.map((socket) => {
    const onServer = via.realtime.io.of('/').sockets.get(socket.id!);
    if (!onServer) throw new Error(`socket ${socket.id} is not connected to this instance`);
    const handled = new Promise<void>((resolve) => { (onServer as unknown as Socket).once(marker, () => resolve()); });
    (socket as unknown as Socket).emit(marker);
    return handled;
  }));
  await via.realtime.settled();
}

/** Resolves once `via` has seen the socket `id` go (the client closed it) and has finished what that started. */
export async function serverSawClose(via: LiveServer, id: string): Promise<void> {
  await expect.poll(() => via.realtime.io.of('/').sockets.has(id)).toBe(false);
  await via.realtime.settled();
}

/**
 * Holds the handshake of `token` on `server` right after its session check (socket.io runs its
 * middleware in order, the check first): `checked` resolves there, `release` lets it go on.
 */
export function holdAfterCheck(server: LiveServer, token: string): { checked: Promise<void>; release: () => void } {
  let release!: () => void;
  const released = new Promise<void>((resolve) => { release = resolve; });
  const checked = new Promise<void>((resolve) => {
    server.realtime.io.use((socket, next) => {
      if ((socket.handshake.auth as { token?: string }).token !== token) return next();
      resolve();
      void released.then(() => next());
    });
  });
  return { checked, release };
}
