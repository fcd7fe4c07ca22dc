import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Server } from 'socket.io';
import { io as connectClient, type Socket } from 'socket.io-client';
import type { ServerToClientEvents, TConfigAlert, TScreenConfig, TScreenConfigEvent } from '@pano/contract';
import type { BuiltScreenConfig } from '../modules/screens/screen-config-cache.js';
import { configPushOf, emitConfigPushLocally, textFrameHeader } from './config-push.js';
import { screenRoom, type PanoServer } from '../sockets/socket-types.js';

// Built as buildScreenConfigEntries does: the per-screen fields (alerts among them), then the shared body.
function built(
  screenId: string, screenName: string, shared: Omit<TScreenConfig, 'screenId' | 'screenName' | 'version' | 'alerts'>, alerts: TConfigAlert[] = [],
): BuiltScreenConfig {
  const config: TScreenConfig = { screenId, screenName, version: `v-${screenId}`, alerts, ...shared };
  return { config, ownerId: 'owner', bodyJson: JSON.stringify(shared) };
}

const body = (name: string) => ({
  playlist: { _id: 'pl', name, mediaItems: [{ media: { _id: 'm', name: 'Açılış "video"', mediaType: 'Video' as const, type: 'video' as const, filePath: 'a.mp4', url: '/uploads/a.mp4', mimeType: 'video/mp4' }, duration: 7 }] },
  directionPlaylist: { _id: 'd', name: 'Reji', speed: 3, directions: [{ text: 'Hoş geldiniz — ünlü\nçift satır' }] },
  displaySettings: { showDirectionBar: true, backgroundColor: '#000000', barHeight: 60, textColor: '#ffffff', fontSize: 24 },
  notice: null,
  schedule: { timezone: 'Europe/Istanbul', entries: [], playlists: [], tickers: [] },
});

describe('websocket frame header', () => {
  it('encodes the three payload length forms of RFC 6455', () => {
    expect([...textFrameHeader(125)]).toEqual([0x81, 125]);
    expect([...textFrameHeader(126)]).toEqual([0x81, 126, 0, 126]);
    expect([...textFrameHeader(65_535)]).toEqual([0x81, 126, 0xff, 0xff]);
    expect([...textFrameHeader(65_536)]).toEqual([0x81, 127, 0, 0, 0, 0, 0, 1, 0, 0]);
  });
});

describe('config push', () => {
  it('sends each body once and splices every screen event to its JSON.stringify', () => {
    const alert: TConfigAlert = {
      _id: 'a1', title: 'Kod Mavi — "3. kat"', message: 'Çıkış\nsolda', background: '#b91c1c', textColor: '#fff', imageUrl: null,
      sound: true, startedAt: '2026-05-04T10:00:00.000Z', endsAt: null,
    };
    const configs = new Map([['s1', built('s1', 'Giriş', body('A'))], ['s2', built('s2', 'Kafe', body('A'), [alert])], ['s3', built('s3', 'Bahçe', body('B'))]]);
    // Same content, same body text (as buildScreenConfigEntries shares it).
    configs.get('s2')!.bodyJson = configs.get('s1')!.bodyJson;
    const push = configPushOf(configs);
    expect(push.bodies).toHaveLength(2);
    for (const [i, [screenId, b]] of [...configs].entries()) {
      const s = push.screens[i]!;
      expect(s.room).toBe(screenRoom(screenId));
      expect(`${s.head},${push.bodies[s.body]}}`).toBe(JSON.stringify({ screenId, version: b.config.version, config: b.config }));
    }
  });

  describe('over a real socket.io connection', () => {
    let io: PanoServer;
    let url: string;
    const clients: Socket<ServerToClientEvents>[] = [];
    beforeAll(async () => {
      const http = createServer();
      io = new Server(http, { transports: ['websocket', 'polling'], perMessageDeflate: false });
      io.on('connection', (socket) => { void socket.join(screenRoom(String(socket.handshake.auth.screenId))); });
      await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
      url = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
    });
    afterAll(async () => {
      for (const c of clients) c.disconnect();
      await io.close();
    });

    const connect = async (screenId: string, transport: 'websocket' | 'polling' = 'websocket') => {
      const c: Socket<ServerToClientEvents> = connectClient(url, { transports: [transport], auth: { screenId }, forceNew: true });
      clients.push(c);
      await new Promise<void>((resolve, reject) => { c.once('connect', resolve); c.once('connect_error', reject); });
      return c;
    };

    it('delivers each screen its own config to every socket of its room (websocket frames and polling), and nothing to others', async () => {
      const sockets = { s1: await connect('s1'), s1b: await connect('s1', 'polling'), s2: await connect('s2'), s9: await connect('s9') };
      const got = Object.fromEntries(Object.keys(sockets).map((k) => [k, [] as TScreenConfigEvent[]]));
      for (const [k, c] of Object.entries(sockets)) c.on('screen:config', (e) => got[k]!.push(e));
      // s1 and s3 share a body; a large playlist makes s2's frame use the 64-bit length form.
      const big = body('B');
      big.playlist.mediaItems = Array.from({ length: 400 }, () => big.playlist.mediaItems[0]!);
      const configs = new Map([['s1', built('s1', 'Giriş', body('A'))], ['s2', built('s2', 'Kafe', big)], ['s3', built('s3', 'Bahçe', body('A'))]]);
      configs.get('s3')!.bodyJson = configs.get('s1')!.bodyJson;
      emitConfigPushLocally(io, configPushOf(configs));
      await expect.poll(() => got.s1!.length + got.s1b!.length + got.s2!.length).toBe(3);
      // Then a push to every room, s9's too: a socket gets its events in order, so once each has
      // this one, nothing more of the first push is on its way to it.
      const later = new Map(['s1', 's2', 's9'].map((id) => [id, built(id, 'Sonra', body('C'))]));
      emitConfigPushLocally(io, configPushOf(later));
      await expect.poll(() => Object.values(got).map((events) => events.at(-1)?.config.screenName)).toEqual(['Sonra', 'Sonra', 'Sonra', 'Sonra']);
      const event = (id: string) => ({ screenId: id, version: `v-${id}`, config: configs.get(id)!.config });
      const first = (events: TScreenConfigEvent[]) => events.slice(0, -1);
      expect(first(got.s1!)).toEqual([event('s1')]);
      expect(first(got.s1b!)).toEqual([event('s1')]);
      expect(first(got.s2!)).toEqual([event('s2')]);
      expect(first(got.s9!)).toEqual([]);
    });
  });
});
