import { z } from './zod.js';
import { ZContentRef, ZId, ZIsoDate, ZNamedRef, ZLatitude, ZLongitude, idRef, requiredText } from './common.js';
import { listAnswer } from './lists.js';

/*
 * A screen's location (docs/PRODUCT.md#screens-api): where it stands, so that an emergency
 * alert with an area (CAP polygons and circles) reaches the screens inside it. Degrees, rounded
 * to 6 decimals (about 11 cm, far finer than any alert area); both given, or both null to clear.
 */
const SIX_DECIMALS = 1e6;
// `+ 0` turns the -0 of a tiny negative rounded to nothing into 0.
const roundDegrees = (deg: number) => Math.round(deg * SIX_DECIMALS) / SIX_DECIMALS + 0;
const locationFields = {
  latitude: ZLatitude.transform(roundDegrees).nullable().optional(),
  longitude: ZLongitude.transform(roundDegrees).nullable().optional(),
};
const LOCATION_PAIR_MESSAGE = 'Enlem ve boylam birlikte girilmelidir; konumu kaldırmak için ikisini de boş bırakın';

const stateOf = (deg: number | null | undefined) => (deg === undefined ? 'absent' : deg === null ? 'cleared' : 'set');

/** Refuses one coordinate without the other (a number beside null or beside nothing), under the missing one. */
function locationPairRule<T extends { latitude?: number | null; longitude?: number | null }>(b: T, ctx: z.RefinementCtx<T>): void {
  const lat = stateOf(b.latitude);
  const lon = stateOf(b.longitude);
  if (lat === lon) return;
  const missing = lat === 'set' ? 'longitude' : lon === 'set' ? 'latitude' : lat === 'absent' ? 'latitude' : 'longitude';
  ctx.addIssue({ code: 'custom', message: LOCATION_PAIR_MESSAGE, path: [missing] });
}

/** POST /api/screens: a name, and optionally where the screen stands. */
export const ZCreateScreenRequest = z.object({
  name: requiredText('Ekran adı zorunludur', 100),
  /** The spec's client sends 'active'; it is the only status a screen gets. */
  status: z.literal('active', { error: 'Geçersiz ekran durumu' }).optional(),
  ...locationFields,
}).superRefine(locationPairRule);
export type TCreateScreenRequest = z.input<typeof ZCreateScreenRequest>;

export const DEFAULT_SCREEN_TIMEZONE = 'Europe/Istanbul';

/**
 * An IANA zone name the runtime knows, turned into its canonical spelling
 * ('europe/istanbul' → 'Europe/Istanbul'); offsets such as '+03:00' are not zones.
 */
export const canonicalTimeZone = (tz: string): string | null => {
  if (!/^[A-Za-z][A-Za-z0-9_+-]*(\/[A-Za-z0-9_+-]+)*$/.test(tz)) return null;
  try {
    return new Intl.DateTimeFormat('en-US', { timeZone: tz }).resolvedOptions().timeZone;
  } catch {
    return null;
  }
};

const TIMEZONE_MESSAGE = 'Geçersiz saat dilimi (ör. Europe/Istanbul)';
export const ZTimeZone = z.string({ error: TIMEZONE_MESSAGE }).trim().max(64, TIMEZONE_MESSAGE)
  .refine((tz) => canonicalTimeZone(tz) !== null, TIMEZONE_MESSAGE)
  .transform((tz) => canonicalTimeZone(tz)!);

const ZLayoutRef = idRef('Geçersiz yerleşim').nullable();

/** How a display mounted turned is corrected, in degrees clockwise. */
const SCREEN_ROTATIONS = [0, 90, 180, 270] as const;
export const ZScreenRotation = z.union(SCREEN_ROTATIONS.map((r) => z.literal(r)), { error: 'Döndürme 0, 90, 180 ya da 270 derece olmalıdır' });

/**
 * PUT /api/screens/{id}: assign (or clear with null) the playlist and/or ticker playlist, or a
 * layout ('Yerleşim'): a layout replaces the playlist as what the screen shows, and a playlist
 * replaces the layout (docs/PRODUCT.md#layouts). Also renames it, sets its time zone, rotation
 * or location (`latitude` and `longitude` together; both null clears it). A coordinate may be
 * typed with a decimal comma ('41,0082'), as a Turkish keyboard writes it.
 */
export const ZAssignScreenRequest = z.object({
  name: requiredText('Ekran adı zorunludur', 100).optional(),
  currentPlaylist: ZContentRef.optional(),
  currentDirectionPlaylist: ZContentRef.optional(),
  currentLayout: ZLayoutRef.optional(),
  timezone: ZTimeZone.optional(),
  rotation: ZScreenRotation.optional(),
  ...locationFields,
}).refine((b) => b.name !== undefined || b.currentPlaylist !== undefined || b.currentDirectionPlaylist !== undefined
  || b.currentLayout !== undefined || b.timezone !== undefined || b.rotation !== undefined
  || b.latitude !== undefined || b.longitude !== undefined, {
  message: 'Lütfen bir playlist ve en az bir ekran seçin',
}).refine((b) => !(b.currentPlaylist && b.currentLayout), {
  message: 'Bir ekran aynı anda ya bir playlist ya da bir yerleşim gösterir',
  path: ['currentLayout'],
}).superRefine(locationPairRule);
export type TAssignScreenRequest = z.input<typeof ZAssignScreenRequest>;


export const ZScreen = z.object({
  _id: ZId,
  name: z.string(),
  status: z.string(),
  currentPlaylist: ZNamedRef,
  currentDirectionPlaylist: ZNamedRef,
  /** What the screen shows instead of a playlist, when it shows a layout. */
  currentLayout: ZNamedRef.optional(),
  /** Degrees clockwise the player turns its picture (0 unless set). */
  rotation: ZScreenRotation.optional(),
  lastSeenAt: ZIsoDate.nullable(),
  /** IANA zone of the screen's wall clock, for its schedules. */
  timezone: z.string(),
  /** Where the screen stands, in degrees; both null while no location is set. */
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  /** The groups the screen belongs to, ordered by name. */
  groups: z.array(z.object({ _id: ZId, name: z.string() })),
  createdAt: ZIsoDate,
});
export type TScreen = z.infer<typeof ZScreen>;

/** GET /api/screens: the array, or an object wrapping it (docs/CONTRACT.md#lists). */
export const ZScreenListAnswer = listAnswer(ZScreen, 'screens');
