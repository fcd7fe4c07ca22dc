import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PLAYS_BATCH_MAX, type TPlayRecord } from '@pano/contract';
import { createTestApp, newCustomer, type TestApp } from '../../../test/harness.js';
import { customerWithDevice, DAY_MS, play } from '../../../test/plays.fixtures.js';

// What POST /api/devices/plays refuses (docs/architecture/plays.md#plays): impossible times, more
// airtime than a day has, other customers' ids, and screens the device did not serve then.
let t: TestApp;
beforeAll(async () => { t = await createTestApp(); });
afterAll(async () => { await t.close(); });

const HOUR = 3600_000;
const upload = (auth: Record<string, string>, plays: unknown[]) => t.http.post('/api/devices/plays').set(auth).send({ plays });
const stored = (ownerId: string) => t.ctx.db.playRecord.findMany({ where: { ownerId }, select: { id: true } }).then((r) => r.map((x) => x.id).sort());
const at = (ms: number) => new Date(ms).toISOString();
const utcDay = (ms: number) => at(ms).slice(0, 10);
const total = async (auth: Record<string, string>, from: number, to: number) =>
  (await t.http.get('/api/reports/plays').set(auth).query({ from: utcDay(from), to: utcDay(to), tz: 'UTC' }).expect(200)).body.total;
const NOT_SERVING = 'Cihaz bu oynatmanın zamanında bu ekranı göstermiyordu';
const NEVER_SERVED = { message: 'Oynatma kayıtları yalnızca cihazın gösterdiği ekranlar için gönderilebilir', code: 'FORBIDDEN' };

