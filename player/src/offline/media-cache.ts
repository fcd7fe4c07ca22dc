import type { TCorruptFile, TScreenConfig } from '@pano/contract';
import { resolveMediaUrl } from '@pano/contract/media-rules';
import { allLayouts, allPlaylists } from '../playback/screen-schedule.js';
import { fetchWatched } from './watched-download.js';
import { fetchVerified, isVerifiedCopy, verifyCachedCopy } from './file-integrity.js';

/** Shared with public/sw.js, which serves these caches. */
export const MEDIA_CACHE = 'pano-media-v1';
export const SHELL_CACHE = 'pano-shell-v1';

/**
 * Stores every file of every playlist the screen may show (its own and each schedule
 * entry's) in the Cache API as a full 200 response, so the service worker can play them
 * (and answer Range requests) with the server down, and an offline screen can switch at a
 * boundary to content it has never shown. Files no playlist uses any more are dropped so
 * the cache does not grow without end. A file that could not be fetched (a network blip,
 * a busy server) is tried again a little later and when the connection comes back, not
 * only with the next change: a screen may show the same content for months.
 */
export function cachePlaylistMedia(config: TScreenConfig, host: string = location.origin, health: CorruptFileSink = noSink): Promise<void> {
  // One run at a time, and only for the newest config: an older run pruning after a newer
  // one has stored its files would throw those files away again.
  latest = { config, host, health };
  clearTimeout(retryTimer);
  queue = queue
    .then(async () => {
      if (latest?.config !== config) return;
      void preloadContentCode(config);
      const complete = await syncMediaCache(config, host, health);
      if (!complete && latest?.config === config) retryTimer = setTimeout(() => void recacheMedia(), nextRetryMs());
    })
    .catch(() => undefined);
  return queue;
}
let latest: { config: TScreenConfig; host: string; health: CorruptFileSink } | null = null;
/** Who hears which files were refused for a wrong SHA-256: the screen's health (playback/health.ts). */
export type CorruptFileSink = { setCorruptFiles(files: TCorruptFile[]): void };
const noSink: CorruptFileSink = { setCorruptFiles: () => {} };
let queue: Promise<void> = Promise.resolve();
let retryTimer: ReturnType<typeof setTimeout> | undefined;
/** How long after a failed fetch the files still missing are tried again. */
export const MEDIA_RETRY_MS = 30_000;

/** Tries the newest config's missing files again (the connection is back); nothing when all are in. */
export function recacheMedia(): Promise<void> {
  return latest ? cachePlaylistMedia(latest.config, latest.host, latest.health) : Promise.resolve();
}

/** One file the cache keeps, with the SHA-256 its bytes must have (null: stored unchecked). */
export type MediaFile = { url: string; sha256: string | null; mediaId: string; name: string };

/**
 * Every file the config may play, once each: the default playlist's, every scheduled one's and
 * every layout zone's. Apps have no file (their url is ''), but a PDF document's pages are files
 * (without a SHA-256: the server keeps none for them).
 */
export function mediaFilesOf(config: TScreenConfig, host: string): MediaFile[] {
  const files = new Map<string, MediaFile>();
  for (const playlist of allPlaylists(config)) {
    for (const { media } of playlist?.mediaItems ?? []) {
      const file = (url: string, sha256: string | null) => {
        if (url !== '' && !files.has(url)) files.set(url, { url, sha256, mediaId: media._id, name: media.name });
      };
      // eslint-disable-next-line no-restricted-syntax -- a hex digest, not Turkish text
      file(media.filePath ? resolveMediaUrl(media.filePath, host) : media.url, media.sha256?.toLowerCase() ?? null);
      if (media.app?.kind === 'pdf') for (const page of media.app.pages) file(resolveMediaUrl(page, host), null);
    }
  }
  return [...files.values()];
}

export const mediaUrlsOf = (config: TScreenConfig, host: string): string[] => mediaFilesOf(config, host).map((f) => f.url);

/**
 * A file whose downloaded bytes did not match its SHA-256, by url: fetched again a few times at
 * once (the fault may be on the way), then in rounds further and further apart
 * (`corruptRetryAfterMs`), never in a tight loop: it may be 2 GB, and the fault may be the
 * server's copy. Reported in the screen's health until a copy matches or no playlist uses it.
 */
type CorruptState = TCorruptFile & { sha256: string; rounds: number; nextAt: number };
const corrupt = new Map<string, CorruptState>();
/** Fetches of a mismatching file in one round, and the waits between them. */
export const INTEGRITY_ATTEMPT_WAITS_MS = [1_000, 4_000] as const;
/** The longest wait between two rounds for a file that keeps mismatching. */
export const CORRUPT_RETRY_MAX_MS = 30 * 60_000;
/** The wait after the n-th failed round (1-based): 10 s, 30 s, 90 s… at most CORRUPT_RETRY_MAX_MS. */
export const corruptRetryAfterMs = (rounds: number) => Math.min(CORRUPT_RETRY_MAX_MS, 10_000 * 3 ** Math.max(0, rounds - 1));
/** When the next run is due: MEDIA_RETRY_MS, or sooner when a mismatching file's next round is. */
const nextRetryMs = () => Math.max(1_000, Math.min(MEDIA_RETRY_MS, ...[...corrupt.values()].map((c) => c.nextAt - Date.now())));
const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
/** As the health reports them: at most 20 (ZPlayerHealth), names within its 300 characters. */
const reportedCorrupt = (): TCorruptFile[] =>
  [...corrupt.values()].slice(0, 20).map(({ mediaId, name, attempts, at }) => ({ mediaId, name: name.slice(0, 300), attempts, at }));

