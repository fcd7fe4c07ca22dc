// Product constants without zod, so browser bundles can import them without pulling the
// schema library in (`@pano/contract/constants`). The schemas import them from here.

/** docs/PRODUCT.md#constants: ticker speeds 1-5 and their Turkish names; 3 is the default. */
export const TICKER_SPEEDS = { 1: 'Çok Yavaş', 2: 'Yavaş', 3: 'Normal', 4: 'Hızlı', 5: 'Çok Hızlı' } as const;
export const DEFAULT_TICKER_SPEED = 3;

/** docs/PRODUCT.md#constants: seconds an item is on screen. */
export const DEFAULT_ITEM_DURATION = 5;
export const MIN_ITEM_DURATION = 1;
export const MAX_ITEM_DURATION = 86_400;

/** docs/PRODUCT.md#constants: display settings defaults. */
export const DISPLAY_DEFAULTS = {
  showDirectionBar: true,
  backgroundColor: 'rgba(0,0,0,0.8)',
  barHeight: 50,
  textColor: 'white',
  fontSize: 24,
} as const;

/** docs/PRODUCT.md#reports: the longest single play a record may claim (a day), and the most records in one upload. */
export const PLAY_DURATION_MAX_MS = 24 * 3600 * 1000;
export const PLAYS_BATCH_MAX = 500;
/**
 * docs/PRODUCT.md#plays-api: how far a device's clock may be off. A play may end at most this
 * far in the future, and start at most this far outside the time its device served the screen.
 */
export const PLAY_CLOCK_SKEW_MS = 5 * 60_000;

/** docs/PRODUCT.md#screen-health: a player reports this often while connected, and at once on any change. */
export const HEALTH_REPORT_EVERY_MS = 60_000;
/** A thumbnail this often while online. */
export const THUMBNAIL_EVERY_MS = 10 * 60_000;
/** Widest screenshot the player uploads. */
export const SCREENSHOT_MAX_WIDTH = 1280;
/**
 * The most pixels a screenshot may have: a portrait screen twice as tall as wide at the full
 * SCREENSHOT_MAX_WIDTH (1280 × 2560). A 1.5 MB file can declare 16,000 × 16,000 px, which
 * took /screens 14 s and 2.3 GB to show. The player scales down to it; the server refuses more.
 */
export const SCREENSHOT_MAX_PIXELS = SCREENSHOT_MAX_WIDTH * 2 * SCREENSHOT_MAX_WIDTH;

/**
 * docs/OPERATIONS.md#uploads-behind-a-proxy: the size of a tus PATCH, for the dashboard and the
 * bench alike: half of the 100 MB a proxy in front may allow a body (deploy/nginx.conf).
 */
export const TUS_CHUNK_BYTES = 50 * 1024 * 1024;

/** docs/architecture/realtime.md#sockets: socket.io on the API's own port, at this path. */
export const SOCKET_PATH = '/socket.io';

/** docs/PRODUCT.md#apps: the kinds of app ('Uygulama') a library item can be. */
export const APP_KINDS = ['clock', 'text', 'web', 'youtube', 'stream', 'rss', 'weather', 'qr', 'countdown'] as const;
export type AppKind = (typeof APP_KINDS)[number];
/**
 * docs/PRODUCT.md#apps: a PDF uploaded on /media becomes an app of kind 'pdf' (its pages rendered
 * to images by the server); the app form never makes one, so it is not among APP_KINDS.
 */
export type MediaAppKind = AppKind | 'pdf';
/** The most pages a PDF may have: each becomes an image the screens cache. */
export const PDF_MAX_PAGES = 50;

/** What the media page names each kind ('Uygulama Ekle', and the badge of an item). */
export const APP_KIND_NAMES: Record<MediaAppKind, string> = {
  clock: 'Saat',
  text: 'Duyuru',
  web: 'Web Sayfası',
  youtube: 'YouTube',
  stream: 'Canlı Yayın (HLS)',
  rss: 'Haberler (RSS)',
  weather: 'Hava Durumu',
  qr: 'QR Kod',
  countdown: 'Geri Sayım',
  pdf: 'PDF Belgesi',
};
