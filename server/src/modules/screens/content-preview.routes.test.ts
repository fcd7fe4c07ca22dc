import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DISPLAY_DEFAULTS, ZContentPreview } from '@pano/contract';
import { createTestApp, newCustomer, newUser, type TestApp, type TestUser } from '../../../test/harness.js';
import { makeMedia, makePlaylist, makeTicker } from './content.fixtures.js';

// docs/PRODUCT.md#layouts-api: the layout editor's live preview.
let t: TestApp;
beforeAll(async () => { t = await createTestApp(); });
afterAll(async () => { await t.close(); });

const preview = (u: TestUser, body: unknown) => t.http.post('/api/layouts/preview').set(u.auth).send(body as object);

describe('POST /api/layouts/preview', () => {
  it('answers the playlists and tickers named, in order, as a screen config carries them, with the ticker-bar look', async () => {
    const u = await newCustomer(t);
    const video = await makeMedia(t, u.id, 'video', 'Tanıtım');
    const image = await makeMedia(t, u.id, 'image', 'Menü');
    const lobby = await makePlaylist(t, u.id, [{ mediaId: video.id, duration: 12 }, { mediaId: image.id }], 'Lobi');
    const side = await makePlaylist(t, u.id, [{ mediaId: image.id, duration: 3 }], 'Yan');
    const ticker = await makeTicker(t, u.id, ['Hoş geldiniz', 'Ziyaret saatleri 14-16'], 4, 'Duyuru');
    await t.http.put('/api/settings').set(u.auth).send({ barHeight: 64 }).expect(200);

    const res = await preview(u, { playlists: [side.id, lobby.id, side.id], tickers: [ticker.id] });
    expect(res.status).toBe(200);
    const body = ZContentPreview.parse(res.body);
    expect(body.playlists.map((p) => [p._id, p.name, p.mediaItems.map((i) => [i.media.name, i.media.type, i.media.url, i.duration])])).toEqual([
      [side.id, 'Yan', [['Menü', 'image', `/uploads/${image.fileName}`, 3]]],
      [lobby.id, 'Lobi', [['Tanıtım', 'video', `/uploads/${video.fileName}`, 12], ['Menü', 'image', `/uploads/${image.fileName}`, 5]]],
    ]);
    expect(body.tickers).toEqual([{ _id: ticker.id, name: 'Duyuru', speed: 4, directions: [{ text: 'Hoş geldiniz' }, { text: 'Ziyaret saatleri 14-16' }] }]);
    expect(body.displaySettings).toEqual({ ...DISPLAY_DEFAULTS, barHeight: 64 });
  });

  it('an empty request answers nothing to play and the spec\'s default look', async () => {
    const u = await newCustomer(t);
    const res = await preview(u, {});
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ playlists: [], tickers: [], displaySettings: DISPLAY_DEFAULTS });
  });

  it('another customer\'s playlist or ticker, or an unknown id, is missing: 404 in Turkish', async () => {
    const u = await newCustomer(t);
    const other = await newCustomer(t);
    const own = await makePlaylist(t, u.id, [], 'Benim');
    const theirs = await makePlaylist(t, other.id, [{ mediaId: (await makeMedia(t, other.id)).id }], 'Onların');
    const theirTicker = await makeTicker(t, other.id, ['Gizli'], 3, 'Onların');
    for (const [body, message] of [
      [{ playlists: [own.id, theirs.id] }, 'Playlist bulunamadı'],
      [{ playlists: [randomUUID()] }, 'Playlist bulunamadı'],
      [{ tickers: [theirTicker.id] }, 'Reji playlisti bulunamadı'],
    ] as const) {
      const res = await preview(u, body);
      expect(res.status).toBe(404);
      expect(res.body.message).toBe(message);
      expect(JSON.stringify(res.body)).not.toContain('Gizli');
    }
  });

  it('refuses what is not a list of ids, and more than nine, in Turkish', async () => {
    const u = await newCustomer(t);
    const ten = Array.from({ length: 10 }, () => randomUUID());
    for (const [body, message] of [
      [{ playlists: ['x'] }, 'Geçersiz kimlik'],
      [{ playlists: 'abc' }, null],
      [{ playlists: ten }, 'En fazla 9 playlist önizlenebilir'],
      [{ tickers: ten }, 'En fazla 9 Reji playlisti önizlenebilir'],
      // A field it does not know is a mistake, not an empty preview.
      [{ a: { b: 1 } }, null],
    ] as const) {
      const res = await preview(u, body);
      expect(res.status).toBe(400);
      expect(res.body.message).toMatch(/[çğıöşüÇĞİÖŞÜ]|Geçersiz|En fazla/);
      if (message) expect(JSON.stringify(res.body)).toContain(message);
    }
  });

  it('401 without a token, 402 without a package', async () => {
    expect((await t.http.post('/api/layouts/preview').send({})).status).toBe(401);
    expect((await preview(await newUser(t), {})).status).toBe(402);
  });
});
