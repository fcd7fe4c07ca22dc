import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ZCapFeed, ZCreatedApiKey } from '@pano/contract';
import { createTestApp, newCustomer, newMember, type TestApp } from '../../../test/harness.js';
import { recordingRunner } from '../../jobs/recording-runner.fixtures.js';
import { makeGroup, makeScreen } from '../screens/content.fixtures.js';
import { amber, capTime, homelandSecurity, thunderstorm, THUNDERSTORM_INSIDE } from './cap.fixtures.js';
import { capFeedJobKey, pollCapFeed, repairCapFeeds } from './cap-feeds.service.js';

/*
 * CAP feeds (docs/architecture/cap.md#feeds) polled from a local server speaking CAP and Atom:
 * each message applied once however often it is seen, the next poll queued, failures kept on
 * the feed. The test app allows private addresses (the server is on 127.0.0.1); one test takes
 * that away to see the refusal.
 */

type Answer = { status?: number; type?: string; body: string };
const answers = new Map<string, Answer>();
const requests: string[] = [];
let server: http.Server;
let base: string;

let t: TestApp;
let strict: TestApp;
const { jobs, queued } = recordingRunner();

beforeAll(async () => {
  server = http.createServer((req, res) => {
    requests.push(req.url ?? '');
    const a = answers.get(req.url ?? '');
    if (!a) { res.writeHead(404).end('yok'); return; }
    res.writeHead(a.status ?? 200, { 'content-type': a.type ?? 'application/xml' }).end(a.body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  t = await createTestApp({ jobs, config: { fetchAllowPrivate: true } });
  strict = await createTestApp();
});
afterAll(async () => {
  await t.close();
  await strict.close();
  server.close();
});
beforeEach(() => { queued.length = 0; requests.length = 0; answers.clear(); });

const atom = (entries: string[]) => `<?xml version="1.0" encoding="UTF-8"?>
<feed xmlns="http://www.w3.org/2005/Atom">
  <title>Uyarılar</title>
  <id>urn:test:feed</id>
  <updated>2026-11-29T08:00:00Z</updated>
  ${entries.join('\n')}
</feed>`;
const inlineEntry = (cap: string) => `<entry><id>urn:e:${Math.random()}</id><title>CAP</title><updated>2026-11-29T08:00:00Z</updated>
  <content type="text/xml">${cap.replace(/^<\?xml[^>]*\?>/, '')}</content></entry>`;
const linkedEntry = (href: string) => `<entry><id>urn:e:${href}</id><title>CAP</title><updated>2026-11-29T08:00:00Z</updated>
  <link rel="alternate" type="application/cap+xml" href="${href}"/></entry>`;

const feedOf = (id: string) => t.ctx.db.capFeed.findUniqueOrThrow({ where: { id } });

async function site() {
  const owner = await newCustomer(t, { maxScreens: 10 });
  const sierra = await makeScreen(t, owner.id, { name: 'Sierra' });
  await t.ctx.db.screen.update({ where: { id: sierra.id }, data: THUNDERSTORM_INSIDE });
  const lobby = await makeScreen(t, owner.id, { name: 'Lobi' });
  return { owner, sierra, lobby };
}

describe('CAP feeds', () => {
  it('an Atom feed with an inline and a linked message: both applied on the first poll, once, and the next poll queued', async () => {
    const s = await site();
    answers.set('/storm.cap', { type: 'application/cap+xml', body: thunderstorm({ identifier: 'FEED-T', expires: capTime(60) }) });
    answers.set('/feed.atom', { type: 'application/atom+xml', body: atom([inlineEntry(amber({ identifier: 'FEED-A' })), linkedEntry(`${base}/storm.cap`)]) });

    const res = await t.http.post('/api/cap-feeds').set(s.owner.auth).send({ url: `${base}/feed.atom`, pollSeconds: 45 });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const feed = ZCapFeed.parse(res.body);
    expect(feed).toMatchObject({ url: `${base}/feed.atom`, pollSeconds: 45, groups: [], enabled: true });

    // The poll saves its outcome, then queues the next one: wait for the queued one.
    const nextPolls = () => queued.filter((q) => q.name === 'capFeed.poll' && q.runAt && q.key === capFeedJobKey(feed._id));
    await vi.waitFor(() => expect(nextPolls()).toHaveLength(1), { timeout: 15_000, interval: 50 });
    const polled = await feedOf(feed._id);
    expect(polled.lastError).toBeNull();
    expect(polled.lastOkAt).toEqual(polled.lastPolledAt);
    const alerts = await t.ctx.db.alert.findMany({ where: { ownerId: s.owner.id }, orderBy: { title: 'asc' } });
    expect(alerts.map((a) => [a.title, a.allScreens, a.createdByUserId, a.createdByKeyId])).toEqual([
      ['AMBER ALERT', true, null, null],
      ['SEVERE THUNDERSTORM WARNING', false, null, null],
    ]);
    // The dashboard names the feed as the sender.
    const listed0 = (await t.http.get('/api/alerts').set(s.owner.auth)).body as { createdBy: unknown }[];
    expect(listed0.map((a) => a.createdBy)).toEqual([0, 1].map(() => ({ kind: 'capFeed', _id: feed._id, name: new URL(base).host })));
    // Sent by Pano itself: the audit names the system.
    const sent = await t.ctx.db.auditEvent.findMany({ where: { chain: s.owner.id, action: 'alert.send' }, select: { actorType: true } });
    expect(sent.map((e) => e.actorType)).toEqual(['system', 'system']);
    const next = nextPolls();
    expect(next[0]!.runAt!.getTime() - polled.lastPolledAt!.getTime()).toBe(45_000);

    // The next poll sees the same messages: nothing new.
    await pollCapFeed(t.ctx, feed._id);
    expect(await t.ctx.db.alert.count({ where: { ownerId: s.owner.id } })).toBe(2);
    const listed = ZCapFeed.array().parse((await t.http.get('/api/cap-feeds').set(s.owner.auth)).body);
    expect(listed).toEqual([expect.objectContaining({ _id: feed._id, messageCount: 2, lastError: null })]);
  });

  it('a feed limited to a group sends only to its screens; a CAP document as the feed itself works too', async () => {
    const s = await site();
    const group = await makeGroup(t, s.owner.id, 'Giriş', [s.lobby.id]);
    answers.set('/one.cap', { body: homelandSecurity({ identifier: 'FEED-H' }) });
    const res = await t.http.post('/api/cap-feeds').set(s.owner.auth).send({ url: `${base}/one.cap`, groups: [group.id] });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ pollSeconds: 60, groups: [{ _id: group.id, name: 'Giriş' }] });
    await vi.waitFor(async () => expect(await t.ctx.db.alert.count({ where: { ownerId: s.owner.id } })).toBe(1), { timeout: 15_000, interval: 50 });
    const alert = await t.ctx.db.alert.findFirstOrThrow({ where: { ownerId: s.owner.id }, include: { targets: true } });
    expect(alert.targets.map((x) => x.screenId)).toEqual([s.lobby.id]);
  });

  it('keeps why a poll failed (an error status, not CAP, an invalid message) and keeps polling', async () => {
    const s = await site();
    answers.set('/broken', { status: 500, body: 'hata' });
    const feed = ZCapFeed.parse((await t.http.post('/api/cap-feeds').set(s.owner.auth).send({ url: `${base}/broken`, enabled: false })).body);
    await pollCapFeed(t.ctx, feed._id);
    // Turned off: not polled.
    expect((await feedOf(feed._id)).lastPolledAt).toBeNull();
    await t.ctx.db.capFeed.update({ where: { id: feed._id }, data: { enabled: true } });
    await pollCapFeed(t.ctx, feed._id);
    expect((await feedOf(feed._id))).toMatchObject({ lastError: 'Adres 500 yanıtı verdi', lastOkAt: null });

    answers.set('/broken', { body: '<html><body>Bakımdayız</body></html>' });
    await pollCapFeed(t.ctx, feed._id);
    expect((await feedOf(feed._id)).lastError).toBe('Adres bir CAP iletisi ya da Atom beslemesi döndürmedi');

    answers.set('/broken', { body: homelandSecurity().replace(/<status>.*<\/status>/, '') });
    await pollCapFeed(t.ctx, feed._id);
    expect((await feedOf(feed._id)).lastError).toMatch(/^CAP 1.2 şemasına uymuyor/);
    expect(await t.ctx.db.alert.count({ where: { ownerId: s.owner.id } })).toBe(0);
    // Only this feed's polls: an earlier test's feed may queue its next poll meanwhile.
    expect(queued.filter((q) => q.name === 'capFeed.poll' && q.runAt && q.key === capFeedJobKey(feed._id))).toHaveLength(3);
  });

  it('the repair queues a poll for each enabled feed whose job is gone, and forgets messages after 90 days', async () => {
    const s = await site();
    const day = 86_400_000;
    const record = (identifier: string, ageDays: number) => t.ctx.db.capMessage.create({
      data: { ownerId: s.owner.id, sender: 's', identifier, sent: new Date(), msgType: 'Alert', outcome: 'ignored', receivedAt: new Date(Date.now() - ageDays * day) },
    });
    await record('old', 91);
    await record('recent', 89);
    const on = ZCapFeed.parse((await t.http.post('/api/cap-feeds').set(s.owner.auth).send({ url: `${base}/nothing`, enabled: false })).body);
    await t.ctx.db.capFeed.update({ where: { id: on._id }, data: { enabled: true } });
    queued.length = 0;
    await repairCapFeeds(t.ctx);
    expect(queued.filter((q) => q.key === capFeedJobKey(on._id))).toHaveLength(1);
    const kept = await t.ctx.db.capMessage.findMany({ where: { ownerId: s.owner.id }, select: { identifier: true } });
    expect(kept.map((k) => k.identifier)).toEqual(['recent']);
  });

  it('refuses bad input in Turkish and stores nothing; another customer\'s feed is 404', async () => {
    const s = await site();
    for (const [body, message] of [
      [{ url: 'ftp://x' }, /http:\/\/ ya da https:\/\//],
      [{ url: `${base}/f`, pollSeconds: 10 }, /30 ile 3600 saniye/],
      [{ url: `${base}/f`, groups: ['00000000-0000-4000-8000-000000000000'] }, /Ekran grubu bulunamadı/],
    ] as const) {
      const res = await t.http.post('/api/cap-feeds').set(s.owner.auth).send(body);
      expect([400, 404]).toContain(res.status);
      expect(res.body.message).toMatch(message);
    }
    expect(await t.ctx.db.capFeed.count({ where: { ownerId: s.owner.id } })).toBe(0);
    const feed = ZCapFeed.parse((await t.http.post('/api/cap-feeds').set(s.owner.auth).send({ url: `${base}/f`, enabled: false })).body);
    const other = await site();
    expect((await t.http.put(`/api/cap-feeds/${feed._id}`).set(other.owner.auth).send({ url: `${base}/g` })).status).toBe(404);
    expect((await t.http.delete(`/api/cap-feeds/${feed._id}`).set(other.owner.auth)).status).toBe(404);
    expect((await feedOf(feed._id)).url).toBe(`${base}/f`);
    expect((await t.http.delete(`/api/cap-feeds/${feed._id}`).set(s.owner.auth)).status).toBe(200);
    expect(await t.ctx.db.capFeed.count({ where: { id: feed._id } })).toBe(0);
  });

  it('a member limited to screen groups adds feeds for their groups only, and sees only those', async () => {
    const s = await site();
    const group = await makeGroup(t, s.owner.id, 'Giriş', [s.lobby.id]);
    await t.http.post('/api/cap-feeds').set(s.owner.auth).send({ url: `${base}/all`, enabled: false });
    const admin = await newMember(t, s.owner.id, 'admin', [group.id]);
    expect((await t.http.post('/api/cap-feeds').set(admin.auth).send({ url: `${base}/mine`, enabled: false })).status).toBe(403);
    expect((await t.http.post('/api/cap-feeds').set(admin.auth).send({ url: `${base}/mine`, enabled: false, groups: [group.id] })).status).toBe(201);
    const seen = ZCapFeed.array().parse((await t.http.get('/api/cap-feeds').set(admin.auth)).body);
    expect(seen.map((f) => f.url)).toEqual([`${base}/mine`]);
  });

  it('a key with the alerts scope manages feeds', async () => {
    const s = await site();
    const key = ZCreatedApiKey.parse((await t.http.post('/api/api-keys').set(s.owner.auth).send({ name: 'Panel', scopes: ['alerts'] })).body).key;
    const res = await t.http.post('/api/cap-feeds').set({ Authorization: `Bearer ${key}` }).send({ url: `${base}/k`, enabled: false });
    expect(res.status).toBe(201);
  });

  it('without FETCH_ALLOW_PRIVATE an address of the internal network is refused at save', async () => {
    const owner = await newCustomer(strict);
    for (const url of [`${base}/feed.atom`, 'http://169.254.169.254/latest/meta-data/', 'http://localhost:6379/']) {
      const res = await strict.http.post('/api/cap-feeds').set(owner.auth).send({ url });
      expect(res.status).toBe(400);
      expect(res.body.message).toMatch(/^Besleme adresi kullanılamaz/);
    }
    expect(await strict.ctx.db.capFeed.count({ where: { ownerId: owner.id } })).toBe(0);
  });
});
