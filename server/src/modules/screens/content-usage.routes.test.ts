import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZAssignedUsage, ZMediaUsage, ZScreenUsage } from '@pano/contract';
import { createTestApp, newCustomer, type TestApp, type TestUser } from '../../../test/harness.js';
import { makeMedia, makePlaylist, makeScreen, makeTicker } from './content.fixtures.js';

let t: TestApp;
beforeAll(async () => { t = await createTestApp(); });
afterAll(async () => { await t.close(); });

const usage = (u: TestUser, path: string) => t.http.get(path).set(u.auth);
const ref = (row: { id: string; name: string }) => ({ _id: row.id, name: row.name });

/** Another customer asking about these ids gets 404, as for any other call on them. */
async function expectHiddenFrom(paths: string[]) {
  const stranger = await newCustomer(t);
  for (const path of paths) {
    const res = await usage(stranger, path);
    expect(res.status, path).toBe(404);
    expect(res.body.code).toBe('NOT_FOUND');
  }
}

describe('GET /api/media/{id}/usage', () => {
  it('names the playlists holding the media (alphabetically) and the screens showing one of them', async () => {
    const u = await newCustomer(t);
    const logo = await makeMedia(t, u.id, 'image', 'Logo');
    const other = await makeMedia(t, u.id, 'image', 'Afiş');
    const lobi = await makePlaylist(t, u.id, [{ mediaId: logo.id }, { mediaId: other.id }], 'Lobi');
    const kafe = await makePlaylist(t, u.id, [{ mediaId: logo.id }], 'Kafeterya');
    await makePlaylist(t, u.id, [{ mediaId: other.id }], 'Otopark');
    const giris = await makeScreen(t, u.id, { name: 'Giriş', currentPlaylistId: lobi.id });
    await makeScreen(t, u.id, { name: 'Boş' });

    const res = await usage(u, `/api/media/${logo.id}/usage`);
    expect(res.status).toBe(200);
    expect(ZMediaUsage.parse(res.body)).toEqual({ playlists: [ref(kafe), ref(lobi)], screens: [ref(giris)] });

    const unused = await makeMedia(t, u.id, 'image', 'Yeni');
    expect((await usage(u, `/api/media/${unused.id}/usage`)).body).toEqual({ playlists: [], screens: [] });
    await expectHiddenFrom([`/api/media/${logo.id}/usage`]);
  });
});

describe('GET /api/playlists/{id}/usage and /api/direction-playlists/{id}/usage', () => {
  it('name the screens each is assigned to', async () => {
    const u = await newCustomer(t);
    const m = await makeMedia(t, u.id);
    const lobi = await makePlaylist(t, u.id, [{ mediaId: m.id }], 'Lobi');
    const idle = await makePlaylist(t, u.id, [{ mediaId: m.id }], 'Yedek');
    const ticker = await makeTicker(t, u.id, ['Hoş geldiniz'], 3, 'Duyurular');
    const kasa = await makeScreen(t, u.id, { name: 'Kasa', currentPlaylistId: lobi.id, currentTickerPlaylistId: ticker.id });
    const giris = await makeScreen(t, u.id, { name: 'Giriş', currentPlaylistId: lobi.id });

    const playlist = await usage(u, `/api/playlists/${lobi.id}/usage`);
    expect(playlist.status).toBe(200);
    expect(ZAssignedUsage.parse(playlist.body)).toEqual({ screens: [ref(giris), ref(kasa)], schedules: [], layouts: [] });
    expect((await usage(u, `/api/playlists/${idle.id}/usage`)).body).toEqual({ screens: [], schedules: [], layouts: [] });
    const tick = await usage(u, `/api/direction-playlists/${ticker.id}/usage`);
    expect(tick.status).toBe(200);
    expect(ZAssignedUsage.parse(tick.body)).toEqual({ screens: [ref(kasa)], schedules: [], layouts: [] });

    await expectHiddenFrom([`/api/playlists/${lobi.id}/usage`, `/api/direction-playlists/${ticker.id}/usage`]);
  });
});

describe('GET /api/screens/{id}/usage', () => {
  it('counts the paired devices showing the screen, not revoked ones or other screens', async () => {
    const u = await newCustomer(t);
    const lobi = await makeScreen(t, u.id, { name: 'Lobi' });
    const kasa = await makeScreen(t, u.id, { name: 'Kasa' });
    await t.ctx.db.device.createMany({
      data: [
        { ownerId: u.id, screenId: lobi.id },
        { ownerId: u.id, screenId: lobi.id },
        { ownerId: u.id, screenId: lobi.id, revokedAt: new Date() },
        { ownerId: u.id, screenId: null },
      ],
    });

    const res = await usage(u, `/api/screens/${lobi.id}/usage`);
    expect(res.status).toBe(200);
    expect(ZScreenUsage.parse(res.body)).toEqual({ devices: 2, groups: [], schedules: [] });
    expect((await usage(u, `/api/screens/${kasa.id}/usage`)).body).toEqual({ devices: 0, groups: [], schedules: [] });
    await expectHiddenFrom([`/api/screens/${lobi.id}/usage`]);
  });

  it('answers a malformed id with 400 in Turkish', async () => {
    const u = await newCustomer(t);
    const res = await usage(u, '/api/screens/not-an-id/usage');
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Geçersiz kimlik');
  });
});