describe('POST /api/devices/plays: impossible plays', () => {
  it('refuses plays that end in the future or began before the retention, keeps the rest and says which', async () => {
    const c = await customerWithDevice(t);
    const now = Date.now();
    const at0 = (iso: string) => play(c.screen.id, c.media.id, { startedAt: iso });
    const good = [play(c.screen.id, c.media.id, { startedAt: at(now - HOUR) }), play(c.screen.id, c.media.id, { startedAt: at(now - 2 * 60_000), durationMs: 4 * 60_000 })];
    const future = [at0('9999-12-31T00:00:00.000Z'), at0(at(now + 365 * DAY_MS)), at0(at(now + 10 * 60_000)),
      play(c.screen.id, c.media.id, { startedAt: at(now - HOUR), durationMs: DAY_MS })];
    // Year 0, which PostgreSQL cannot read (it counts 1 BC before 1 AD): refused like the rest.
    const old = [at0('1970-01-01T00:00:00.000Z'), at0('0001-01-01T00:00:00.000Z'), at0('0000-01-01T00:00:00.000Z'), at0(at(now - 401 * DAY_MS))];
    const res = await upload(c.device.auth, [...future, good[0], ...old, good[1]]).expect(200);
    expect(res.body).toEqual({
      accepted: 2, duplicates: 0,
      refused: [
        ...future.map((p) => ({ id: p.id, message: 'Oynatma kaydı ileri bir zamanı gösteriyor: cihazın saati yanlış olabilir' })),
        ...old.map((p) => ({ id: p.id, message: 'Oynatma kaydı saklama süresinden (400 gün) daha eski' })),
      ],
    });
    expect(await stored(c.id)).toEqual(good.map((p) => p.id).sort());

    // A batch of nothing but impossible plays is a 400 naming each, and writes nothing.
    const bad = await upload(c.device.auth, [at0('9999-12-31T00:00:00.000Z'), at0('1970-01-01T00:00:00.000Z')]).expect(400);
    expect(bad.body.message).toBe('Oynatma kayıtlarının hiçbiri kabul edilmedi');
    expect(bad.body.details).toHaveLength(2);
    expect(await stored(c.id)).toHaveLength(2);
  });

  it('counts at most 24 h of airtime per screen and day, however many day-long plays are sent at one instant', async () => {
    const c = await customerWithDevice(t);
    const day = Math.floor(Date.now() / DAY_MS) * DAY_MS - 3 * DAY_MS; // 00:00 UTC three days ago
    const baseline = [0, 1, 2].map((i) => play(c.screen.id, c.media.id, { startedAt: at(day - DAY_MS + i * 175_000), durationMs: 175_000 }));
    await upload(c.device.auth, baseline).expect(200);
    expect(await total(c.auth, day - DAY_MS, Date.now())).toEqual({ plays: 3, seconds: 525 });

    const dayLong = () => play(c.screen.id, c.media.id, { startedAt: at(day), durationMs: DAY_MS });
    // In one batch they overlap each other: the first is kept, the others refused.
    const batch = Array.from({ length: PLAYS_BATCH_MAX }, dayLong);
    const res = await upload(c.device.auth, batch).expect(200);
    expect(res.body).toMatchObject({ accepted: 1, duplicates: 0 });
    expect(res.body.refused).toHaveLength(PLAYS_BATCH_MAX - 1);
    expect(new Set(res.body.refused.map((r: { message: string }) => r.message))).toEqual(new Set(['Oynatma kaydı aynı ekranın başka bir oynatmasıyla çakışıyor']));
    // Sent one by one (and two at once, racing), they are stored as sent but the day is full.
    for (let i = 0; i < 3; i++) await upload(c.device.auth, [dayLong()]).expect(200);
    await Promise.all([upload(c.device.auth, [dayLong()]).expect(200), upload(c.device.auth, [dayLong()]).expect(200)]);
    expect(await stored(c.id)).toHaveLength(3 + 1 + 5);
    expect(await total(c.auth, day - DAY_MS, Date.now())).toEqual({ plays: 4, seconds: 525 + 86_400 });
  });

  it("refuses the whole batch when a playlist or schedule entry is another customer's, like a media", async () => {
    const c = await customerWithDevice(t);
    const other = await newCustomer(t);
    const playlist = await t.ctx.db.playlist.create({ data: { ownerId: other.id, name: 'Başkasının' } });
    const schedule = await t.ctx.db.schedule.create({
      data: { ownerId: other.id, name: 'Başkasının', playlistId: playlist.id, days: [1], startTime: '09:00', endTime: '10:00' },
    });
    const own = play(c.screen.id, c.media.id);
    const cases: [Partial<TPlayRecord>, string][] = [[{ playlistId: playlist.id }, 'Playlist bulunamadı'], [{ scheduleId: schedule.id }, 'Zamanlama bulunamadı']];
    for (const [over, message] of cases) {
      const res = await upload(c.device.auth, [own, play(c.screen.id, c.media.id, over)]).expect(404);
      expect(res.body.message).toBe(message);
    }
    expect(await stored(c.id)).toEqual([]);
  });
});

