import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALERT_ACTIVE_MAX_PER_SCREEN, ZCreatedApiKey } from '@pano/contract';
import { createTestApp, newCustomer, type TestApp, type TestUser } from '../../../test/harness.js';
import { makeScreen } from '../screens/content.fixtures.js';
import { activeAlertsForScreens } from '../screens/screen-alerts.js';
import { ALERT_SENDS_PER_MINUTE } from './alert-send-limit.js';

let t: TestApp;
beforeAll(async () => { t = await createTestApp(); });
afterAll(async () => { await t.close(); });

type Auth = { Authorization: string };
const bearer = (key: string): Auth => ({ Authorization: `Bearer ${key}` });
const send = (auth: Auth, body: object) => t.http.post('/api/alerts').set(auth).send(body);
const alert = (title: string, screens: string[]) => ({ title, message: 'x', screens });
const RATE_MESSAGE = `Dakikada en fazla ${ALERT_SENDS_PER_MINUTE} acil duyuru gönderilebilir. Lütfen biraz bekleyip tekrar deneyin.`;

async function newKey(u: TestUser): Promise<Auth> {
  const res = await t.http.post('/api/api-keys').set(u.auth).send({ name: 'Yangın Paneli' });
  expect(res.status).toBe(201);
  return bearer(ZCreatedApiKey.parse(res.body).key);
}

/** `n` sends that all go through, spread over `screens` so no screen reaches the active cap. */
async function sendMany(auth: Auth, screens: string[], n: number): Promise<void> {
  for (let i = 0; i < n; i++) expect((await send(auth, alert(`Duyuru ${i}`, [screens[i % screens.length]!]))).status).toBe(201);
}

describe('alert sends per minute', () => {
  it('per account: past the count a person gets 429 with Retry-After; refused sends cost nothing; templates count too', async () => {
    const u = await newCustomer(t);
    const screens = await Promise.all([1, 2, 3].map(() => makeScreen(t, u.id))).then((s) => s.map((x) => x.id));
    // Refused sends (400, 404) do not use the count up.
    for (let i = 0; i < 3; i++) expect((await send(u.auth, { title: 'Kod' })).status).toBe(400);
    await sendMany(u.auth, screens, ALERT_SENDS_PER_MINUTE - 1);
    const template = await t.http.post('/api/alert-templates').set(u.auth).send({ name: 'Kod Mavi', title: 'Kod Mavi', message: 'x', screens: [screens[0]] });
    expect((await t.http.post(`/api/alert-templates/${template.body._id}/send`).set(u.auth)).status).toBe(201);

    const before = await t.ctx.db.alert.count({ where: { ownerId: u.id } });
    const limited = await send(u.auth, alert('Fazla', [screens[1]!]));
    expect(limited.status).toBe(429);
    expect(limited.body).toEqual({ code: 'RATE_LIMITED', message: RATE_MESSAGE });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(limited.headers['retry-after'])).toBeLessThanOrEqual(60);
    expect((await t.http.post(`/api/alert-templates/${template.body._id}/send`).set(u.auth)).status).toBe(429);
    expect(await t.ctx.db.alert.count({ where: { ownerId: u.id } })).toBe(before);

    // Ending is never limited: room can always be made.
    const active = await t.ctx.db.alert.findFirstOrThrow({ where: { ownerId: u.id } });
    expect((await t.http.delete(`/api/alerts/${active.id}`).set(u.auth)).status).toBe(200);
    // The account's fire panel counts on its own: the staff's sends never lock it out.
    expect((await send(await newKey(u), alert('Yangın', [screens[2]!]))).status).toBe(201);
  });

  it('per key: a key past its count gets 429; another key and the account\'s people still send', async () => {
    const u = await newCustomer(t);
    const screens = await Promise.all([1, 2, 3].map(() => makeScreen(t, u.id))).then((s) => s.map((x) => x.id));
    const busy = await newKey(u);
    const panel = await newKey(u);
    await sendMany(busy, screens, ALERT_SENDS_PER_MINUTE);
    const limited = await send(busy, alert('Fazla', [screens[0]!]));
    expect(limited.status).toBe(429);
    expect(limited.body).toEqual({ code: 'RATE_LIMITED', message: RATE_MESSAGE });
    expect(limited.headers['retry-after']).toBeDefined();

    expect((await send(panel, alert('Yangın', [screens[1]!]))).status).toBe(201);
    expect((await send(u.auth, alert('Kod Mavi', [screens[2]!]))).status).toBe(201);
  });
});

