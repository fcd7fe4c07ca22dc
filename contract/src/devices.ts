import { z } from './zod.js';
import { ZId, lowerCaseId, ZIsoDate, requiredText, storableText } from './common.js';
import { listAnswer } from './lists.js';

/** POST /api/devices/pair: the customer's mobile code (from their package) pairs a screen device. */
export const ZPairDeviceRequest = z.object({
  mobileCode: requiredText('Mobil kod zorunludur', 64),
  name: storableText().trim().max(100, 'En fazla 100 karakter girilebilir').optional(),
  /**
   * The token this device held before it was removed and paired again, if it kept one: the
   * new pairing inherits the screens the old one served, so plays still queued are accepted
   * (docs/architecture/plays.md#plays).
   */
  previousDeviceToken: z.string({ error: 'Geçersiz önceki cihaz anahtarı' }).max(4096, 'Geçersiz önceki cihaz anahtarı').optional(),
});
export type TPairDeviceRequest = z.input<typeof ZPairDeviceRequest>;

const ZDeviceScreen = z.object({ _id: ZId, name: z.string() });
export type TDeviceScreen = z.infer<typeof ZDeviceScreen>;

export const ZPairDeviceResponse = z.object({
  /** Never expires; revoked through the device row. Sent as `Authorization: Bearer` and as socket `auth.deviceToken`. */
  deviceToken: z.string(),
  deviceId: ZId,
  owner: z.object({ firstName: z.string().nullable() }),
  screens: z.array(ZDeviceScreen),
});
export type TPairDeviceResponse = z.infer<typeof ZPairDeviceResponse>;

/** GET /api/devices/screens (device token): the owner's screens to choose from. */
export const ZDeviceScreensResponse = z.array(ZDeviceScreen);

/** PUT /api/devices/screen (device token): the screen this device shows. */
export const ZSelectDeviceScreenRequest = z.object({
  screenId: z.string({ error: 'Lütfen bir ekran seçin' }).uuid('Geçersiz kimlik').transform(lowerCaseId),
});

export const ZSelectDeviceScreenResponse = z.object({ deviceId: ZId, screen: ZDeviceScreen });

/** GET /api/devices/presence (user token): the dashboard's initial live state. */
const ZScreenPresence = z.object({
  screenId: ZId,
  online: z.boolean(),
  lastSeenAt: ZIsoDate.nullable(),
});
export type TScreenPresence = z.infer<typeof ZScreenPresence>;

/** GET /api/devices (user token): the customer's paired, unrevoked devices. */
export const ZDevice = z.object({
  _id: ZId,
  /** What the customer named it; at pairing the player sends its browser's description. */
  name: z.string().nullable(),
  screen: ZDeviceScreen.nullable(),
  createdAt: ZIsoDate,
  lastSeenAt: ZIsoDate.nullable(),
  /** A player of this device is connected to any instance right now. */
  online: z.boolean(),
});
export type TDevice = z.infer<typeof ZDevice>;
export const ZDeviceListResponse = z.array(ZDevice);

/** PUT /api/devices/{id} (user token): rename, move to another screen (null: to none), or both. */
export const ZUpdateDeviceRequest = z.object({
  name: requiredText('Cihaz adı zorunludur', 100).optional(),
  screenId: ZId.nullable().optional(),
});
export type TUpdateDeviceRequest = z.input<typeof ZUpdateDeviceRequest>;

/** What the dashboard reads from GET /api/devices and /api/devices/presence: a non-array is an empty list (docs/CONTRACT.md#lists). */
export const ZDeviceListAnswer = listAnswer(ZDevice);
export const ZScreenPresenceAnswer = listAnswer(ZScreenPresence);
