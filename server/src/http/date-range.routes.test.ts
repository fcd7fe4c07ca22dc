import type supertest from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATE_RANGE_MESSAGE, ZErrorBody } from '@pano/contract';
import { createTestApp, newCustomer, type TestApp, type TestUser } from '../../test/harness.js';
import { dbFingerprint } from '../../test/db-fingerprint.js';
import { deviceFor, play } from '../../test/plays.fixtures.js';
import { NONE_ACCEPTED_MESSAGE } from '../modules/plays/plays-ingest.service.js';
import { makeMedia, makePlaylist, makeSchedule, makeScreen } from '../modules/screens/content.fixtures.js';

// Issue #21: year-0 dates passed validation and PostgreSQL refused them (22008), a 500. Every
// date and instant a request carries lies in DATE_YEAR_MIN-DATE_YEAR_MAX (contract/src/dates.ts).
// A play's start is the exception: the server refuses each impossible record of a batch on its
// own and keeps the good ones, so a batch of one year-0 play is 'none accepted', naming it.
// A database of its own: "nothing written" is checked over every row of every table.
let t: TestApp;
let u: TestUser;
let ids: { screen: string; playlist: string; schedule: string; screenId: string; mediaId: string };
let device: Record<string, string>;
beforeAll(async () => {
  t = await createTestApp({ ownDatabase: true });
  u = await newCustomer(t, { maxScreens: 5 });
  const media = await makeMedia(t, u.id);
  const playlist = await makePlaylist(t, u.id, [{ mediaId: media.id }]);
  const screen = await makeScreen(t, u.id);
  const paired = await deviceFor(t, u);
  device = paired.device.auth;
  ids = {
    screen: screen.id,
    playlist: playlist.id,
    schedule: (await makeSchedule(t, u.id, { playlistId: playlist.id, screenIds: [screen.id] })).id,
    screenId: paired.screen.id,
    mediaId: paired.media.id,
  };
});
afterAll(async () => { await t.close(); });

const schedule = (extra: Record<string, unknown>) => ({
  name: 'Gece', playlist: ids.playlist, screens: [ids.screen], days: [1], startTime: '22:00', endTime: '23:00', ...extra,
});
const playAt = (startedAt: string) => ({ plays: [play(ids.screenId, ids.mediaId, { startedAt })] });

const cases: { name: string; send: () => supertest.Test; message?: string }[] = [
  { name: "a screen's now: year 0", send: () => t.http.get(`/api/screens/${ids.screen}/now?at=0000-01-01T00:00:00Z`).set(u.auth) },
  { name: "a screen's now: year 1 at +14:00 (year 0 in UTC)", send: () => t.http.get(`/api/screens/${ids.screen}/now`).query({ at: '0001-01-01T00:00:00+14:00' }).set(u.auth) },
  { name: "a screen's now: before 1970", send: () => t.http.get(`/api/screens/${ids.screen}/now?at=1969-12-31T23:59:59Z`).set(u.auth) },
  { name: "a screen's now: past 9999 in UTC", send: () => t.http.get(`/api/screens/${ids.screen}/now`).query({ at: '9999-12-31T23:00:00-05:00' }).set(u.auth) },
  { name: 'every screen now: year 0', send: () => t.http.get('/api/screens/now?at=0000-01-01T00:00:00Z').set(u.auth) },
  { name: 'plays: started in year 0', send: () => t.http.post('/api/devices/plays').set(device).send(playAt('0000-01-01T00:00:00Z')), message: NONE_ACCEPTED_MESSAGE },
  { name: 'plays: started in year 1 at +14:00', send: () => t.http.post('/api/devices/plays').set(device).send(playAt('0001-01-01T00:00:00+14:00')), message: NONE_ACCEPTED_MESSAGE },
  { name: 'schedule create: start date in year 0', send: () => t.http.post('/api/schedules').set(u.auth).send(schedule({ startDate: '0000-01-01' })) },
  { name: 'schedule create: end date in year 0', send: () => t.http.post('/api/schedules').set(u.auth).send(schedule({ endDate: '0000-01-01' })) },
  { name: 'schedule create: except date 0000-02-29', send: () => t.http.post('/api/schedules').set(u.auth).send(schedule({ exceptDates: ['2026-05-01', '0000-02-29'] })) },
  { name: 'schedule edit: start date in year 0', send: () => t.http.put(`/api/schedules/${ids.schedule}`).set(u.auth).send(schedule({ startDate: '0000-01-01' })) },
  { name: 'plays report: from year 100', send: () => t.http.get('/api/reports/plays?from=0100-01-01&to=0100-01-02').set(u.auth) },
];

describe('a date outside 1970-9999', () => {
  it.each(cases)('$name → 400 with a Turkish message, nothing written', async ({ send, message = DATE_RANGE_MESSAGE }) => {
    const before = await dbFingerprint(t.ctx.db);
    const res = await send();
    expect({ status: res.status, body: ZErrorBody.parse(res.body) }).toMatchObject({
      status: 400, body: { code: 'VALIDATION_ERROR', message },
    });
    expect(await dbFingerprint(t.ctx.db)).toEqual(before);
  });
});
