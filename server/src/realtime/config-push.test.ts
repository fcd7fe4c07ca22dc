import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Server } from 'socket.io';
import { io as connectClient, type Socket } from 'socket.io-client';
import * as parser from 'socket.io-parser';
import type { ServerToClientEvents, TScreenConfig, TScreenConfigEvent } from '@pano/contract';
import type { BuiltScreenConfig } from '../modules/screens/screen-config-cache.js';
import { configPushOf, emitConfigPushLocally } from './config-push.js';
import { preEncoded, preEncodingParser } from './pre-encoded-parser.js';
import { screenRoom, type PanoServer } from './socket-types.js';

// Built as buildScreenConfigEntries does: the per-screen fields, then the shared body.
function built(screenId: string, screenName: string, shared: Omit<TScreenConfig, 'screenId' | 'screenName' | 'version'>): BuiltScreenConfig {
  const config: TScreenConfig = { screenId, screenName, version: `v-${screenId}`, ...shared };
  return { config, ownerId: 'owner', bodyJson: JSON.stringify(shared) };
}

const body = (name: string) => ({
  playlist: { _id: 'pl', name, mediaItems: [{ media: { _id: 'm', name: 'Açılış "video"', mediaType: 'Video' as const, type: 'video' as const, filePath: 'a.mp4', url: '/uploads/a.mp4', mimeType: 'video/mp4' }, duration: 7 }] },
  directionPlaylist: { _id: 'd', name: 'Reji', speed: 3, directions: [{ text: 'Hoş geldiniz — ünlü\nçift satır' }] },
  displaySettings: { showDirectionBar: true, backgroundColor: '#000000', barHeight: 60, textColor: '#ffffff', fontSize: 24 },
  notice: null,
});

describe('pre-encoding parser', () => {
  it('writes exactly what socket.io writes for the parsed value', () => {
    const event: TScreenConfigEvent = { screenId: 's1', version: 'v1', config: built('s1', 'Giriş', body('Liste')).config };
    const standard = new parser.Encoder().encode({ type: parser.PacketType.EVENT, nsp: '/', data: ['screen:config', event] });
    const ours = new preEncodingParser.Encoder().encode({ type: parser.PacketType.EVENT, nsp: '/', data: ['screen:config', preEncoded(JSON.stringify(event))] });
    expect(ours).toEqual(standard);
  });

  it('leaves every other packet to socket.io', () => {
    const packet = { type: parser.PacketType.EVENT, nsp: '/', id: 4, data: ['x', preEncoded('{}')] };
    expect(new preEncodingParser.Encoder().encode(packet)).toEqual(new parser.Encoder().encode(packet));
  });
});

describe('config push', () => {
  it('sends each body once and splices every screen event to its JSON.stringify', () => {
    const configs = new Map([['s1', built('s1', 'Giriş', body('A'))], ['s2', built('s2', 'Kafe', body('A'))], ['s3', built('s3', 'Bahçe', body('B'))]]);
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
      io = new Server(http, { parser: preEncodingParser, transports: ['websocket'] });
      io.on('connection', (socket) => { void socket.join(screenRoom(String(socket.handshake.auth.screenId))); });
      await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
      url = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
    });
    afterAll(async () => {
      for (const c of clients) c.disconnect();
      await io.close();
    });

    const connect = async (screenId: string) => {
      const c: Socket<ServerToClientEvents> = connectClient(url, { transports: ['websocket'], auth: { screenId }, forceNew: true });
      clients.push(c);
      await new Promise<void>((resolve, reject) => { c.once('connect', resolve); c.once('connect_error', reject); });
      return c;
    };

    it('delivers each screen its own config, parsed by the standard client, and nothing to others', async () => {
      const [a, b, other] = [await connect('s1'), await connect('s2'), await connect('s9')];
      const got = new Map<string, TScreenConfigEvent[]>([['s1', []], ['s2', []], ['s9', []]]);
      for (const [id, c] of [['s1', a], ['s2', b], ['s9', other]] as const) c.on('screen:config', (e) => got.get(id)!.push(e));
      const configs = new Map([['s1', built('s1', 'Giriş', body('A'))], ['s2', built('s2', 'Kafe', body('B'))], ['s3', built('s3', 'Bahçe', body('A'))]]);
      emitConfigPushLocally(io, configPushOf(configs));
      await expect.poll(() => got.get('s1')!.length + got.get('s2')!.length).toBe(2);
      await new Promise((r) => setTimeout(r, 100));
      expect(got.get('s1')).toEqual([{ screenId: 's1', version: 'v-s1', config: configs.get('s1')!.config }]);
      expect(got.get('s2')).toEqual([{ screenId: 's2', version: 'v-s2', config: configs.get('s2')!.config }]);
      expect(got.get('s9')).toEqual([]);
    });
  });
});