describe('active alerts per screen', () => {
  it(`at ${ALERT_ACTIVE_MAX_PER_SCREEN} a send to that screen is 409 naming the alerts to end; other screens and ended alerts are free`, async () => {
    const u = await newCustomer(t);
    const lobi = await makeScreen(t, u.id, { name: 'Lobi' });
    const kafe = await makeScreen(t, u.id, { name: 'Kafe' });
    const sent: string[] = [];
    for (let i = 1; i < ALERT_ACTIVE_MAX_PER_SCREEN; i++) {
      const res = await send(u.auth, alert(`Tatbikat ${i}`, [lobi.id]));
      expect(res.status).toBe(201);
      sent.push(res.body._id);
    }
    // One that ran out and one that was ended take no room.
    const over = await send(u.auth, alert('Bitti', [lobi.id]));
    await t.ctx.db.alert.update({ where: { id: over.body._id }, data: { endsAt: new Date(Date.now() - 1000) } });
    const ended = await send(u.auth, alert('Bitirildi', [lobi.id]));
    expect((await t.http.delete(`/api/alerts/${ended.body._id}`).set(u.auth)).status).toBe(200);
    // Near the cap, the emergency still goes out: the last place is taken.
    const last = await send(u.auth, alert('Kod Mavi', [lobi.id]));
    expect(last.status).toBe(201);

    const before = await t.ctx.db.alert.count({ where: { ownerId: u.id } });
    const full = await send(u.auth, alert('Yangın', [kafe.id, lobi.id]));
    expect(full.status).toBe(409);
    expect(full.body).toEqual({
      code: 'LIMIT_REACHED',
      message: `Bir ekranda aynı anda en fazla ${ALERT_ACTIVE_MAX_PER_SCREEN} acil duyuru gösterilebilir; şu ekranlarda yer yok: Lobi. `
        + 'Yenisini göndermek için önce şu duyurulardan birini bitirin: '
        + `${Array.from({ length: ALERT_ACTIVE_MAX_PER_SCREEN - 1 }, (_, i) => `"Tatbikat ${i + 1}"`).join(', ')}, "Kod Mavi"`,
    });
    expect(await t.ctx.db.alert.count({ where: { ownerId: u.id } })).toBe(before);
    // The same alert to a screen with room goes out.
    expect((await send(u.auth, alert('Yangın', [kafe.id]))).status).toBe(201);
    // Ending one makes room again.
    expect((await t.http.delete(`/api/alerts/${sent[0]}`).set(u.auth)).status).toBe(200);
    expect((await send(u.auth, alert('Yangın', [kafe.id, lobi.id]))).status).toBe(201);
  });

  it('sends racing for the last places: the cap holds', async () => {
    const u = await newCustomer(t);
    const lobi = await makeScreen(t, u.id, { name: 'Lobi' });
    const key = await newKey(u);
    await sendMany(u.auth, [lobi.id], ALERT_ACTIVE_MAX_PER_SCREEN - 2);
    const results = await Promise.all([u.auth, key, u.auth, key].map((auth, i) => send(auth, alert(`Yarış ${i}`, [lobi.id]))));
    expect(results.map((r) => r.status).sort()).toEqual([201, 201, 409, 409]);
    expect(await t.ctx.db.alertTarget.count({ where: { screenId: lobi.id } })).toBe(ALERT_ACTIVE_MAX_PER_SCREEN);
  });

  it('a screen config carries at most the cap\'s number of alerts, the newest', async () => {
    const u = await newCustomer(t);
    const lobi = await makeScreen(t, u.id);
    // Rows from before the cap existed (or written past the API) do not grow the config.
    const start = Date.now() - 60_000;
    for (let i = 0; i < ALERT_ACTIVE_MAX_PER_SCREEN + 5; i++) {
      await t.ctx.db.alert.create({
        data: {
          ownerId: u.id, title: `Eski ${i}`, message: 'x', background: '#B91C1C', textColor: '#FFFFFF', sound: false,
          allScreens: false, requestedScreenIds: [lobi.id], requestedGroupIds: [], startedAt: new Date(start + i * 1000), endsAt: null,
          targets: { create: [{ screenId: lobi.id }] },
        },
      });
    }
    const shown = (await activeAlertsForScreens(t.ctx.db, [lobi.id], new Date())).get(lobi.id)!;
    expect(shown.map((a) => a.title)).toEqual(
      Array.from({ length: ALERT_ACTIVE_MAX_PER_SCREEN }, (_, i) => `Eski ${ALERT_ACTIVE_MAX_PER_SCREEN + 4 - i}`),
    );
  });
});
