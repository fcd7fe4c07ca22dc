import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { Webhook } from 'standardwebhooks';
import { ZCreatedWebhook, ZWebhook, ZWebhookDelivery } from '@pano/contract';
import { createTestApp, newCustomer, newMember, type TestApp, type TestUser } from '../../../test/harness.js';
import { startLocalSmtp, type LocalSmtp } from '../../../test/smtp-server.js';
import { makeGroup, makeScreen } from '../screens/content.fixtures.js';
import { deliver, repairDeliveries, RETRY_FOR_MS } from './webhook-delivery.js';
import { ScreenHooks } from './screen-hooks.js';
import { storeHealthReport, tellUnhealthy } from '../screen-health/screen-health.service.js';
import { tellAckDeadline, tellFullyAcknowledged } from '../alerts/alert-ack-hooks.js';
import { tellExpiringPackages } from '../purchases/package-expiring.js';

/*
 * Webhooks (docs/architecture/webhooks.md) against a real HTTP receiver on this machine: signed
 * as the Standard Webhooks library verifies, retried under one webhook-id with the clock moved,
 * given up and the hook turned off after 24 hours with its owner mailed, and no address of the
 * internal network reached unless FETCH_ALLOW_PRIVATE=1.
 */

type Received = { path: string; headers: http.IncomingHttpHeaders; body: string };

