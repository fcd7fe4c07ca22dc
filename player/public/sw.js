/* Pano player service worker: keeps a paired screen playing without the server.
 * - /uploads/*: cache-first from the media cache the page fills (full 200 responses);
 *   Range requests on a cached file are answered with 206 slices, so videos play and seek.
 * - /player/ navigations: network first, cached shell when offline.
 * - /player/ assets: cache-first (names are content hashes). */
const MEDIA_CACHE = 'pano-media-v1';
const SHELL_CACHE = 'pano-shell-v1';
const SCOPE = new URL(self.registration.scope).pathname; // '/player/'

self.addEventListener('install', () => self.skipWaiting());
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));
// A page that loaded while the worker was still activating (or with a hard reload) is not
// controlled, and claim() at activation does not reach it: it asks, and is taken now.
self.addEventListener('message', (event) => {
  if (event.data === 'claim') event.waitUntil(self.clients.claim());
});

self.addEventListener('fetch', (event) => {
  const req = event.request;
  if (req.method !== 'GET') return;
  const url = new URL(req.url);
  if (url.origin !== self.location.origin) return;
  if (url.pathname.startsWith('/uploads/')) {
    event.respondWith(serveMedia(req));
  } else if (req.mode === 'navigate' && url.pathname.startsWith(SCOPE)) {
    event.respondWith(serveShell(req));
  } else if (url.pathname.startsWith(SCOPE) && !url.pathname.endsWith('/sw.js')) {
    event.respondWith(serveAsset(req));
  }
});

async function serveMedia(req) {
  const cache = await caches.open(MEDIA_CACHE);
  const cached = await cache.match(req.url);
  if (!cached) {
    try {
      return await fetch(req);
    } catch {
      return new Response('', { status: 504 });
    }
  }
  const range = req.headers.get('range');
  return range ? sliceResponse(cached, range) : cached;
}

/** A 206 (or 416) for `bytes=a-b`, `bytes=a-` or `bytes=-n` over a cached full response. */
async function sliceResponse(full, range) {
  const blob = await full.blob();
  const size = blob.size;
  const m = /^bytes=(\d*)-(\d*)/.exec(range.trim());
  let start = 0;
  let end = size - 1;
  if (m && m[1] === '' && m[2] !== '') {
    start = Math.max(0, size - Number(m[2]));
  } else if (m && m[1] !== '') {
    start = Number(m[1]);
    if (m[2] !== '') end = Math.min(Number(m[2]), size - 1);
  }
  if (!m || start >= size || start > end) {
    return new Response('', { status: 416, headers: { 'Content-Range': `bytes */${size}` } });
  }
  return new Response(blob.slice(start, end + 1), {
    status: 206,
    headers: {
      'Content-Type': full.headers.get('Content-Type') || 'application/octet-stream',
      'Content-Range': `bytes ${start}-${end}/${size}`,
      'Content-Length': String(end - start + 1),
      'Accept-Ranges': 'bytes',
    },
  });
}

async function serveShell(req) {
  const cache = await caches.open(SHELL_CACHE);
  try {
    const res = await fetch(req);
    if (res.ok) await cache.put(SCOPE, res.clone());
    return res;
  } catch {
    return (await cache.match(SCOPE)) || (await cache.match(req.url)) || new Response('Offline', { status: 503 });
  }
}

async function serveAsset(req) {
  const cache = await caches.open(SHELL_CACHE);
  const cached = await cache.match(req.url);
  if (cached) return cached;
  const res = await fetch(req);
  if (res.ok) await cache.put(req.url, res.clone());
  return res;
}
