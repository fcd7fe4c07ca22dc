import type { Server, Socket } from 'socket.io';
import type { ClientToServerEvents, ServerToClientEvents } from '@pano/contract';
import type { ConfigInvalidation } from '../modules/screens/screen-config-cache.js';
import type { ConfigPush } from './config-push.js';

/**
 * What the handshake established about a socket. `fetchSockets()` returns this for sockets
 * on every instance (through the Redis adapter), which is how presence counts players.
 */
export type SocketData = {
  /** player: a paired device showing a screen; preview: a user watching one; dashboard: a user's live status. */
  role: 'player' | 'preview' | 'dashboard';
  ownerId: string;
  screenId: string | null;
  deviceId: string | null;
  /** The screen the device row names (the customer may have moved it); null for users. */
  deviceScreenId: string | null;
  /** The config version the player last reported (player:hello). */
  version: string | null;
};

/** Between API instances (and the worker), through the Redis adapter's serverSideEmit. */
export type InterServerEvents = {
  /** Drop these cached screen configs: they changed (screen-config-cache.ts). */
  'config:invalidate': (what: ConfigInvalidation) => void;
  /** Emit these configs to this instance's sockets (config-push.ts). */
  'config:push': (push: ConfigPush) => void;
  /** These devices were revoked: refuse them from this instance's device cache (device-lookup-cache.ts). */
  'device:revoked': (deviceIds: string[]) => void;
};

export type PanoServer = Server<ClientToServerEvents, ServerToClientEvents, InterServerEvents, SocketData>;
export type PanoSocket = Socket<ClientToServerEvents, ServerToClientEvents, InterServerEvents, SocketData>;

export const screenRoom = (screenId: string) => `screen:${screenId}`;
export const userRoom = (userId: string) => `user:${userId}`;
/** Every socket of one paired device, whichever screen it shows: revoking the device empties it. */
export const deviceRoom = (deviceId: string) => `device:${deviceId}`;
/** Every dashboard and preview socket of one user: logging out empties it. */
export const accountRoom = (userId: string) => `account:${userId}`;
