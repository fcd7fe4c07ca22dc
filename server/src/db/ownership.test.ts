import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, newCustomer, type TestApp } from '../../test/harness.js';
import { makeMedia, makePlaylist, makeScreen } from '../modules/screens/content.fixtures.js';
import { allOwned, owns, stillOwned } from './ownership.js';

let t: TestApp;
beforeAll(async () => { t = await createTestApp(); });
afterAll(async () => { await t.close(); });

describe('ownership checks', () => {
  it("counts an id named twice once, and reads another customer's id or an unknown one as missing", async () => {
    const [a, b] = [await newCustomer(t), await newCustomer(t)];
    const [s1, s2] = [await makeScreen(t, a.id), await makeScreen(t, a.id)];
    const theirs = await makeScreen(t, b.id);
    expect(await allOwned(t.ctx.db, 'screen', a.id, [s1.id, s2.id, s1.id])).toBe(true);
    expect(await allOwned(t.ctx.db, 'screen', a.id, [s1.id, theirs.id])).toBe(false);
    expect(await allOwned(t.ctx.db, 'screen', a.id, [s1.id, randomUUID()])).toBe(false);
    expect(await allOwned(t.ctx.db, 'screen', a.id, [])).toBe(true);
    expect(await stillOwned(t.ctx.db, 'screen', a.id, [theirs.id, s2.id, s1.id])).toEqual([s2.id, s1.id]);
  });

  it('checks media and playlists by the same rule', async () => {
    const [a, b] = [await newCustomer(t), await newCustomer(t)];
    const media = await makeMedia(t, a.id);
    const playlist = await makePlaylist(t, a.id, [{ mediaId: media.id }], 'Lobi');
    expect(await owns(t.ctx.db, 'media', a.id, media.id)).toBe(true);
    expect(await owns(t.ctx.db, 'media', b.id, media.id)).toBe(false);
    expect(await owns(t.ctx.db, 'playlist', a.id, playlist.id)).toBe(true);
    expect(await owns(t.ctx.db, 'playlist', b.id, playlist.id)).toBe(false);
  });
});
