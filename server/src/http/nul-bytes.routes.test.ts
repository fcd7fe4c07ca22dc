import type supertest from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZErrorBody } from '@pano/contract';
import { createTestApp, newCustomer, type TestApp, type TestUser } from '../../test/harness.js';
import { dbFingerprint } from '../../test/db-fingerprint.js';
import { makeMedia, makePlaylist, makeScreen, makeTicker } from '../modules/screens/content.fixtures.js';
import { tinyPng } from '../storage/testing/sample-files.js';

// A database of its own: "nothing written" is checked over every row of every table.
let t: TestApp;
let u: TestUser;
let ids: { media: string; playlist: string; ticker: string; screen: string; mobileCode: string };
beforeAll(async () => {
  t = await createTestApp({ ownDatabase: true });
  u = await newCustomer(t);
  const media = await makeMedia(t, u.id);
  const purchase = await t.ctx.db.purchase.findFirstOrThrow({ where: { userId: u.id } });
  ids = {
    media: media.id,
    playlist: (await makePlaylist(t, u.id, [{ mediaId: media.id }])).id,
    ticker: (await makeTicker(t, u.id, ['Hoş geldiniz'])).id,
    screen: (await makeScreen(t, u.id)).id,
    mobileCode: purchase.mobileCode!,
  };
});
afterAll(async () => { await t.close(); });

const NUL = 'a\u0000b';

/** Every text field that reaches a text column (or a query on one), each carrying a NUL byte. */
const cases: { name: string; send: () => supertest.Test }[] = [
  { name: 'register: first name', send: () => t.http.post('/api/auth/register').send({ email: 'nul-ad@test.pano', password: 'secret123', firstName: NUL }) },
  { name: 'register: last name', send: () => t.http.post('/api/auth/register').send({ email: 'nul-soyad@test.pano', password: 'secret123', lastName: NUL }) },
  { name: 'login: e-mail', send: () => t.http.post('/api/auth/login').send({ email: `x${NUL}@test.pano`, password: 'secret123' }) },
  { name: 'pairing: mobile code', send: () => t.http.post('/api/devices/pair').send({ mobileCode: `AB${NUL}CD` }) },
  { name: 'pairing: device name', send: () => t.http.post('/api/devices/pair').send({ mobileCode: ids.mobileCode, name: NUL }) },
  { name: 'media upload: name', send: () => t.http.post('/api/media/upload').set(u.auth).field('name', NUL).attach('file', tinyPng(), 'x.png') },
  { name: 'playlist create: name', send: () => t.http.post('/api/playlists').set(u.auth).send({ name: NUL, mediaItems: [{ media: ids.media }] }) },
  { name: 'playlist edit: name', send: () => t.http.put(`/api/playlists/${ids.playlist}`).set(u.auth).send({ name: NUL, mediaItems: [{ media: ids.media }] }) },
  { name: 'screen create: name', send: () => t.http.post('/api/screens').set(u.auth).send({ name: NUL }) },
  { name: 'screen edit: name', send: () => t.http.put(`/api/screens/${ids.screen}`).set(u.auth).send({ name: NUL }) },
  { name: 'ticker create: name', send: () => t.http.post('/api/direction-playlists').set(u.auth).send({ name: NUL, directions: [{ text: 'x' }] }) },
  { name: 'ticker create: text', send: () => t.http.post('/api/direction-playlists').set(u.auth).send({ name: 'Reji', directions: [{ text: NUL }] }) },
  { name: 'ticker edit: name', send: () => t.http.put(`/api/direction-playlists/${ids.ticker}`).set(u.auth).send({ name: NUL }) },
  { name: 'ticker edit: text', send: () => t.http.put(`/api/direction-playlists/${ids.ticker}`).set(u.auth).send({ directions: [{ text: NUL }] }) },
  { name: 'payment: intent id', send: () => t.http.post('/api/purchase/complete-payment').set(u.auth).send({ paymentIntentId: NUL }) },
  { name: 'display settings: colour', send: () => t.http.put('/api/settings').set(u.auth).send({ textColor: `red${NUL}` }) },
];

describe('a NUL byte in a text field', () => {
  it.each(cases)('$name → 400 with a Turkish message, nothing written', async ({ send }) => {
    const before = await dbFingerprint(t.ctx.db);
    const res = await send();
    expect(res.status).toBe(400);
    const body = ZErrorBody.parse(res.body);
    expect(body.code).toBe('VALIDATION_ERROR');
    expect(body.message).toBe('Metin geçersiz bir karakter (NUL) içeriyor');
    expect(await dbFingerprint(t.ctx.db)).toEqual(before);
  });
});
