import { z } from './zod.js';
import { ZId } from './common.js';
import { ZMediaKind, ZMediaType } from './media.js';
import { ZDisplaySettings } from './settings.js';
import { ZAppData, ZMediaApp } from './apps.js';
import { LAYOUT_ZONES_MAX, ZLayoutHead, ZZoneRect } from './layouts.js';
import { ZScreenRotation } from './screens.js';

/** What a player needs to show a screen: everything resolved, nothing else to fetch but files. */
const ZConfigMedia = z.object({
  _id: ZId,
  name: z.string(),
  mediaType: ZMediaType,
  type: ZMediaKind,
  filePath: z.string(),
  /** Absolute against PUBLIC_URL when the server has one, else root-relative (`/uploads/…`). */
  url: z.string(),
  mimeType: z.string(),
  /** Apps only (type 'app', filePath and url ''): the settings the player draws from, or a PDF's page paths. */
  app: ZMediaApp.optional(),
  /** rss and weather apps: what the server last fetched, with its time; null before the first fetch. */
  appData: ZAppData.nullable().optional(),
  /** Hex SHA-256 of the file (docs/PRODUCT.md#media-processing); absent for apps and files stored before it was kept. */
  sha256: z.string().optional(),
});

/** A playlist as a player plays it: every item with its file and its seconds. */
const ZConfigPlaylist = z.object({
  _id: ZId,
  name: z.string(),
  mediaItems: z.array(z.object({ media: ZConfigMedia, duration: z.number().int() })),
});

/** A ticker ("Reji") playlist as the bar shows it; `directions` is its wire name for the texts. */
const ZConfigTicker = z.object({
  _id: ZId,
  name: z.string(),
  speed: z.number().int(),
  directions: z.array(z.object({ text: z.string() })),
});

/**
 * A layout as a player shows it (docs/architecture/player.md#layouts): every zone with its
 * rectangle (percent of the screen), its order and its resolved playlist or ticker.
 */
const ZConfigZone = ZZoneRect.extend({ playlist: ZConfigPlaylist.nullable(), directionPlaylist: ZConfigTicker.nullable() });
const ZConfigLayout = ZLayoutHead.extend({ zones: z.array(ZConfigZone) });

/**
 * One schedule entry that can apply to this screen (targeting already settled), shaped as
 * the resolution function reads it (contract/src/schedule/rules.ts, ScheduleEntry).
 */
const ZConfigScheduleEntry = z.object({
  id: ZId,
  name: z.string(),
  playlistId: ZId,
  /** Always absent or null here: entries showing a layout travel in `layoutEntries`. */
  layoutId: ZId.nullable().optional(),
  tickerPlaylistId: ZId.nullable(),
  days: z.array(z.number().int()),
  startTime: z.string(),
  endTime: z.string(),
  startDate: z.string().nullable(),
  endDate: z.string().nullable(),
  exceptDates: z.array(z.string()),
  priority: z.number().int(),
  enabled: z.boolean(),
  updatedAt: z.string(),
});

/**
 * An entry showing a layout instead of a playlist. They travel apart from `entries`, in
 * `layoutEntries`: a player older than layouts reads `entries` only (its schema wants a
 * playlist id there) and so keeps showing what it would without them, its default or a
 * lower entry, instead of refusing the whole config (docs/architecture/scheduling.md#layouts-in-schedules).
 */
const ZConfigLayoutScheduleEntry = ZConfigScheduleEntry.extend({
  playlistId: z.null(),
  layoutId: ZId,
  tickerPlaylistId: z.null(),
});

/**
 * Everything the player needs to follow its schedule alone, offline too
 * (docs/architecture/scheduling.md#what-a-screen-shows): the screen's time zone, the entries that can
 * apply to it, and every playlist and ticker those entries may show (the screen's own
 * assignment stays in `playlist` / `directionPlaylist`, the default).
 */
const ZConfigSchedule = z.object({
  timezone: z.string(),
  entries: z.array(ZConfigScheduleEntry),
  playlists: z.array(ZConfigPlaylist),
  tickers: z.array(ZConfigTicker),
  /** The entries showing a layout; absent from a server older than layouts in schedules. */
  layoutEntries: z.array(ZConfigLayoutScheduleEntry).optional(),
  /** Every layout those entries may show, resolved like the screen's own `layout`. */
  layouts: z.array(ZConfigLayout).optional(),
});

