import type { BuiltScreenConfig } from '../modules/screens/screen-config-cache.js';
import { configHeadJson } from '../modules/screens/screen-config-cache.js';
import type { ScreenConfigReader } from './screen-config-reader.js';
import { screenRoom, type ConfigPush, type PanoServer, type PanoSocket } from '../sockets/socket-types.js';

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

/** socket.io's event packet `2["screen:config",…]` starts with this; engine.io's message type `4` goes before it. */
const EVENT_PREFIX = '2["screen:config",';

/**
 * Writes each screen's event to the sockets of its room on this instance (rooms without any
 * are skipped). The bytes are what `socket.emit('screen:config', event)` would send, but made
 * without JSON.stringify-ing and UTF-8-encoding a ~6 KB config per screen: a websocket frame is
 * the frame header and the screen's head (small, per screen) followed by the body's bytes,
 * encoded once per distinct body and shared by every frame (engine.io's `wsPreEncodedFrame`,
 * the option socket.io's own adapter uses for broadcasts). Any other transport gets the packet
 * text, which engine.io encodes as usual.
 */
export function emitConfigPushLocally(io: PanoServer, push: ConfigPush): void {
  const nsp = io.of('/');
  const bodyBytes: Buffer[] = [];
  for (const s of push.screens) {
    const ids = nsp.adapter.rooms.get(s.room);
    if (!ids?.size) continue;
    const body = push.bodies[s.body]!;
    const tail = (bodyBytes[s.body] ??= Buffer.from(`${body}}]`));
    const lead = Buffer.from(`4${EVENT_PREFIX}${s.head},`);
    const frame = [Buffer.concat([textFrameHeader(lead.length + tail.length), lead]), tail];
    const packet = `${EVENT_PREFIX}${s.head},${body}}]`;
    for (const id of ids) nsp.sockets.get(id)?.conn.write(packet, { wsPreEncodedFrame: frame } as { compress?: boolean });
  }
}

/** RFC 6455 §5.2: the header of a final, unmasked (server to client) text frame of `length` bytes. */
export function textFrameHeader(length: number): Buffer {
  if (length < 126) return Buffer.from([0x81, length]);
  if (length < 65_536) {
    const header = Buffer.from([0x81, 126, 0, 0]);
    header.writeUInt16BE(length, 2);
    return header;
  }
  const header = Buffer.from([0x81, 127, 0, 0, 0, 0, 0, 0, 0, 0]);
  header.writeBigUInt64BE(BigInt(length), 2);
  return header;
}

/**
 * docs/PERFORMANCE.md (P4): a player or preview that (re)connects gets its screen's config on
 * the socket at once, or `screen:current` when the version its handshake named is still the
 * current one, so a fleet coming back after an API restart needs no HTTP fetch per screen (the
 * player fetches only when neither arrives). The packet is the one
 * `socket.emit('screen:config', event)` would send, made from the config cache's JSON.
 */
export async function sendConfigOnConnect(configs: Pick<ScreenConfigReader, 'readLatest'>, socket: PanoSocket, shown: string | null): Promise<void> {
  const { screenId, ownerId } = socket.data;
  if (!screenId) return;
  const answer = await configs.readLatest(screenId);
  // Deleted meanwhile, or (never, the handshake checked it) another owner's: its fetch says 404.
  if (!answer || answer.ownerId !== ownerId || socket.disconnected) return;
  if (answer.version === shown) return void socket.emit('screen:current', { screenId, version: answer.version });
  socket.conn.write(`${EVENT_PREFIX}{"screenId":${JSON.stringify(screenId)},"version":${JSON.stringify(answer.version)},"config":${answer.json()}}]`);
}

/**
 * The version a handshake says its screen shows (null: none yet), or undefined when it says
 * nothing: a client that does not name a version fetches its config itself and gets none here.
 */
export const shownVersionOf = (auth: unknown): string | null | undefined => {
  if (!auth || typeof auth !== 'object' || !('version' in auth)) return undefined;
  const { version } = auth as { version: unknown };
  return typeof version === 'string' && version.length <= 200 ? version : null;
};
