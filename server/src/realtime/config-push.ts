import type { TScreenConfigEvent } from '@pano/contract';
import type { BuiltScreenConfig } from '../modules/screens/screen-config-cache.js';
import { configHeadJson } from '../modules/screens/screen-config-cache.js';
import { preEncoded } from './pre-encoded-parser.js';
import { screenRoom, type PanoServer } from './socket-types.js';

/**
 * One change's `screen:config` events, each distinct config body once (docs/PERFORMANCE.md,
 * P1/P9). `heads[i]` is screen i's event up to its config's per-screen fields; its event's JSON
 * is `heads[i]` + `,` + body without its `{` + `}`. Sent whole to the other instances (one Redis
 * message per change instead of one per screen), where each emits to its own sockets.
 */
export type ConfigPush = { bodies: string[]; screens: { room: string; head: string; body: number }[] };

export function configPushOf(built: Map<string, BuiltScreenConfig>): ConfigPush {
  const bodies: string[] = [];
  const bodyIndex = new Map<string, number>();
  const screens: ConfigPush['screens'] = [];
  for (const [screenId, b] of built) {
    let body = bodyIndex.get(b.bodyJson);
    if (body === undefined) {
      body = bodies.push(b.bodyJson.slice(1)) - 1;
      bodyIndex.set(b.bodyJson, body);
    }
    // Field order of TScreenConfigEvent: screenId, version, config.
    const head = `{"screenId":${JSON.stringify(screenId)},"version":${JSON.stringify(b.config.version)},"config":${configHeadJson(b.config)}`;
    screens.push({ room: screenRoom(screenId), head, body });
  }
  return { bodies, screens };
}

/** Emits each screen's event to the sockets of its room on this instance (rooms without any are skipped). */
export function emitConfigPushLocally(io: PanoServer, push: ConfigPush): void {
  const localRooms = io.of('/').adapter.rooms;
  for (const s of push.screens) {
    if (!localRooms.has(s.room)) continue;
    const event = preEncoded(`${s.head},${push.bodies[s.body]}}`);
    // Typed as the event's parsed value: the pre-encoding parser writes exactly its JSON.
    io.local.to(s.room).emit('screen:config', event as unknown as TScreenConfigEvent);
  }
}
