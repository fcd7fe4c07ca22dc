import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, newCustomer, type TestApp, type TestUser } from '../../test/harness.js';
import { makeMedia, makePlaylist, makeScreen } from '../modules/screens/content.fixtures.js';

/*
 * A UUID may be written in either case (RFC 9562); ids are stored in lower case, so the contract
 * reads them in lower case wherever a request names one (contract/src/common.ts ZId). A building
 * system that prints its ids in upper case must find the same rows, and nothing else.
 */

let t: TestApp;
let u: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  u = await newCustomer(t);
});
afterAll(async () => { await t.close(); });

describe('ids in upper case', () => {
  it('name the same rows in a path and in a body', async () => {
    const media = await makeMedia(t, u.id);
    const renamed = await t.http.put(`/api/media/${media.id.toUpperCase()}`).set(u.auth).send({ name: 'Yeni ad' });
    expect([renamed.status, renamed.body._id]).toEqual([200, media.id]);

    const made = await t.http.post('/api/playlists').set(u.auth).send({ name: 'Liste', mediaItems: [{ media: media.id.toUpperCase(), duration: 5 }] });
    expect(made.status).toBe(201);
    expect(made.body.mediaItems[0].media._id).toBe(media.id);

    const screen = await makeScreen(t, u.id);
    const assigned = await t.http.put(`/api/screens/${screen.id.toUpperCase()}`).set(u.auth).send({ currentPlaylist: { _id: made.body._id.toUpperCase() } });
    expect(assigned.status).toBe(200);
    expect((await t.ctx.db.screen.findUniqueOrThrow({ where: { id: screen.id } })).currentPlaylistId).toBe(made.body._id);
  });

  it("another customer's id stays 404 in any case", async () => {
    const other = await newCustomer(t);
    const playlist = await makePlaylist(t, other.id, [{ mediaId: (await makeMedia(t, other.id)).id }]);
    const res = await t.http.delete(`/api/playlists/${playlist.id.toUpperCase()}`).set(u.auth);
    expect(res.status).toBe(404);
    expect(await t.ctx.db.playlist.count({ where: { id: playlist.id } })).toBe(1);
  });
});
