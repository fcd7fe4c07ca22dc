import { Queue } from 'bullmq';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { expireJobKey } from '../src/modules/purchases/complete-purchase.js';
import { abandonJobKey } from '../src/modules/purchases/pending-purchase.js';
import { card } from '../src/modules/purchases/payment-test.fixtures.js';
import {
  closeAllSockets, connectSocket, liveCustomer, pairedDevice, startLiveServer, type Customer, type LiveServer,
} from '../src/realtime/live-server.fixtures.js';
import { createOwnDatabase } from './harness.js';
import { startOwnRedis, type OwnRedis } from './redis-server.js';

// docs/OPERATIONS.md#redis-outages: with Redis stopped or stalled, the request paths that use it
// answer with their fallback within the 2 s Redis deadline. Before, they waited for Redis to come
// back (37 s for a payment, 21 s for presence). The budget leaves room for a busy test machine.
const BUDGET_MS = 5_000;

let redis: OwnRedis;
let db: Awaited<ReturnType<typeof createOwnDatabase>>;
let api: LiveServer;
let jobs: Queue;

beforeAll(async () => {
  // Persistent, as docker-compose runs it: what was queued before the outage survives it.
  redis = await startOwnRedis({ persistence: true });
  // A database of its own: this server's sweep looks at every purchase.
  db = await createOwnDatabase();
  api = await startLiveServer({ REDIS_URL: redis.url, DATABASE_URL: db.url, JOBS_SWEEP_EVERY_S: '60' });
  jobs = new Queue('pano-jobs', { connection: { url: redis.url }, prefix: 'pano' });
  jobs.on('error', () => {}); // refused while this test has Redis stopped
});
afterEach(() => closeAllSockets());
afterAll(async () => {
  await jobs?.close();
  await api?.close();
  await redis?.close();
  await db?.drop();
});

const queued = async (key: string) => (await jobs.getJob(key.replaceAll(':', '-'))) !== undefined;

/** Redis and the jobs come back on their own schedules (reconnect backoff, the sweep). */
const REDIS_WAIT = { timeout: 20_000, interval: 100 };

/** A customer whose screen has a player connected to this instance. */
async function customerWithPlayer(): Promise<{ c: Customer; screenId: string; deviceId: string; packageId: string }> {
  const c = await liveCustomer(api);
  const screen = await api.ctx.db.screen.create({ data: { ownerId: c.id, name: 'Lobi' } });
  const device = await pairedDevice(api, c.id, screen.id);
  await connectSocket(api, { deviceToken: device.token, screenId: screen.id });
  const pkg = await api.ctx.db.package.create({
    data: { name: `Kesinti ${c.id.slice(0, 6)}`, description: 'Test', price: 499, durationDays: 30, maxMediaUploadGb: 5, maxScreens: 3, maxPlaylists: 10 },
  });
  return { c, screenId: screen.id, deviceId: device.id, packageId: pkg.id };
}

describe('Redis down', () => {
  it('payments, checkout and presence answer at once; the completed payment is answered completed and its expiry job is queued by the sweep once Redis is back', async () => {
    const { c, screenId, deviceId, packageId } = await customerWithPlayer();
    await redis.stop();
    try {
      const intent = await api.api.post('/api/purchase/create-payment-intent').set(c.auth).send({ packageId }).timeout(BUDGET_MS);
      expect(intent.status).toBe(200);
      expect(intent.body).toMatchObject({ completed: false, clientSecret: expect.any(String) });
      await api.api.post('/api/purchase/dev/confirm-card').set(c.auth).send({ paymentIntentId: intent.body.paymentIntentId, ...card() }).expect(200);

      // The card is charged: completing must not wait for the expiry job that cannot be queued.
      const done = await api.api.post('/api/purchase/complete-payment').set(c.auth).send({ paymentIntentId: intent.body.paymentIntentId }).timeout(BUDGET_MS);
      expect(done.status).toBe(200);
      expect(done.body).toMatchObject({ message: 'Ödeme başarıyla tamamlandı. Paketiniz aktif.', purchase: { status: 'completed' } });

      const checkout = await api.api.post('/api/purchase/create-checkout-session').set(c.auth)
        .send({ packageId, successUrl: 'http://localhost/ok', cancelUrl: 'http://localhost/iptal' }).timeout(BUDGET_MS);
      expect(checkout.status).toBe(200);
      expect(checkout.body.url).toEqual(expect.any(String));

      // This instance's own player still counts: presence falls back to the local sockets.
      const presence = await api.api.get('/api/devices/presence').set(c.auth).timeout(BUDGET_MS);
      expect(presence.status).toBe(200);
      expect(presence.body).toEqual([expect.objectContaining({ screenId, online: true })]);
      const devices = await api.api.get('/api/devices').set(c.auth).timeout(BUDGET_MS);
      expect(devices.status).toBe(200);
      expect(devices.body).toEqual([expect.objectContaining({ _id: deviceId, online: true })]);
    } finally {
      await redis.start();
    }

    const rows = await api.ctx.db.purchase.findMany({ where: { userId: c.id, provider: 'dev' }, orderBy: { createdAt: 'asc' } });
    expect(rows.map((r) => r.status)).toEqual(['completed', 'pending']);
    const [paid, checkoutRow] = rows;
    await expect.poll(() => queued(expireJobKey(paid!)), { ...REDIS_WAIT, message: 'the sweep to queue the missing expiry' }).toBe(true);
    await expect.poll(() => queued(abandonJobKey(checkoutRow!.id)), { ...REDIS_WAIT, message: 'the sweep to queue the missing abandon' }).toBe(true);
  });

  it('a stalled Redis (connections open, no answers) costs a request at most the deadline', async () => {
    const { c, screenId, packageId } = await customerWithPlayer();
    redis.pause();
    try {
      const [intent, presence] = await Promise.all([
        api.api.post('/api/purchase/create-payment-intent').set(c.auth).send({ packageId }).timeout(BUDGET_MS),
        api.api.get('/api/devices/presence').set(c.auth).timeout(BUDGET_MS),
      ]);
      expect(intent.status).toBe(200);
      expect(intent.body.completed).toBe(false);
      expect(presence.status).toBe(200);
      expect(presence.body).toEqual([expect.objectContaining({ screenId, online: true })]);
    } finally {
      redis.resume();
    }
  });
});