/** A system receiving webhooks: keeps what it gets, answers `answer` (a status, a redirect). */
async function startReceiver() {
  const received: Received[] = [];
  let answer: { status: number; body?: string; location?: string; hold?: Promise<void> } = { status: 200, body: 'tamam' };
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => { body += c.toString('utf8'); });
    req.on('end', () => {
      received.push({ path: req.url ?? '', headers: req.headers, body });
      const { status, location, body: text, hold } = answer;
      void (hold ?? Promise.resolve()).then(() => {
        res.writeHead(status, location ? { location } : {});
        res.end(text ?? '');
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    received,
    answer: (a: typeof answer) => { answer = a; },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

let t: TestApp;
let smtp: LocalSmtp;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
let offsetMs = 0;

beforeAll(async () => {
  smtp = await startLocalSmtp();
  receiver = await startReceiver();
  t = await createTestApp({
    config: { fetchAllowPrivate: true, smtpUrl: smtp.url, mailFrom: 'Pano <pano@ornek.test>', publicUrl: 'https://pano.ornek.test' },
    clock: () => new Date(Date.now() + offsetMs),
  });
});
afterAll(async () => { await t?.close(); await receiver?.close(); await smtp?.close(); });
beforeEach(() => {
  offsetMs = 0;
  receiver.answer({ status: 200, body: 'tamam' });
});

async function newHook(u: TestUser, events: string[], path = '/pano') {
  const res = await t.http.post('/api/webhooks').set(u.auth).send({ url: `${receiver.url}${path}`, events });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return ZCreatedWebhook.parse(res.body);
}
const deliveriesOf = async (hookId: string) => t.ctx.db.webhookDelivery.findMany({ where: { webhookId: hookId }, orderBy: { createdAt: 'asc' } });
/** Waits (polling, no fixed sleep) until the hook's deliveries satisfy `check`. */
const until = (hookId: string, check: (rows: Awaited<ReturnType<typeof deliveriesOf>>) => void) =>
  vi.waitFor(async () => check(await deliveriesOf(hookId)), { timeout: 10_000, interval: 20 });

describe('managing webhooks', () => {
  it('shows the secret once, keeps it sealed, lists, changes and deletes hooks with an event each', async () => {
    const u = await newCustomer(t);
    const created = await newHook(u, ['screen.offline', 'screen.offline', 'alert.started']);
    expect(created.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(created).toMatchObject({ events: ['screen.offline', 'alert.started'], enabled: true, disabledReason: null, failingSince: null });
    const row = await t.ctx.db.webhook.findUniqueOrThrow({ where: { id: created._id } });
    expect(JSON.stringify(row)).not.toContain(created.secret.slice(6));

    const list = await t.http.get('/api/webhooks').set(u.auth).expect(200);
    expect(ZWebhook.array().parse(list.body).map((h) => h._id)).toEqual([created._id]);
    expect(JSON.stringify(list.body)).not.toContain(created.secret);

    const changed = await t.http.put(`/api/webhooks/${created._id}`).set(u.auth).send({ url: `${receiver.url}/yeni`, events: ['alert.ended'], enabled: false }).expect(200);
    expect(changed.body).toMatchObject({ url: `${receiver.url}/yeni`, events: ['alert.ended'], enabled: false });
    await t.http.delete(`/api/webhooks/${created._id}`).set(u.auth).expect(200);
    expect(await t.ctx.db.webhook.count({ where: { ownerId: u.id } })).toBe(0);
    const actions = (await t.ctx.db.auditEvent.findMany({ where: { chain: u.id, targetType: 'webhook' }, orderBy: { seq: 'asc' } })).map((e) => e.action);
    expect(actions).toEqual(['webhook.create', 'webhook.update', 'webhook.delete']);
  });

  it('is for owners and admins who see every screen; another customer\'s hook is missing', async () => {
    const u = await newCustomer(t);
    const hook = await newHook(u, ['alert.started']);
    const editor = await newMember(t, u.id, 'publisher');
    expect((await t.http.post('/api/webhooks').set(editor.auth).send({ url: receiver.url, events: ['alert.started'] })).status).toBe(403);
    const group = await makeGroup(t, u.id, 'Giriş');
    const limited = await newMember(t, u.id, 'admin', [group.id]);
    const refused = await t.http.get('/api/webhooks').set(limited.auth);
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe("Ekran gruplarıyla sınırlı olduğunuz için webhook'ları yönetemezsiniz: webhook'lar hesabın tüm ekranlarındaki olayları bildirir.");
    const stranger = await newCustomer(t);
    for (const res of [
      await t.http.put(`/api/webhooks/${hook._id}`).set(stranger.auth).send({ url: receiver.url, events: ['alert.ended'] }),
      await t.http.delete(`/api/webhooks/${hook._id}`).set(stranger.auth),
      await t.http.get(`/api/webhooks/${hook._id}/deliveries`).set(stranger.auth),
      await t.http.post(`/api/webhooks/${hook._id}/test`).set(stranger.auth),
    ]) expect(res.status).toBe(404);
    expect(await t.ctx.db.webhook.findUniqueOrThrow({ where: { id: hook._id } })).toMatchObject({ events: ['alert.started'] });
  });

  it('an API key with the webhooks scope manages hooks; without it, it is told the scope', async () => {
    const u = await newCustomer(t);
    const key = async (scopes: string[]) => (await t.http.post('/api/api-keys').set(u.auth).send({ name: scopes.join(','), scopes }).expect(201)).body.key as string;
    const hooks = await key(['webhooks']);
    await t.http.post('/api/webhooks').set({ Authorization: `Bearer ${hooks}` }).send({ url: receiver.url, events: ['screen.offline'] }).expect(201);
    const other = await key(['alerts']);
    const res = await t.http.post('/api/webhooks').set({ Authorization: `Bearer ${other}` }).send({ url: receiver.url, events: ['screen.offline'] });
    expect(res.status).toBe(403);
    expect(await t.ctx.db.webhook.count({ where: { ownerId: u.id } })).toBe(1);
  });
});

describe('the internal network', () => {
  let guarded: TestApp;
  beforeAll(async () => { guarded = await createTestApp(); });
  afterAll(async () => { await guarded?.close(); });

  it.each([
    'http://127.0.0.1:9/pano', 'http://localhost/pano', 'http://169.254.169.254/latest/meta-data', 'http://[::1]/pano',
    'http://10.1.2.3/pano', 'http://192.168.1.10/pano', 'http://[::ffff:127.0.0.1]/pano',
  ])('%s is refused without FETCH_ALLOW_PRIVATE=1, and no hook is made', async (url) => {
    const u = await newCustomer(guarded);
    const res = await guarded.http.post('/api/webhooks').set(u.auth).send({ url, events: ['alert.started'] });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Webhook adresi kullanılamaz: Adres iç ağa işaret ediyor');
    expect(await guarded.ctx.db.webhook.count({ where: { ownerId: u.id } })).toBe(0);
  });

  it('a redirect is not followed: the attempt fails with its status', async () => {
    const u = await newCustomer(t);
    const hook = await newHook(u, ['alert.started']);
    receiver.answer({ status: 302, location: `${receiver.url}/ic-servis` });
    const before = receiver.received.length;
    await t.http.post(`/api/webhooks/${hook._id}/test`).set(u.auth).expect(202);
    await until(hook._id, ([d]) => expect(d).toMatchObject({ attempts: 1, responseStatus: 302 }));
    expect(receiver.received.slice(before).map((r) => r.path)).toEqual(['/pano']);
  });
});

describe('delivery', () => {
  it('an alert started is posted signed; the library\'s own verifier accepts it; the answer is kept to 1 KB', async () => {
    const u = await newCustomer(t);
    const screen = await makeScreen(t, u.id, { name: 'Lobi' });
    const hook = await newHook(u, ['alert.started'], '/alarm');
    receiver.answer({ status: 200, body: 'x'.repeat(3000) });
    const alert = await t.http.post('/api/alerts').set(u.auth).send({ title: 'Yangın', message: 'Tahliye', screens: [screen.id] }).expect(201);
    await until(hook._id, ([d]) => expect(d?.status).toBe('succeeded'));
    const got = receiver.received.filter((r) => r.path === '/alarm').at(-1)!;
    const verified = new Webhook(hook.secret).verify(got.body, got.headers as Record<string, string>) as { type: string; data: { alert: { _id: string; title: string }; targetCount: number } };
    expect(verified).toMatchObject({ type: 'alert.started', data: { alert: { _id: alert.body._id, title: 'Yangın' }, targetCount: 1 } });
    const [d] = await deliveriesOf(hook._id);
    expect(got.headers['webhook-id']).toBe(d!.id);
    expect(d).toMatchObject({ event: 'alert.started', attempts: 1, responseStatus: 200 });
    expect(d!.responseBody).toHaveLength(1024);
    // Tampered: the verifier refuses it.
    expect(() => new Webhook(hook.secret).verify(got.body.replace('Yangın', 'Tatbikat'), got.headers as Record<string, string>)).toThrow();
    const listed = await t.http.get(`/api/webhooks/${hook._id}/deliveries`).set(u.auth).expect(200);
    expect(ZWebhookDelivery.array().parse(listed.body)[0]).toMatchObject({ _id: d!.id, status: 'succeeded', responseStatus: 200 });
  });

  it('an answer with NUL bytes is kept without them', async () => {
    const u = await newCustomer(t);
    const hook = await newHook(u, ['alert.started'], '/nul');
    receiver.answer({ status: 200, body: 'ta\u0000mam' });
    await t.http.post(`/api/webhooks/${hook._id}/test`).set(u.auth).expect(202);
    await until(hook._id, ([d]) => expect(d).toMatchObject({ status: 'succeeded', responseBody: 'tamam', nextAttemptAt: null }));
  });

  it('an attempt holds its delivery for two minutes; one whose worker was lost is sent again by the repair job', async () => {
    const u = await newCustomer(t);
    const hook = await newHook(u, ['alert.started'], '/kayip');
    let release!: () => void;
    receiver.answer({ status: 200, hold: new Promise<void>((r) => { release = r; }) });
    await t.http.post(`/api/webhooks/${hook._id}/test`).set(u.auth).expect(202);
    await until(hook._id, ([d]) => expect(d?.attempts).toBe(1));
    const [held] = await deliveriesOf(hook._id);
    expect(held!.nextAttemptAt!.getTime() - held!.lastAttemptAt!.getTime()).toBe(120_000);
    // Its worker gone (the answer never comes back to it), the repair job sends it again once the hold is over.
    offsetMs = 3 * 60_000;
    receiver.answer({ status: 200 });
    await repairDeliveries(t.ctx);
    await until(hook._id, ([d]) => expect(d).toMatchObject({ attempts: 2, status: 'succeeded' }));
    release();
  });

  it('a failed attempt is retried later under the same webhook-id, waiting longer each time, until it goes through', async () => {
    const u = await newCustomer(t);
    const hook = await newHook(u, ['alert.started'], '/yeniden');
    receiver.answer({ status: 503, body: 'bakımda' });
    await t.http.post(`/api/webhooks/${hook._id}/test`).set(u.auth).expect(202);
    await until(hook._id, ([d]) => expect(d).toMatchObject({ attempts: 1, status: 'pending', responseStatus: 503 }));
    let [d] = await deliveriesOf(hook._id);
    expect(d!.nextAttemptAt!.getTime() - d!.lastAttemptAt!.getTime()).toBe(30_000);

    // Run early, the job only waits again.
    await deliver(t.ctx, d!.id);
    expect((await deliveriesOf(hook._id))[0]!.attempts).toBe(1);

    offsetMs = 31_000;
    await deliver(t.ctx, d!.id);
    [d] = await deliveriesOf(hook._id);
    expect(d).toMatchObject({ attempts: 2, status: 'pending' });
    expect(d!.nextAttemptAt!.getTime() - d!.lastAttemptAt!.getTime()).toBe(60_000);

    receiver.answer({ status: 204 });
    offsetMs = 31_000 + 61_000;
    await deliver(t.ctx, d!.id);
    [d] = await deliveriesOf(hook._id);
    expect(d).toMatchObject({ attempts: 3, status: 'succeeded', responseStatus: 204, nextAttemptAt: null });
    const ids = receiver.received.filter((r) => r.path === '/yeniden').map((r) => r.headers['webhook-id']);
    expect(ids).toEqual([d!.id, d!.id, d!.id]);
  });

  it('after 24 hours of failures the message is given up, the hook turned off, its owner mailed; turned on again it sends', async () => {
    const u = await newCustomer(t);
    const screen = await makeScreen(t, u.id);
    const hook = await newHook(u, ['alert.started', 'alert.ended'], '/kapali');
    receiver.answer({ status: 500 });
    const alert = await t.http.post('/api/alerts').set(u.auth).send({ title: 'Kod Mavi', message: 'x', screens: [screen.id] }).expect(201);
    // The attempt's outcome is written first, then the hook's failing time: wait for the last.
    await vi.waitFor(async () => expect((await t.ctx.db.webhook.findUniqueOrThrow({ where: { id: hook._id } })).failingSince).not.toBeNull(), { timeout: 10_000, interval: 20 });
    expect((await deliveriesOf(hook._id))[0]).toMatchObject({ attempts: 1, responseStatus: 500, status: 'pending' });

    offsetMs = RETRY_FOR_MS + 1000;
    const [d] = await deliveriesOf(hook._id);
    await deliver(t.ctx, d!.id);
    expect((await deliveriesOf(hook._id))[0]).toMatchObject({ attempts: 2, status: 'failed', nextAttemptAt: null });
    const off = await t.ctx.db.webhook.findUniqueOrThrow({ where: { id: hook._id } });
    expect(off).toMatchObject({ enabled: false, disabledReason: '24 saat boyunca gönderilemediği için Pano tarafından kapatıldı' });
    const event = await t.ctx.db.auditEvent.findFirstOrThrow({ where: { chain: u.id, action: 'webhook.disable' } });
    expect(event).toMatchObject({ actorType: 'system', targetId: hook._id });
    await t.ctx.mailer.settled();
    const mails = smtp.to((await t.ctx.db.user.findUniqueOrThrow({ where: { id: u.id } })).email);
    expect(mails.map((m) => m.subject)).toContain("Pano: bir webhook'unuz kapatıldı");

    // Off: an event makes no delivery.
    offsetMs = 0;
    await t.http.delete(`/api/alerts/${alert.body._id}`).set(u.auth).expect(200);
    expect(await deliveriesOf(hook._id)).toHaveLength(1);

    receiver.answer({ status: 200 });
    const on = await t.http.put(`/api/webhooks/${hook._id}`).set(u.auth).send({ url: `${receiver.url}/kapali`, events: ['alert.started', 'alert.ended'], enabled: true }).expect(200);
    expect(on.body).toMatchObject({ enabled: true, disabledReason: null, failingSince: null });
    await t.http.post('/api/alerts').set(u.auth).send({ title: 'Tatbikat', message: 'x', screens: [screen.id] }).expect(201);
    await until(hook._id, (rows) => expect(rows.at(-1)?.status).toBe('succeeded'));
  });
});

describe('screen.offline and screen.online', () => {
  it('are said once per going dark and once per coming back, to the hooks that ask', async () => {
    const u = await newCustomer(t);
    const screen = await makeScreen(t, u.id, { name: 'Acil Giriş' });
    const onlyOffline = await newHook(u, ['screen.offline'], '/karanlik');
    const both = await newHook(u, ['screen.offline', 'screen.online'], '/izleme');
    const other = await newHook(u, ['alert.started'], '/baska');
    const hooks = new ScreenHooks(t.ctx);

    await hooks.cameOnline(screen.id, u.id);
    await hooks.wentOffline(screen.id, u.id);
    await hooks.wentOffline(screen.id, u.id);
    await hooks.cameOnline(screen.id, u.id);
    await hooks.cameOnline(screen.id, u.id);

    const events = async (id: string) => (await deliveriesOf(id)).map((d) => [d.event, JSON.parse(d.payload).data.screen.name]);
    expect(await events(onlyOffline._id)).toEqual([['screen.offline', 'Acil Giriş']]);
    expect(await events(both._id)).toEqual([['screen.offline', 'Acil Giriş'], ['screen.online', 'Acil Giriş']]);
    expect(await events(other._id)).toEqual([]);
  });
});

describe('screen.unhealthy', () => {
  it('is said when a screen\'s reports start failing, not again while they go on, and again after it healed', async () => {
    const u = await newCustomer(t);
    const screen = await makeScreen(t, u.id, { name: 'Kafeterya' });
    const device = (await t.ctx.db.device.create({ data: { ownerId: u.id, screenId: screen.id } })).id;
    const hook = await newHook(u, ['screen.unhealthy'], '/saglik');
    const report = (failing: boolean) => ({
      appVersion: '1.4.0', uptimeSec: 120, cacheBytes: 1, lastError: failing ? { message: 'Oynatılacak öğe yok', at: new Date(0).toISOString() } : null, itemsFailed: failing ? 3 : 0,
      failing, playing: null, events: [], corruptFiles: [],
    });
    const base = Date.now();
    const at = (s: number) => new Date(base + s * 1000);
    const started: { screenId: string }[][] = [];
    for (const [failing, s] of [[true, 0], [true, 60], [false, 120], [true, 180]] as const) {
      const got = await storeHealthReport(t.ctx.db, { id: screen.id, ownerId: u.id }, device, report(failing), at(s));
      started.push(got);
      await tellUnhealthy(t.ctx, got);
    }
    expect(started.map((s) => s.length)).toEqual([1, 0, 0, 1]);
    const rows = await deliveriesOf(hook._id);
    expect(rows.map((d) => [d.event, JSON.parse(d.payload).data.screen.name])).toEqual([['screen.unhealthy', 'Kafeterya'], ['screen.unhealthy', 'Kafeterya']]);
    expect(JSON.parse(rows[0]!.payload).data.since).toBe(at(0).toISOString());
  });
});

describe('alert.acknowledged', () => {
  async function alertTo(u: TestUser, names: string[]) {
    const screens: { id: string }[] = [];
    for (const name of names) screens.push(await makeScreen(t, u.id, { name }));
    const alert = await t.http.post('/api/alerts').set(u.auth).send({ title: 'Yangın', message: 'Tahliye', screens: screens.map((s) => s.id) }).expect(201);
    const ack = (i: number) => t.ctx.db.alertAck.create({ data: { alertId: alert.body._id, screenId: screens[i]!.id, acknowledgedAt: new Date(), latencyMs: 300 } });
    return { alertId: alert.body._id as string, ack };
  }
  const told = async (hookId: string) => (await deliveriesOf(hookId)).filter((d) => d.event === 'alert.acknowledged').map((d) => {
    const { acknowledged, total, complete } = JSON.parse(d.payload).data as { acknowledged: number; total: number; complete: boolean };
    return { acknowledged, total, complete };
  });

  it('is said once, when every targeted screen confirmed; the deadline then says nothing more', async () => {
    const u = await newCustomer(t);
    const hook = await newHook(u, ['alert.acknowledged'], '/onay');
    const { alertId, ack } = await alertTo(u, ['Lobi', 'Kafe']);
    await ack(0);
    await tellFullyAcknowledged(t.ctx, [alertId]);
    expect(await told(hook._id)).toEqual([]);
    await ack(1);
    await tellFullyAcknowledged(t.ctx, [alertId]);
    await tellFullyAcknowledged(t.ctx, [alertId]);
    await tellAckDeadline(t.ctx, alertId);
    expect(await told(hook._id)).toEqual([{ acknowledged: 2, total: 2, complete: true }]);
  });

  it('an account without such a hook is neither counted nor marked', async () => {
    const u = await newCustomer(t);
    await newHook(u, ['alert.started'], '/baska-olay');
    const { alertId, ack } = await alertTo(u, ['Lobi']);
    await ack(0);
    await tellFullyAcknowledged(t.ctx, [alertId]);
    await tellAckDeadline(t.ctx, alertId);
    expect((await t.ctx.db.alert.findUniqueOrThrow({ where: { id: alertId } })).ackAnnouncedAt).toBeNull();
  });

  it('at the deadline says how many confirmed; a later confirmation says nothing more', async () => {
    const u = await newCustomer(t);
    const hook = await newHook(u, ['alert.acknowledged'], '/onay-suresi');
    const { alertId, ack } = await alertTo(u, ['Lobi', 'Kafe', 'Otopark']);
    await ack(0);
    await tellAckDeadline(t.ctx, alertId);
    await ack(1);
    await ack(2);
    await tellFullyAcknowledged(t.ctx, [alertId]);
    expect(await told(hook._id)).toEqual([{ acknowledged: 1, total: 3, complete: false }]);
  });
});

describe('package.expiring', () => {
  // A database of its own: the sweep's pass reads every running package.
  let own: TestApp;
  let ownOffset = 0;
  beforeAll(async () => { own = await createTestApp({ ownDatabase: true, config: { fetchAllowPrivate: true }, clock: () => new Date(Date.now() + ownOffset) }); });
  afterAll(async () => { await own?.close(); });
  const DAY = 86_400_000;

  it('is said 7 days and 1 day before a package ends, once each; one ending sooner hears only what still applies', async () => {
    const u = await newCustomer(own);
    const hook = (await own.http.post('/api/webhooks').set(u.auth).send({ url: `${receiver.url}/paket`, events: ['package.expiring'] }).expect(201)).body._id as string;
    const running = await own.ctx.db.purchase.findFirstOrThrow({ where: { accountId: u.id, status: 'completed' } });
    const ends = new Date(Date.now() + 10 * DAY);
    await own.ctx.db.purchase.update({ where: { id: running.id }, data: { expiresAt: ends } });
    const soon = await newCustomer(own);
    const soonHook = (await own.http.post('/api/webhooks').set(soon.auth).send({ url: `${receiver.url}/paket`, events: ['package.expiring'] }).expect(201)).body._id as string;
    await own.ctx.db.purchase.updateMany({ where: { accountId: soon.id }, data: { expiresAt: new Date(Date.now() + 12 * 3_600_000) } });
    const told = async (id: string) => (await own.ctx.db.webhookDelivery.findMany({ where: { webhookId: id }, orderBy: { createdAt: 'asc' } }))
      .map((d) => JSON.parse(d.payload).data.daysLeft as number);

    await tellExpiringPackages(own.ctx);
    expect([await told(hook), await told(soonHook)]).toEqual([[], [1]]);
    ownOffset = 4 * DAY;
    await tellExpiringPackages(own.ctx);
    await tellExpiringPackages(own.ctx);
    expect(await told(hook)).toEqual([7]);
    ownOffset = 9.5 * DAY;
    await tellExpiringPackages(own.ctx);
    ownOffset = 9.9 * DAY;
    await tellExpiringPackages(own.ctx);
    expect([await told(hook), await told(soonHook)]).toEqual([[7, 1], [1]]);
  });
});
