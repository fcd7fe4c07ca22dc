import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ZScreen } from '@pano/contract';
import { createTestApp, newCustomer, type TestApp } from '../../../test/harness.js';
import { makeScreen, recordingNotifier } from './content.fixtures.js';

let t: TestApp;
const notifier = recordingNotifier();
beforeAll(async () => { t = await createTestApp({ notifier }); });
afterAll(async () => { await t.close(); });
beforeEach(() => notifier.reset());

const zoneOf = async (id: string) => (await t.ctx.db.screen.findUniqueOrThrow({ where: { id }, select: { timezone: true } })).timezone;

describe('a screen\'s time zone', () => {
  it('is Europe/Istanbul for a new screen, in every screen answer', async () => {
    const u = await newCustomer(t);
    const created = await t.http.post('/api/screens').set(u.auth).send({ name: 'Lobi' });
    expect(ZScreen.parse(created.body)).toMatchObject({ timezone: 'Europe/Istanbul', groups: [] });
    expect((await t.http.get('/api/screens').set(u.auth)).body[0].timezone).toBe('Europe/Istanbul');
  });

  it('is set by PUT /api/screens/{id} in its canonical spelling, pushing that screen once', async () => {
    const u = await newCustomer(t);
    const s = await makeScreen(t, u.id);
    const res = await t.http.put(`/api/screens/${s.id}`).set(u.auth).send({ timezone: 'america/new_york' });
    expect(res.status).toBe(200);
    expect(res.body.timezone).toBe('America/New_York');
    expect(await zoneOf(s.id)).toBe('America/New_York');
    expect(notifier.calls).toEqual([[s.id]]);
    expect((await t.http.put(`/api/screens/${s.id}`).set(u.auth).send({ timezone: 'UTC' })).body.timezone).toBe('UTC');
  });

  it.each(['Mars/Olympus', '+03:00', '', 'Europe/Istanbul; DROP', 42])('refuses %j with 400 in Turkish and keeps the zone', async (timezone) => {
    const u = await newCustomer(t);
    const s = await makeScreen(t, u.id);
    const res = await t.http.put(`/api/screens/${s.id}`).set(u.auth).send({ timezone });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'VALIDATION_ERROR', message: 'Geçersiz saat dilimi (ör. Europe/Istanbul)' });
    expect(await zoneOf(s.id)).toBe('Europe/Istanbul');
    expect(notifier.calls).toEqual([]);
  });
});