/**
 * One active emergency alert reaching this screen ('Acil Duyuru'), shown above everything
 * until `endsAt` (docs/architecture/alerts.md#alerts). `imageUrl` is absolute like media `url`.
 */
const ZConfigAlert = z.object({
  _id: ZId,
  title: z.string(),
  message: z.string(),
  background: z.string(),
  textColor: z.string(),
  imageUrl: z.string().nullable(),
  sound: z.boolean(),
  startedAt: z.string(),
  endsAt: z.string().nullable(),
});

export const ZScreenConfig = z.object({
  screenId: ZId,
  screenName: z.string(),
  /** Content hash: equal versions mean an identical config. */
  version: z.string(),
  /**
   * The active alerts reaching this screen, newest first. Per screen (alerts target screens,
   * not contents), so they travel beside the shared body; shown even after the package ended.
   */
  alerts: z.array(ZConfigAlert),
  /** The screen's own assignment: what plays when no schedule entry holds. */
  playlist: ZConfigPlaylist.nullable(),
  directionPlaylist: ZConfigTicker.nullable(),
  /**
   * The layout the screen shows instead of `playlist` (docs/PRODUCT.md#layouts); absent or null:
   * the one-zone screen of the spec. Optional so a config kept by an older server still reads.
   */
  layout: ZConfigLayout.nullable().optional(),
  /** Degrees clockwise the player turns its picture; absent: 0. */
  rotation: ZScreenRotation.optional(),
  schedule: ZConfigSchedule,
  displaySettings: ZDisplaySettings,
  /** Set when the customer's package has ended: the player shows a calm notice instead. */
  notice: z.object({ kind: z.literal('package-expired'), message: z.string() }).nullable(),
});
export type TScreenConfig = z.infer<typeof ZScreenConfig>;
/**
 * POST /api/layouts/preview: the playlists and tickers a layout being edited names, as a screen
 * would play them, with the customer's ticker-bar look (docs/PRODUCT.md#layouts-api). The editor
 * places them in its zones and plays them with the player's own component.
 */
export const ZContentPreviewRequest = z.object({
  playlists: z.array(ZId).max(LAYOUT_ZONES_MAX, `En fazla ${LAYOUT_ZONES_MAX} playlist önizlenebilir`).default([]),
  tickers: z.array(ZId).max(LAYOUT_ZONES_MAX, `En fazla ${LAYOUT_ZONES_MAX} Reji playlisti önizlenebilir`).default([]),
}).strict();
export type TContentPreviewRequest = z.input<typeof ZContentPreviewRequest>;
export const ZContentPreview = z.object({
  playlists: z.array(ZConfigPlaylist),
  tickers: z.array(ZConfigTicker),
  displaySettings: ZDisplaySettings,
});
export type TContentPreview = z.infer<typeof ZContentPreview>;

/**
 * GET /api/approvals/{id}/preview: what a request would put on a screen, as one layout a player
 * draws (a playlist or an app full screen, a ticker as the bar, a layout as itself), with the
 * account's ticker-bar look (docs/architecture/approval.md#preview).
 */
export const ZApprovalPreview = z.object({ layout: ZConfigLayout, displaySettings: ZDisplaySettings });
export type TApprovalPreview = z.infer<typeof ZApprovalPreview>;

export type TConfigMedia = z.infer<typeof ZConfigMedia>;
export type TConfigPlaylist = z.infer<typeof ZConfigPlaylist>;
export type TConfigTicker = z.infer<typeof ZConfigTicker>;
export type TConfigSchedule = z.infer<typeof ZConfigSchedule>;
export type TConfigScheduleEntry = z.infer<typeof ZConfigScheduleEntry>;
export type TConfigLayoutScheduleEntry = z.infer<typeof ZConfigLayoutScheduleEntry>;
export type TConfigAlert = z.infer<typeof ZConfigAlert>;
export type TConfigLayout = z.infer<typeof ZConfigLayout>;
export type TConfigZone = z.infer<typeof ZConfigZone>;
