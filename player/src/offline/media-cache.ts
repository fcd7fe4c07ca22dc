import type { TScreenConfig } from '@pano/contract';
import { pdfPagesOf, playItemsOf } from '../playback/play-items.js';
import { allLayouts, allPlaylists } from '../playback/screen-schedule.js';

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
export function cachePlaylistMedia(config: TScreenConfig, host: string = location.origin): Promise<void> {
  // One run at a time, and only for the newest config: an older run pruning after a newer
  // one has stored its files would throw those files away again.
  latest = { config, host };
  clearTimeout(retryTimer);
  queue = queue
    .then(async () => {
      if (latest?.config !== config) return;
      void preloadContentCode(config);
      const complete = await syncMediaCache(config, host);
      if (!complete && latest?.config === config) retryTimer = setTimeout(() => void recacheMedia(), MEDIA_RETRY_MS);
    })
    .catch(() => undefined);
  return queue;
}
let latest: { config: TScreenConfig; host: string } | null = null;
let queue: Promise<void> = Promise.resolve();
let retryTimer: ReturnType<typeof setTimeout> | undefined;
/** How long after a failed fetch the files still missing are tried again. */
export const MEDIA_RETRY_MS = 30_000;

/** Tries the newest config's missing files again (the connection is back); nothing when all are in. */
export function recacheMedia(): Promise<void> {
  return latest ? cachePlaylistMedia(latest.config, latest.host) : Promise.resolve();
}

/**
 * Every file the config may play, once each: the default playlist's, every scheduled one's and
 * every layout zone's. Apps have no file (their url is ''), but a PDF document's pages are files.
 */
export function mediaUrlsOf(config: TScreenConfig, host: string): string[] {
  const urls = allPlaylists(config).flatMap((playlist) => playItemsOf(playlist, host).flatMap((i) => [i.url, ...pdfPagesOf(i)]));
  return [...new Set(urls)].filter((url) => url !== '');
}

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
async function syncMediaCache(config: TScreenConfig, host: string): Promise<boolean> {
  if (typeof caches === 'undefined') return true;
  const urls = mediaUrlsOf(config, host);
  const cache = await caches.open(MEDIA_CACHE);
  let complete = true;
  for (const url of urls) {
    if (await cache.match(url)) continue;
    try {
      const res = await fetch(url, { cache: 'no-store' });
      if (res.status === 200) await cache.put(url, res);
      else complete = false;
    } catch {
      complete = false; // offline or the server busy: tried again later
    }
  }
  const keep = new Set(urls);
  for (const req of await cache.keys()) {
    if (!keep.has(req.url)) await cache.delete(req);
  }
  return complete;
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
