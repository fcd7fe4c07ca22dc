import type { TMemberChangedEvent } from './team.js';
import type { TNotificationsChangedEvent } from './approvals.js';
import { z } from './zod.js';
import { ZId, ZIsoDate } from './common.js';
import { ZScreenConfig } from './screen-config.js';
import { ZMediaStatus } from './media.js';
import type { TPlayerHealth, TScreenHealth, TScreenshotRequest } from './screen-health.js';

export { SOCKET_PATH } from './constants.js';

/** Server → players and previews (room `screen:<id>`): the full config after a committed change. */
export const ZScreenConfigEvent = z.object({
  screenId: ZId,
  version: z.string(),
  config: ZScreenConfig,
});
export type TScreenConfigEvent = z.infer<typeof ZScreenConfigEvent>;

/**
 * Server → a player or preview that just (re)connected, instead of its config: the version its
 * handshake named (`auth.version`) is still the current one. Any other version gets
 * `screen:config` on the socket (docs/architecture/realtime.md#pushes).
 */
export const ZScreenCurrentEvent = z.object({ screenId: ZId, version: z.string() });
export type TScreenCurrentEvent = z.infer<typeof ZScreenCurrentEvent>;

/** Server → dashboards (room `user:<ownerId>`): a player connected, disconnected or reported. */
export const ZScreenStatusEvent = z.object({
  screenId: ZId,
  online: z.boolean(),
  lastSeenAt: ZIsoDate.nullable(),
  /** The config version the player last reported showing; null before its hello. */
  version: z.string().nullable(),
});
export type TScreenStatusEvent = z.infer<typeof ZScreenStatusEvent>;

/**
 * Server → one paired device's players (room `device:<id>`): the customer moved the device to
 * another screen (null: to none, so it asks which screen to show).
 */
export const ZDeviceScreenEvent = z.object({ screenId: ZId.nullable() });
export type TDeviceScreenEvent = z.infer<typeof ZDeviceScreenEvent>;

/** Player → server, once connected (and again whenever it starts showing another version). */
export const ZPlayerHello = z.object({
  screenId: ZId,
  version: z.string().max(200).nullable(),
  appVersion: z.string().max(100),
});
export type TPlayerHello = z.infer<typeof ZPlayerHello>;

/**
 * Player → server, once per alert, after the frame showing it was painted. `latencyMs` is the
 * paint time minus the alert's `startedAt`, on the server's clock as the player estimates it.
 */
export const ZAlertAck = z.object({
  alertId: ZId,
  renderedAt: ZIsoDate,
  latencyMs: z.number().int().min(0).max(7 * 24 * 3600 * 1000),
});
export type TAlertAck = z.infer<typeof ZAlertAck>;

/** Server → the owner's dashboards (room `user:<ownerId>`): a screen confirmed an alert. */
export const ZAlertAckedEvent = z.object({ alertId: ZId, screenId: ZId });
export type TAlertAckedEvent = z.infer<typeof ZAlertAckedEvent>;

/**
 * Server → the owner's dashboards (room `user:<ownerId>`): an alert was sent, ended or ran out,
 * by anyone (another tab, a colleague, a fire panel's API key): /alerts reads it again.
 */
export const ZAlertChangedEvent = z.object({ alertId: ZId });
export type TAlertChangedEvent = z.infer<typeof ZAlertChangedEvent>;

/**
 * Handshake `auth`: a dashboard user's JWT (with `screenId` for a preview, without for live
 * status) or a paired device's token with the screen it shows; `version` is the config version
 * the screen shows (null: none yet), so the server answers with `screen:current` or the config.
 */
const ZShownVersion = z.string().max(200).nullable().optional();
export const ZSocketAuth = z.union([
  z.object({ deviceToken: z.string().min(1), screenId: ZId, version: ZShownVersion }),
  z.object({ token: z.string().min(1), screenId: ZId.optional(), version: ZShownVersion }),
]);
export type TSocketAuth = z.infer<typeof ZSocketAuth>;

/**
 * Server → the owner's dashboards (room `user:<ownerId>`): a media item's processing moved on
 * (progress) or ended (ready or failed, with the Turkish reason). Small on purpose: /media
 * patches its card and reads the list again at the end.
 */
export const ZMediaProgressEvent = z.object({
  mediaId: ZId,
  status: ZMediaStatus,
  progress: z.number().int().min(0).max(100),
  error: z.string().nullable(),
  /**
   * Present (true) when status, progress and error are those of the item's replacement file
   * (docs/PRODUCT.md#replacing-a-file); the item's own file is untouched until it is ready.
   */
  replacement: z.literal(true).optional(),
});
export type TMediaProgressEvent = z.infer<typeof ZMediaProgressEvent>;

/** socket.io type parameters, shared by the server and every client. */
export interface ServerToClientEvents {
  'screen:config': (payload: TScreenConfigEvent) => void;
  'screen:current': (payload: TScreenCurrentEvent) => void;
  'screen:status': (payload: TScreenStatusEvent) => void;
  'device:screen': (payload: TDeviceScreenEvent) => void;
  /** To one device's sockets (room `device:<id>`), just before they are cut: it was removed ('Cihazı Kaldır'). */
  'device:removed': () => void;
  'alert:acked': (payload: TAlertAckedEvent) => void;
  'alert:changed': (payload: TAlertChangedEvent) => void;
  /** To the owner's dashboards (room `user:<ownerId>`): a screen's health changed or a screenshot arrived. */
  'screen:health': (payload: TScreenHealth) => void;
  'screenshot:request': (payload: TScreenshotRequest) => void;
  'media:progress': (payload: TMediaProgressEvent) => void;
  /** To one member's sockets in one account (room `member:<accountId>:<userId>`): their role or groups changed. */
  'member:changed': (payload: TMemberChangedEvent) => void;
  /** To one member's sockets in one account, just before they are cut: they were removed from it. */
  'member:removed': (payload: TMemberChangedEvent) => void;
  /** To one member's sockets in one account: their notifications changed (docs/architecture/approval.md). */
  'notifications:changed': (payload: TNotificationsChangedEvent) => void;
  /**
   * To the account's dashboards (room `owner:<accountId>`): an approval request was made or
   * decided; the list and count of 'Onay Bekleyenler' are asked again (what each sees is the API's).
   */
  'approvals:changed': () => void;
}
export interface ClientToServerEvents {
  'player:hello': (payload: TPlayerHello) => void;
  'alert:ack': (payload: TAlertAck) => void;
  'player:health': (payload: TPlayerHealth) => void;
}

/** `connect_error` carries `err.message` (Turkish, for people) and `err.data.code`. */
export const SocketErrorCode = {
  UNAUTHORIZED: 'UNAUTHORIZED',
  NOT_FOUND: 'NOT_FOUND',
  INTERNAL: 'INTERNAL_ERROR',
} as const;
export type TSocketErrorData = { code: (typeof SocketErrorCode)[keyof typeof SocketErrorCode] };