/**
 * The code a config needs besides the first load: the layout's chunk and each app kind's
 * renderer. Loaded now, while online, so the service worker keeps them and a screen that goes
 * offline can still switch to a layout or an app it has not shown yet.
 */
export function preloadContentCode(config: TScreenConfig): Promise<unknown> {
  const kinds = allPlaylists(config).flatMap((p) => p.mediaItems.map((i) => i.media.app?.kind ?? ''));
  const loads: Promise<unknown>[] = [];
  if (allLayouts(config).length > 0 || config.rotation) loads.push(import('../components/layout-stage.js'));
  if (kinds.some((k) => k !== '')) loads.push(import('../components/apps/app-layer.js').then((m) => m.preloadApps(kinds)));
  return Promise.all(loads).catch(() => undefined);
}

/** Whether every file is in the cache afterwards. */
async function syncMediaCache(config: TScreenConfig, host: string, health: CorruptFileSink): Promise<boolean> {
  if (typeof caches === 'undefined') return true;
  const files = mediaFilesOf(config, host);
  const cache = await caches.open(MEDIA_CACHE);
  let complete = true;
  const before = JSON.stringify(reportedCorrupt());
  for (const file of files) {
    try {
      if (!(await cacheFile(cache, file))) complete = false;
    } catch {
      complete = false; // offline or the server busy: tried again later
    }
  }
  const keep = new Set(files.map((f) => f.url));
  for (const req of await cache.keys()) {
    if (!keep.has(req.url)) await cache.delete(req);
  }
  for (const url of corrupt.keys()) if (!keep.has(url)) corrupt.delete(url);
  if (JSON.stringify(reportedCorrupt()) !== before) health.setCorruptFiles(reportedCorrupt());
  return complete;
}

/**
 * Puts one file in the cache unless a good copy is there; whether it is in afterwards. A copy
 * stored before its SHA-256 was known (or for another SHA-256) is checked from the cache once.
 */
async function cacheFile(cache: Cache, file: MediaFile): Promise<boolean> {
  const cached = await cache.match(file.url);
  if (cached && (!file.sha256 || isVerifiedCopy(cached, file.sha256))) return true;
  if (cached && file.sha256) {
    if (await verifyCachedCopy(cache, file.url, file.sha256)) return true;
    await cache.delete(file.url);
  }
  if (!file.sha256) {
    const res = await fetchWatched(file.url, { cache: 'no-store' });
    if (res.status !== 200) {
      await res.body?.cancel();
      return false;
    }
    await cache.put(file.url, res);
    return true;
  }
  const known = corrupt.get(file.url);
  if (known && known.sha256 !== file.sha256) corrupt.delete(file.url); // another file now: a fresh start
  else if (known && known.nextAt > Date.now()) return false;
  for (let attempt = 0; ; attempt++) {
    const outcome = await fetchVerified(cache, file.url, file.sha256);
    if (outcome === 'stored') {
      corrupt.delete(file.url);
      return true;
    }
    if (outcome === 'failed') return false;
    const state = corrupt.get(file.url);
    corrupt.set(file.url, {
      mediaId: file.mediaId, name: file.name, sha256: file.sha256, at: new Date().toISOString(),
      attempts: (state?.attempts ?? 0) + 1, rounds: state?.rounds ?? 0, nextAt: 0,
    });
    if (attempt >= INTEGRITY_ATTEMPT_WAITS_MS.length) break;
    await wait(INTEGRITY_ATTEMPT_WAITS_MS[attempt]!);
  }
  const state = corrupt.get(file.url)!;
  state.rounds++;
  state.nextAt = Date.now() + corruptRetryAfterMs(state.rounds);
  return false;
}

/**
 * The page's own files, stored once the service worker exists: the first visit loads them
 * before the worker controls the page, so the worker never saw those requests.
 */
export async function cacheAppShell(): Promise<void> {
  if (typeof caches === 'undefined') return;
  const assets = [...document.querySelectorAll<HTMLScriptElement | HTMLLinkElement>('script[src], link[href]')]
    .map((el) => ('src' in el && el.src ? el.src : (el as HTMLLinkElement).href))
    .filter((u) => u && new URL(u).origin === location.origin);
  // Chunks loaded before the worker controlled the page (the offline code, a layout, apps) went
  // past it too; the browser's resource timing still names them.
  const chunks = typeof performance === 'undefined' ? [] : performance.getEntriesByType('resource').map((e) => e.name)
    .filter((u) => u.startsWith(new URL(`${import.meta.env.BASE_URL}assets/`, location.origin).href));
  const cache = await caches.open(SHELL_CACHE);
  await Promise.all([new URL(import.meta.env.BASE_URL, location.origin).href, ...assets, ...chunks].map((u) => cache.add(u).catch(() => {})));
}

export async function registerServiceWorker(): Promise<void> {
  if (!('serviceWorker' in navigator)) return;
  try {
    const base = import.meta.env.BASE_URL; // '/player/'
    await navigator.serviceWorker.register(`${base}sw.js`, { scope: base });
    const ready = await navigator.serviceWorker.ready;
    // Without a controller the worker serves nothing to this page, and a kiosk may not reload
    // for weeks: ask the active worker to take it (public/sw.js, 'claim').
    if (!navigator.serviceWorker.controller) ready.active?.postMessage('claim');
    await cacheAppShell();
  } catch {
    // No worker (http on a non-localhost origin): the player still works online.
  }
}
