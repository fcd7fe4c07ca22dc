import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ZScreenConfigEvent } from '@pano/contract';
import { closeAllSockets, connectSocket, liveCustomer, pairedDevice, startLiveServer, type LiveServer } from './live-server.fixtures.js';

// `screen:config` is not emitted through socket.io's encoder: its text is spliced from the config
// cache's JSON (config-push.ts), both when a change is pushed and when a player connects. These
// read the packets' own text as it arrives and decode it with the contract, so a splice that
// drifts from ZScreenConfigEvent (a field lost, renamed or added, a broken join) fails here.
let s: LiveServer;
beforeAll(async () => { s = await startLiveServer({ PUBLIC_URL: 'https://pano.example' }); });
afterEach(() => closeAllSockets());
afterAll(async () => { await s.close(); });

const EVENT_PREFIX = '2["screen:config",';

describe('the spliced screen:config packets', () => {
  it('decode as ZScreenConfigEvent exactly, on connect and on a pushed change', async () => {
    const db = s.ctx.db;
    const a = await liveCustomer(s);
    const image = await db.media.create({
      data: { ownerId: a.id, name: 'Afiş "yaz"', kind: 'image', fileName: `${randomUUID()}.png`, mime: 'image/png', sizeBytes: 100n },
    });
    const playlist = await db.playlist.create({
      data: { ownerId: a.id, name: 'Lobi — Genel', items: { create: [{ mediaId: image.id, position: 0, duration: 7 }] } },
    });
    const ticker = await db.tickerPlaylist.create({
      data: { ownerId: a.id, name: 'Reji', speed: 3, texts: { create: [{ text: 'Hoş geldiniz\nçift satır', position: 0 }] } },
    });
    const screen = await db.screen.create({
      data: { ownerId: a.id, name: 'Giriş', currentPlaylistId: playlist.id, currentTickerPlaylistId: ticker.id },
    });
    // An active alert with an image rides in the per-screen head of the event.
    await s.api.post('/api/alerts').set(a.auth)
      .send({ title: 'Kod Mavi — "3. kat"', message: 'Çıkış solda', screens: [screen.id], mediaId: image.id }).expect(201);

    const device = await pairedDevice(s, a.id, screen.id);
    const packets: string[] = [];
    await connectSocket(s, { deviceToken: device.token, screenId: screen.id, version: null }, (socket) => {
      socket.io.on('open', () => socket.io.engine.on('packet', ({ data }) => {
        if (typeof data === 'string' && data.startsWith(EVENT_PREFIX)) packets.push(data);
      }));
    });
    // The config a player gets at once on connecting (sendConfigOnConnect).
    await expect.poll(() => packets.length).toBe(1);
    await s.api.put(`/api/playlists/${playlist.id}`).set(a.auth).send({ name: 'Lobi — Akşam', mediaItems: [{ media: image.id, duration: 9 }] }).expect(200);
    // The pushed change (emitConfigPushLocally's pre-encoded frame).
    await expect.poll(() => packets.length).toBe(2);

    const events = packets.map((text) => {
      const [name, event, ...rest] = JSON.parse(text.slice(1)) as unknown[];
      expect([name, rest]).toEqual(['screen:config', []]);
      // Parsing strips what the schema does not know, so equality means nothing more and nothing less.
      expect(ZScreenConfigEvent.parse(event)).toEqual(event);
      return ZScreenConfigEvent.parse(event);
    });
    expect(events.map((e) => [e.screenId, e.version === e.config.version, e.config.playlist?.name, e.config.alerts.length]))
      .toEqual([[screen.id, true, 'Lobi — Genel', 1], [screen.id, true, 'Lobi — Akşam', 1]]);
    expect(events[1]!.config.alerts[0]).toMatchObject({ title: 'Kod Mavi — "3. kat"', imageUrl: expect.stringContaining('https://pano.example/uploads/') });
    expect(events[1]!.config.directionPlaylist?.directions).toEqual([{ text: 'Hoş geldiniz\nçift satır' }]);
  });
});
