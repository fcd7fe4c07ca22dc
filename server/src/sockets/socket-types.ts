import type { Server, Socket } from 'socket.io';
import type { ClientToServerEvents, ServerToClientEvents } from '@pano/contract';

/*
 * The socket.io types every layer shares (docs/MODULES.md#socket-events): the realtime layer
 * serves with them, and each module's *.socket.ts handles its incoming events with them. Below
 * both, so neither depends on the other through them.
 */

/** Cached configs to drop: these screens', or every screen of one owner (modules/screens/screen-config-cache.ts). */
export type ConfigInvalidation = { screenIds: string[] } | { ownerId: string };

/**
 * What the handshake established about a socket. `fetchSockets()` returns this for sockets
 * on every instance (through the Redis adapter), which is how presence counts players.
 */
export type SocketData = {
  /**
   * player: a paired device showing the screen its row names; device: a paired device asking for
   * another screen or none (moved while away): it speaks for no screen and is only told where it
   * belongs; preview: a user watching a screen; dashboard: a user's live status.
   */
  role: 'player' | 'device' | 'preview' | 'dashboard';
  /** The account it belongs to; null only for the dashboard of a person in no account. */
  ownerId: string | null;
  /** The person behind a dashboard or preview; null for devices. */
  userId: string | null;
  /** The screen it speaks for (player) or watches (preview); null for the rest. */
  screenId: string | null;
  deviceId: string | null;
  /** The screen the device row names (the customer may have moved it); null for users. */
  deviceScreenId: string | null;
  /** The config version the player last reported (player:hello). */
  version: string | null;
  /**
   * A dashboard of a member limited to screen groups: the screens whose events it hears, as they
   * were when it connected (a team change then moves its rooms, not this field); null for every
   * screen of the account (docs/architecture/accounts.md).
   */
  watchedScreens?: string[] | null;
  /** The sign-in behind a dashboard or preview (its token's `sid`), when the token names one. */
  signInId?: string | null;
};

/**
 * One change's `screen:config` events, each distinct config body once (docs/PERFORMANCE.md,
 * P1/P9). `heads[i]` is screen i's event up to its config's per-screen fields; its event's JSON
 * is `heads[i]` + `,` + `bodies[body]` + `}` (a body is its JSON without the leading `{`). Sent
 * whole to the other instances (one Redis message per change instead of one per screen),
 * where each writes to its own sockets (config-push.ts).
 */
export type ConfigPush = { bodies: string[]; screens: { room: string; head: string; body: number }[] };

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
/** Every dashboard socket of one account: its content's and its alerts' events (media progress, alert changes). */
export const ownerRoom = (accountId: string) => `owner:${accountId}`;
/** The dashboards of an account's members who see every screen: every screen's events. */
export const allScreensRoom = (accountId: string) => `screens:${accountId}`;
/** The dashboards of members limited to screen groups that include this screen: its events only. */
export const screenWatchRoom = (screenId: string) => `watch:${screenId}`;
/** Every socket of one paired device, whichever screen it shows: revoking the device empties it. */
export const deviceRoom = (deviceId: string) => `device:${deviceId}`;
/** Every dashboard and preview socket of one person: logging out or leaving the account empties it. */
export const sessionRoom = (userId: string) => `session:${userId}`;
/** The sockets of one sign-in (a user token's `sid`, docs/architecture/sessions.md). */
export const signInRoom = (sessionId: string) => `signin:${sessionId}`;
/** Every dashboard and preview socket of one person in one account: a role change is told there, a removal empties it. */
export const memberRoom = (accountId: string, userId: string) => `member:${accountId}:${userId}`;

/**
 * What the socket server hands a module's incoming-event handlers: `track` keeps the work an
 * event starts counted until shutdown (a failure logged under `what`, with `fields` such as the
 * screen); `isClosing` is true once shutdown began.
 */
export type SocketWork = { track: (work: Promise<unknown>, what: string, fields?: Record<string, unknown>) => void; readonly isClosing: boolean };

/** Who a player socket speaks for, from its handshake once the socket server accepted it as a player. */
export type PlayerIdentity = { ownerId: string; screenId: string; deviceId: string };

/**
 * A module's incoming events on a player socket (its `*.socket.ts`, docs/MODULES.md): built once
 * per API instance, then called for every player socket the socket server accepts, with the
 * screen and device of its handshake (never ones a payload names).
 */
export type PlayerSocketEvents = (socket: PanoSocket, player: PlayerIdentity, work: SocketWork) => void;