describe('POST /api/devices/plays: the screens a device served', () => {
  /** Moves the device's whole history two hours back, as if what the test just did happened then. */
  const twoHoursAgo = (deviceId: string) => t.ctx.db.$executeRaw`
    UPDATE device_screen_spans SET "fromAt" = "fromAt" - interval '2 hours', "toAt" = "toAt" - interval '2 hours' WHERE "deviceId" = ${deviceId}`;

  it('accepts each play for the screen the device was on when it played, after a move and after the screen is deleted', async () => {
    const c = await customerWithDevice(t);
    const hall = await t.ctx.db.screen.create({ data: { ownerId: c.id, name: 'Salon' } });
    const never = await t.ctx.db.screen.create({ data: { ownerId: c.id, name: 'Kasa' } });
    await t.http.put(`/api/devices/${c.device.id}`).set(c.auth).send({ screenId: hall.id }).expect(200);
    await twoHoursAgo(c.device.id); // moved from c.screen to the hall two hours ago
    const now = Date.now();
    const before = play(c.screen.id, c.media.id, { startedAt: at(now - 3 * HOUR) });
    const afterOnOld = play(c.screen.id, c.media.id, { startedAt: at(now - HOUR) });
    const onHall = play(hall.id, c.media.id, { startedAt: at(now - HOUR) });
    const res = await upload(c.device.auth, [before, afterOnOld, onHall]).expect(200);
    expect(res.body).toEqual({ accepted: 2, duplicates: 0, refused: [{ id: afterOnOld.id, message: NOT_SERVING }] });
    expect((await upload(c.device.auth, [play(never.id, c.media.id, { startedAt: at(now - HOUR) })]).expect(403)).body).toEqual(NEVER_SERVED);

    // The hall is deleted: the device has no screen, and the hall's plays still arrive.
    await t.http.delete(`/api/screens/${hall.id}`).set(c.auth).expect((r) => expect(r.status).toBeLessThan(300));
    const late = play(hall.id, c.media.id, { startedAt: at(now - HOUR + 10_000) });
    expect((await upload(c.device.auth, [late]).expect(200)).body).toEqual({ accepted: 1, duplicates: 0 });
    expect(await stored(c.id)).toEqual([before.id, onHall.id, late.id].sort());
  });

  it("a device removed and paired again keeps its old pairing's plays; no other device of the customer gets them", async () => {
    const c = await newCustomer(t);
    const { mobileCode } = await t.ctx.db.purchase.findFirstOrThrow({ where: { userId: c.id } });
    const media = await t.ctx.db.media.create({ data: { ownerId: c.id, name: 'Afiş', fileName: `${randomUUID()}.png`, kind: 'image', mime: 'image/png', sizeBytes: 1n } });
    const [lobby, hall] = await Promise.all(['Lobi', 'Salon'].map((name) => t.ctx.db.screen.create({ data: { ownerId: c.id, name } })));
    const pairOn = async (screenId: string, previousDeviceToken?: string) => {
      const paired = await t.http.post('/api/devices/pair').send({ mobileCode, previousDeviceToken }).expect(201);
      const auth = { Authorization: `Bearer ${paired.body.deviceToken}` };
      await t.http.put('/api/devices/screen').set(auth).send({ screenId }).expect(200);
      return { id: paired.body.deviceId as string, token: paired.body.deviceToken as string, auth };
    };
    const first = await pairOn(lobby!.id);
    await twoHoursAgo(first.id);
    await t.http.delete(`/api/devices/${first.id}`).set(c.auth).expect(200);
    const queued = [HOUR + 20_000, HOUR + 10_000, HOUR].map((ago) => play(lobby!.id, media.id, { startedAt: at(Date.now() - ago) }));

    // The stolen or removed device itself can post nothing any more.
    await upload(first.auth, queued).expect(401);
    // A fresh pairing of the same customer never served the lobby; nor does one that shows another customer's token.
    const stranger = await customerWithDevice(t);
    const strangerToken = stranger.device.auth.Authorization.slice('Bearer '.length);
    for (const other of [await pairOn(hall!.id), await pairOn(hall!.id, strangerToken)]) {
      expect((await upload(other.auth, queued).expect(403)).body).toEqual(NEVER_SERVED);
    }
    // The same device paired again, on another screen, with the token it kept: its queue arrives.
    const again = await pairOn(hall!.id, first.token);
    expect((await upload(again.auth, queued).expect(200)).body).toEqual({ accepted: 3, duplicates: 0 });
    // ...but only for the time its old pairing served the lobby: not after it was removed.
    await t.ctx.db.$executeRaw`UPDATE device_screen_spans SET "toAt" = "toAt" - interval '1 hour' WHERE "deviceId" = ${first.id}`;
    const afterRemoval = play(lobby!.id, media.id, { startedAt: at(Date.now() - 30 * 60_000) });
    expect((await upload(again.auth, [afterRemoval, play(lobby!.id, media.id, { startedAt: at(Date.now() - 2 * HOUR + 30_000) })]).expect(200)).body)
      .toEqual({ accepted: 1, duplicates: 0, refused: [{ id: afterRemoval.id, message: NOT_SERVING }] });
  });
});
