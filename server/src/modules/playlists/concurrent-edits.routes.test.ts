import supertest from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../app.js';
import { openDatabase, type Database } from '../../db/client.js';
import { createTestApp, newCustomer, type TestApp } from '../../../test/harness.js';
import { makeLayout, makeMedia, makePlaylist, makeScreen, makeTicker } from '../screens/content.fixtures.js';

let t: TestApp;
// The edits go through an app with a production-sized pool (DATABASE_POOL_MAX's default),
// so all ten transactions run at once and meet at the row lock, not in the pool's queue.
let wide: { database: Database; http: supertest.Agent };
beforeAll(async () => {
  t = await createTestApp();
  const database = await openDatabase({ databaseUrl: t.ctx.config.databaseUrl, dataDir: t.dataDir, poolMax: 10 });
  wide = { database, http: supertest(createApp({ ...t.ctx, db: database.db })) };
});
afterAll(async () => {
  await wide.database.close();
  await t.close();
});

const PARALLEL = 10;

/**
 * With the row lock the edits run one after another, so each succeeds; only a wait longer
 * than the lock's limit may end in the "being edited" 409. Without it they collide on the
 * (playlistId, position) key: a 500, or the "changed at the same time" 409.
 */
function expectSerialised(responses: { status: number; body: { message?: string } }[]) {
  for (const r of responses) {
    if (r.status === 200) continue;
    expect({ status: r.status, body: r.body }).toEqual({
      status: 409, body: { code: 'CONFLICT', message: 'Bu kayıt şu anda başka bir istekle düzenleniyor, lütfen biraz sonra tekrar deneyin' },
    });
  }
  expect(responses.map((r) => r.status)).toContain(200);
}

describe('parallel edits of one row', () => {
  it(`${PARALLEL} parallel PUT /api/playlists/{id}: each succeeds (or waits too long: 409); the items are exactly one request's`, async () => {
    const u = await newCustomer(t);
    const media = await Promise.all(Array.from({ length: 4 }, (_, i) => makeMedia(t, u.id, 'image', `M${i}`)));
    const playlist = await makePlaylist(t, u.id, [{ mediaId: media[0]!.id }]);
    // Request i: its own name and its own items (different lengths, orders and durations).
    const bodies = Array.from({ length: PARALLEL }, (_, i) => ({
      name: `Sürüm ${i}`,
      mediaItems: Array.from({ length: 1 + (i % 4) }, (_, k) => ({ media: media[(i + k) % 4]!.id, duration: 10 * i + k + 1 })),
    }));

    const responses = await Promise.all(bodies.map((b) => wide.http.put(`/api/playlists/${playlist.id}`).set(u.auth).send(b)));
    expectSerialised(responses);

    const stored = await t.ctx.db.playlist.findUniqueOrThrow({
      where: { id: playlist.id }, include: { items: { orderBy: { position: 'asc' } } },
    });
    const winner = bodies.find((b) => b.name === stored.name)!;
    expect(winner).toBeDefined();
    expect(stored.items.map((i) => ({ media: i.mediaId, duration: i.duration }))).toEqual(winner.mediaItems);
    expect(stored.items.map((i) => i.position)).toEqual(winner.mediaItems.map((_, p) => p));
  });

  it(`${PARALLEL} parallel PUT /api/direction-playlists/{id}: each succeeds (or waits too long: 409); the texts are exactly one request's`, async () => {
    const u = await newCustomer(t);
    const ticker = await makeTicker(t, u.id, ['İlk']);
    const bodies = Array.from({ length: PARALLEL }, (_, i) => ({
      name: `Reji ${i}`,
      directions: Array.from({ length: 1 + (i % 3) }, (_, k) => ({ text: `Metin ${i}.${k}` })),
    }));

    const responses = await Promise.all(bodies.map((b) => wide.http.put(`/api/direction-playlists/${ticker.id}`).set(u.auth).send(b)));
    expectSerialised(responses);

    const stored = await t.ctx.db.tickerPlaylist.findUniqueOrThrow({
      where: { id: ticker.id }, include: { texts: { orderBy: { position: 'asc' } } },
    });
    const winner = bodies.find((b) => b.name === stored.name)!;
    expect(winner).toBeDefined();
    expect(stored.texts.map((x) => ({ text: x.text }))).toEqual(winner.directions);
    expect(stored.texts.map((x) => x.position)).toEqual(winner.directions.map((_, p) => p));
  });

  it(`${PARALLEL} parallel PUT /api/layouts/{id}: each succeeds (or waits too long: 409); the zones are exactly one request's`, async () => {
    const u = await newCustomer(t);
    const layout = await makeLayout(t, u.id, [{}]);
    const bodies = Array.from({ length: PARALLEL }, (_, i) => ({
      name: `Yerleşim ${i}`,
      zones: Array.from({ length: 1 + (i % 4) }, (_, k) => ({ name: `Bölge ${i}.${k}`, x: k * 10, y: 0, width: 10, height: 10 + i })),
    }));

    const responses = await Promise.all(bodies.map((b) => wide.http.put(`/api/layouts/${layout.id}`).set(u.auth).send(b)));
    expectSerialised(responses);

    const stored = await t.ctx.db.layout.findUniqueOrThrow({ where: { id: layout.id }, include: { zones: { orderBy: { position: 'asc' } } } });
    const winner = bodies.find((b) => b.name === stored.name)!;
    expect(winner).toBeDefined();
    expect(stored.zones.map((z) => ({ name: z.name, x: z.x, y: z.y, width: z.width, height: z.height }))).toEqual(winner.zones);
  });

  it('a layout is never deleted under a screen being given it: each pair ends shown (delete 409) or gone (assignment 404)', async () => {
    const u = await newCustomer(t);
    for (let round = 0; round < 5; round++) {
      const layout = await makeLayout(t, u.id, [{}]);
      const screen = await makeScreen(t, u.id);
      const [assign, del] = await Promise.all([
        wide.http.put(`/api/screens/${screen.id}`).set(u.auth).send({ currentLayout: layout.id }),
        wide.http.delete(`/api/layouts/${layout.id}`).set(u.auth),
      ]);
      const shown = (await t.ctx.db.screen.findUniqueOrThrow({ where: { id: screen.id } })).currentLayoutId;
      if (del.status === 200) {
        expect([assign.status, assign.body.message, shown]).toEqual([404, 'Yerleşim bulunamadı', null]);
      } else {
        expect([del.status, assign.status, shown]).toEqual([409, 200, layout.id]);
      }
    }
  });

  it('an edit waiting on a playlist that a parallel request deletes answers 404, not 500', async () => {
    const u = await newCustomer(t);
    const m = await makeMedia(t, u.id);
    const playlist = await makePlaylist(t, u.id, [{ mediaId: m.id }]);
    const [edit, del] = await Promise.all([
      t.http.put(`/api/playlists/${playlist.id}`).set(u.auth).send({ name: 'Yeni', mediaItems: [{ media: m.id }, { media: m.id }] }),
      t.http.delete(`/api/playlists/${playlist.id}`).set(u.auth),
    ]);
    expect(del.status).toBe(200);
    expect([200, 404]).toContain(edit.status);
    expect(await t.ctx.db.playlistItem.count({ where: { playlistId: playlist.id } })).toBe(0);
  });
});
