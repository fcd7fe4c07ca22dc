import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, newCustomer, type TestApp } from '../../../test/harness.js';
import { makeMedia, makePlaylist, makeTicker } from '../screens/content.fixtures.js';

let t: TestApp;
beforeAll(async () => { t = await createTestApp(); });
afterAll(async () => { await t.close(); });

const PARALLEL = 10;

/** Each request answers 200 or a clean 409, never a 500. */
function expectOkOrConflict(statuses: number[]) {
  for (const s of statuses) expect([200, 409]).toContain(s);
  expect(statuses).toContain(200);
}

describe('parallel edits of one row', () => {
  it(`${PARALLEL} parallel PUT /api/playlists/{id}: each succeeds or gets 409; the items are exactly one request's`, async () => {
    const u = await newCustomer(t);
    const media = await Promise.all(Array.from({ length: 4 }, (_, i) => makeMedia(t, u.id, 'image', `M${i}`)));
    const playlist = await makePlaylist(t, u.id, [{ mediaId: media[0]!.id }]);
    // Request i: its own name and its own items (different lengths, orders and durations).
    const bodies = Array.from({ length: PARALLEL }, (_, i) => ({
      name: `Sürüm ${i}`,
      mediaItems: Array.from({ length: 1 + (i % 4) }, (_, k) => ({ media: media[(i + k) % 4]!.id, duration: 10 * i + k + 1 })),
    }));

    const responses = await Promise.all(bodies.map((b) => t.http.put(`/api/playlists/${playlist.id}`).set(u.auth).send(b)));
    expectOkOrConflict(responses.map((r) => r.status));
    for (const r of responses.filter((x) => x.status === 409)) expect(r.body.code).toBe('CONFLICT');

    const stored = await t.ctx.db.playlist.findUniqueOrThrow({
      where: { id: playlist.id }, include: { items: { orderBy: { position: 'asc' } } },
    });
    const winner = bodies.find((b) => b.name === stored.name)!;
    expect(winner).toBeDefined();
    expect(stored.items.map((i) => ({ media: i.mediaId, duration: i.duration }))).toEqual(winner.mediaItems);
    expect(stored.items.map((i) => i.position)).toEqual(winner.mediaItems.map((_, p) => p));
  });

  it(`${PARALLEL} parallel PUT /api/direction-playlists/{id}: each succeeds or gets 409; the texts are exactly one request's`, async () => {
    const u = await newCustomer(t);
    const ticker = await makeTicker(t, u.id, ['İlk']);
    const bodies = Array.from({ length: PARALLEL }, (_, i) => ({
      name: `Reji ${i}`,
      directions: Array.from({ length: 1 + (i % 3) }, (_, k) => ({ text: `Metin ${i}.${k}` })),
    }));

    const responses = await Promise.all(bodies.map((b) => t.http.put(`/api/direction-playlists/${ticker.id}`).set(u.auth).send(b)));
    expectOkOrConflict(responses.map((r) => r.status));

    const stored = await t.ctx.db.directionPlaylist.findUniqueOrThrow({
      where: { id: ticker.id }, include: { texts: { orderBy: { position: 'asc' } } },
    });
    const winner = bodies.find((b) => b.name === stored.name)!;
    expect(winner).toBeDefined();
    expect(stored.texts.map((x) => ({ text: x.text }))).toEqual(winner.directions);
    expect(stored.texts.map((x) => x.position)).toEqual(winner.directions.map((_, p) => p));
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
