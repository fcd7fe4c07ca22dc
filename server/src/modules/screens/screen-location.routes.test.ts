import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ZScreen } from '@pano/contract';
import { createTestApp, newCustomer, newMember, type TestApp } from '../../../test/harness.js';
import { makeScreen, recordingNotifier } from './content.fixtures.js';

/*
 * A screen's location (docs/PRODUCT.md#screens-api), which emergency alerts with an area (CAP)
 * are matched against. Which API keys may set it: api-keys/api-key-scopes.routes.test.ts.
 */

let t: TestApp;
const notifier = recordingNotifier();
beforeAll(async () => { t = await createTestApp({ notifier }); });
afterAll(async () => { await t.close(); });
beforeEach(() => notifier.reset());

const placeOf = (id: string) => t.ctx.db.screen.findUniqueOrThrow({ where: { id }, select: { latitude: true, longitude: true, name: true } });
const updates = (id: string) => t.ctx.db.auditEvent.findMany({
  where: { targetId: id, action: 'screen.update' }, orderBy: { seq: 'asc' }, select: { changes: true },
});

describe("a screen's location", () => {
  it('is none for a new screen, in every screen answer', async () => {
    const u = await newCustomer(t);
    const created = await t.http.post('/api/screens').set(u.auth).send({ name: 'Lobi' });
    expect(ZScreen.parse(created.body)).toMatchObject({ latitude: null, longitude: null });
    expect((await t.http.get('/api/screens').set(u.auth)).body[0]).toMatchObject({ latitude: null, longitude: null });
  });

  it('can be given when the screen is added, and is recorded in its creation event', async () => {
    const u = await newCustomer(t);
    const res = await t.http.post('/api/screens').set(u.auth).send({ name: 'Kızılay', latitude: '39,920770', longitude: 32.854110 });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ latitude: 39.92077, longitude: 32.85411 });
    const created = await t.ctx.db.auditEvent.findFirstOrThrow({ where: { targetId: res.body._id, action: 'screen.create' }, select: { changes: true } });
    expect(created.changes).toMatchObject({ latitude: [null, 39.92077], longitude: [null, 32.85411] });
  });

  it('is set with PUT /api/screens/{id}, rounded to 6 decimals, audited, without pushing the screen', async () => {
    const u = await newCustomer(t);
    const s = await makeScreen(t, u.id, { name: 'Eminönü' });
    const res = await t.http.put(`/api/screens/${s.id}`).set(u.auth).send({ latitude: 41.00820049, longitude: 28.9784 });
    expect(res.status).toBe(200);
    expect(ZScreen.parse(res.body)).toMatchObject({ latitude: 41.0082, longitude: 28.9784 });
    expect(await placeOf(s.id)).toEqual({ name: 'Eminönü', latitude: 41.0082, longitude: 28.9784 });
    expect((await updates(s.id)).map((e) => e.changes)).toEqual([{ latitude: [null, 41.0082], longitude: [null, 28.9784] }]);
    // Not in the screen's config: its players have nothing new to show.
    expect(notifier.calls).toEqual([]);
    expect((await t.http.get('/api/screens').set(u.auth)).body[0]).toMatchObject({ latitude: 41.0082, longitude: 28.9784 });

    // Moved, with another setting in the same request: that one pushes the screen as before.
    await t.http.put(`/api/screens/${s.id}`).set(u.auth).send({ name: 'Karaköy', latitude: 41.0227, longitude: 28.9770 }).expect(200);
    expect((await updates(s.id)).at(-1)!.changes).toEqual({
      name: ['Eminönü', 'Karaköy'], latitude: [41.0082, 41.0227], longitude: [28.9784, 28.977],
    });
    expect(notifier.calls).toEqual([[s.id]]);
  });

  it('is cleared with both null, and the clearing is audited', async () => {
    const u = await newCustomer(t);
    const s = await makeScreen(t, u.id);
    await t.http.put(`/api/screens/${s.id}`).set(u.auth).send({ latitude: -33.8688, longitude: 151.2093 }).expect(200);
    const res = await t.http.put(`/api/screens/${s.id}`).set(u.auth).send({ latitude: null, longitude: null });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ latitude: null, longitude: null });
    expect(await placeOf(s.id)).toMatchObject({ latitude: null, longitude: null });
    expect((await updates(s.id)).at(-1)!.changes).toEqual({ latitude: [-33.8688, null], longitude: [151.2093, null] });
  });

  it('stays as it was when another setting changes', async () => {
    const u = await newCustomer(t);
    const s = await makeScreen(t, u.id);
    await t.http.put(`/api/screens/${s.id}`).set(u.auth).send({ latitude: 38.4237, longitude: 27.1428 }).expect(200);
    await t.http.put(`/api/screens/${s.id}`).set(u.auth).send({ timezone: 'Europe/London' }).expect(200);
    expect(await placeOf(s.id)).toMatchObject({ latitude: 38.4237, longitude: 27.1428 });
    expect((await updates(s.id)).at(-1)!.changes).toEqual({ timezone: ['Europe/Istanbul', 'Europe/London'] });
  });

  it.each([
    [{ latitude: 91, longitude: 29 }, 'Enlem -90 ile 90 arasında olmalıdır'],
    [{ latitude: 41, longitude: -180.01 }, 'Boylam -180 ile 180 arasında olmalıdır'],
    [{ latitude: 'kırk bir', longitude: 29 }, 'Enlem -90 ile 90 arasında olmalıdır'],
    [{ latitude: 41 }, 'Enlem ve boylam birlikte girilmelidir; konumu kaldırmak için ikisini de boş bırakın'],
    [{ latitude: null, longitude: 29 }, 'Enlem ve boylam birlikte girilmelidir; konumu kaldırmak için ikisini de boş bırakın'],
    [{ name: 'Yeni ad', latitude: 41, longitude: null }, 'Enlem ve boylam birlikte girilmelidir; konumu kaldırmak için ikisini de boş bırakın'],
  ])('refuses %j with 400 in Turkish; nothing is stored or audited', async (body, message) => {
    const u = await newCustomer(t);
    const s = await makeScreen(t, u.id, { name: 'Aynı' });
    await t.http.put(`/api/screens/${s.id}`).set(u.auth).send({ latitude: 40.1885, longitude: 29.061 }).expect(200);
    notifier.reset();
    const res = await t.http.put(`/api/screens/${s.id}`).set(u.auth).send(body);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'VALIDATION_ERROR', message });
    expect(await placeOf(s.id)).toEqual({ name: 'Aynı', latitude: 40.1885, longitude: 29.061 });
    expect(await updates(s.id)).toHaveLength(1);
    expect(notifier.calls).toEqual([]);
  });

  it('refuses a bad location when the screen is added (400, no screen)', async () => {
    const u = await newCustomer(t);
    const res = await t.http.post('/api/screens').set(u.auth).send({ name: 'Lobi', latitude: 41 });
    expect([res.status, res.body.message]).toEqual([400, 'Enlem ve boylam birlikte girilmelidir; konumu kaldırmak için ikisini de boş bırakın']);
    expect(await t.ctx.db.screen.count({ where: { ownerId: u.id } })).toBe(0);
  });

  it("404s for another customer's screen and leaves its location", async () => {
    const u = await newCustomer(t);
    const other = await newCustomer(t);
    const theirs = await makeScreen(t, other.id, { name: 'Onların' });
    await t.http.put(`/api/screens/${theirs.id}`).set(other.auth).send({ latitude: 37.0, longitude: 35.3213 }).expect(200);
    const res = await t.http.put(`/api/screens/${theirs.id}`).set(u.auth).send({ latitude: 0, longitude: 0 });
    expect([res.status, res.body.message]).toEqual([404, 'Ekran bulunamadı']);
    expect(await placeOf(theirs.id)).toMatchObject({ latitude: 37, longitude: 35.3213 });
  });

  it("is a publisher's to change, as the name is: an editor is refused (403), a publisher is not", async () => {
    const owner = await newCustomer(t);
    const s = await makeScreen(t, owner.id);
    const editor = await newMember(t, owner.id, 'editor');
    const publisher = await newMember(t, owner.id, 'publisher');
    expect((await t.http.put(`/api/screens/${s.id}`).set(editor.auth).send({ latitude: 1, longitude: 2 })).status).toBe(403);
    expect(await placeOf(s.id)).toMatchObject({ latitude: null, longitude: null });
    await t.http.put(`/api/screens/${s.id}`).set(publisher.auth).send({ latitude: 1, longitude: 2 }).expect(200);
    expect(await placeOf(s.id)).toMatchObject({ latitude: 1, longitude: 2 });
  });
});
