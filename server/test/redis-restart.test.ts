import { Queue } from 'bullmq';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { withOwnAccount } from '../src/modules/accounts/own-account.js';
import { expireJobKey } from '../src/modules/purchases/complete-purchase.js';
import {
  closeAllSockets, connectSocket, liveCustomer, pairedDevice, startLiveServer, type LiveServer,
} from '../src/realtime/live-server.fixtures.js';
import { createOwnDatabase, uniqueEmail } from './harness.js';
import { startOwnRedis, type OwnRedis } from './redis-server.js';

// docs/OPERATIONS.md#redis-outages: a Redis restarted without persistence comes back empty.
// Without repair the sweep's scheduler and every delayed job stayed lost until the API restarted.
let redis: OwnRedis;
let db: Awaited<ReturnType<typeof createOwnDatabase>>;
let api: LiveServer;
let jobs: Queue;

beforeAll(async () => {
  redis = await startOwnRedis({ persistence: false });
  // A database of its own: this server's sweep looks at every purchase.
  db = await createOwnDatabase();
  api = await startLiveServer({ REDIS_URL: redis.url, DATABASE_URL: db.url, JOBS_SWEEP_EVERY_S: '60' });
  jobs = new Queue('pano-jobs', { connection: { url: redis.url }, prefix: 'pano' });
  jobs.on('error', () => {}); // refused while this test restarts Redis
});
afterAll(async () => {
  closeAllSockets();
  await jobs?.close();
  await api?.close();
  await redis?.close();
  await db?.drop();
});

/** Redis and the jobs come back on their own schedules (reconnect backoff, the sweep). */
const REDIS_WAIT = { timeout: 20_000, interval: 100 };

const sweepRegistered = async () => (await jobs.getJobSchedulers()).some((s) => s.key === 'purchase.sweep');

it('after a restart that lost everything, the sweep is registered again and the lost expiry job is queued again', async () => {
  const user = await api.ctx.db.user.create({ data: withOwnAccount({ email: uniqueEmail('restart'), passwordHash: 'x', firstName: 'Ali', lastName: 'Test' }) });
  const token = await api.ctx.tokens.signUser(user.id, user.tokenVersion);
  const trial = await api.ctx.db.package.create({
    data: { name: 'Deneme', description: 'Test', price: 0, durationDays: 14, maxMediaUploadGb: 1, maxScreens: 1, maxPlaylists: 1 },
  });
  const bought = await api.api.post('/api/purchase/create-payment-intent').set({ Authorization: `Bearer ${token}` }).send({ packageId: trial.id }).expect(200);
  expect(bought.body.completed).toBe(true);
  const purchase = await api.ctx.db.purchase.findFirstOrThrow({ where: { userId: user.id } });
  const expiryJob = expireJobKey(purchase).replaceAll(':', '-');
  expect(await jobs.getJob(expiryJob)).toBeDefined();
  expect(await sweepRegistered()).toBe(true);

  await redis.stop();
  await redis.start();

  await expect.poll(sweepRegistered, { ...REDIS_WAIT, message: 'the sweep scheduler to be registered again' }).toBe(true);
  await expect.poll(async () => (await jobs.getJob(expiryJob)) !== undefined, { ...REDIS_WAIT, message: 'the sweep to queue the lost expiry job' }).toBe(true);
  const job = await jobs.getJob(expiryJob);
  expect(job!.data).toEqual({ purchaseId: purchase.id });
  // Still due at the purchase's end, not now.
  expect(job!.timestamp + job!.delay).toBeGreaterThanOrEqual(purchase.expiresAt!.getTime() - 1000);
});

it('forgets the cached screen configs when its Redis subscription comes back: invalidations sent meanwhile never arrived', async () => {
  const c = await liveCustomer(api);
  const screen = await api.ctx.db.screen.create({ data: { ownerId: c.id, name: 'Eski ad' } });
  const device = await pairedDevice(api, c.id);
  const player = { Authorization: `Bearer ${device.token}` };
  const config = () => api.api.get(`/api/screens/${screen.id}/config`).set(player).expect(200);
  expect((await config()).body.screenName).toBe('Eski ad');

  await redis.stop();
  // A change whose invalidation this instance never receives (another instance's, sent while it was cut off).
  await api.ctx.db.screen.update({ where: { id: screen.id }, data: { name: 'Yeni ad' } });
  expect((await config()).body.screenName).toBe('Eski ad'); // cached; the 30 s safety TTL is far off
  await redis.start();

  await expect.poll(async () => (await config()).body.screenName === 'Yeni ad', { ...REDIS_WAIT, timeout: 10_000, message: 'the cache to be dropped on resubscribe' }).toBe(true);
});

it("disconnects its players whose device was revoked or moved, or screen deleted, while its subscription was down (the other instance's message never arrived)", async () => {
  const c = await liveCustomer(api);
  const screens = await Promise.all(['Lobi', 'Kasa', 'Depo', 'Vitrin'].map((name) => api.ctx.db.screen.create({ data: { ownerId: c.id, name } })));
  const [, , deleted] = screens;
  const devices = await Promise.all(screens.map((screen) => pairedDevice(api, c.id, screen.id)));
  const sockets = await Promise.all(screens.map((screen, i) => connectSocket(api, { deviceToken: devices[i]!.token, screenId: screen.id })));

  await redis.stop();
  // As another instance would, without the disconnect reaching this one.
  await api.ctx.db.device.update({ where: { id: devices[1]!.id }, data: { revokedAt: new Date() } });
  await api.ctx.db.screen.delete({ where: { id: deleted!.id } });
  // Moved to another screen (issue #21): its socket must stop speaking for the old one.
  await api.ctx.db.device.update({ where: { id: devices[3]!.id }, data: { screenId: screens[0]!.id } });
  await redis.start();

  await expect.poll(async () => !sockets[1]!.connected && !sockets[2]!.connected && !sockets[3]!.connected, { ...REDIS_WAIT, timeout: 10_000, message: 'the stale players to be disconnected' }).toBe(true);
  expect(sockets[0]!.connected).toBe(true);
});
