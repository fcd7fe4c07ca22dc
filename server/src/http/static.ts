import { existsSync } from 'node:fs';
import path from 'node:path';
import express, { type Express, type Request, type RequestHandler, type Response } from 'express';
import type { AppContext } from '../context.js';
import { repoRoot } from '../repo-root.js';

export const webDist = path.join(repoRoot, 'web/dist');
export const playerDist = path.join(repoRoot, 'player/dist');

/** Uploads (with HTTP Range, so videos seek), the player bundle and the dashboard SPA on one port. */
export function mountStatic(app: Express, ctx: AppContext): void {
  app.use('/uploads', ctx.storage.kind === 'local' ? express.static(ctx.config.uploadsDir, {
    index: false,
    dotfiles: 'deny',
    acceptRanges: true,
    // File names are random and never reused, so the content under a name never changes.
    maxAge: '365d',
    immutable: true,
    setHeaders: (res) => res.setHeader('X-Content-Type-Options', 'nosniff'),
  }) : redirectToBucket(ctx));
  app.use('/uploads', (_req, res) => void res.status(404).json({ message: 'Dosya bulunamadı', code: 'NOT_FOUND' }));
  // The player's service worker is scoped to /player/; without the slash a kiosk would run unscoped.
  // Express matches '/player/' here too (non-strict routing): only the slashless path redirects.
  app.get('/player', (req, res, next) => {
    if (req.path !== '/player') return next();
    res.redirect(301, `/player/${req.url.includes('?') ? req.url.slice(req.url.indexOf('?')) : ''}`);
  });
  mountBuiltApp(app, '/player', playerDist);
  mountBuiltApp(app, '/', webDist);
}

/**
 * In a bucket (docs/architecture/storage.md#serving-files): `/uploads/<key>` stays the address
 * screen configs and the dashboard name (the player's offline cache keys on it) and answers a
 * redirect to the bucket's short-lived signed URL or MEDIA_PUBLIC_URL, which serves ranges
 * itself. Dot-folders (temp files, thumbnails' own folder) are refused as express.static does.
 */
function redirectToBucket(ctx: AppContext): RequestHandler {
  return async (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    let rel: string;
    try {
      rel = decodeURIComponent(req.path).replace(/^\/+/, '');
    } catch {
      return next();
    }
    const parts = rel.split('/');
    if (!rel || rel.includes('\0') || rel.includes('\\') || parts.some((part) => part === '' || part.startsWith('.'))) return next();
    const target = await ctx.storage.publicUrl(`uploads/${rel}`);
    if (!target) return next();
    res.setHeader('Cache-Control', `private, max-age=${target.maxAgeS}`);
    res.redirect(302, target.url);
  };
}

/** A built app (index.html and its files) at `mount`; nothing when it was not built. */
export function mountBuiltApp(app: Express, mount: string, dist: string): void {
  if (!existsSync(path.join(dist, 'index.html'))) return;
  app.use(mount, builtFiles(dist));
  const index = path.join(dist, 'index.html');
  // The app's routes (/media, /player/…) are index.html, which names this build's assets.
  app.get(mount === '/' ? /^\/(?!api\/|uploads\/|socket\.io\/|player\/).*/ : new RegExp(`^${mount}(/.*)?$`), (req, res) => {
    sendFile(req, res, () => res.sendFile(index, { headers: { 'Cache-Control': 'no-cache' } }), index, 'index.html');
  });
}

/**
 * A built app's files (web/dist, player/dist). Their brotli and gzip copies were written by
 * the build (scripts/precompress.mjs) and are sent as they are, as the request's
 * Accept-Encoding allows; nothing is compressed per request (docs/OPERATIONS.md#compression-and-caching).
 * Vite's content-hashed files are cached for good; everything else (index.html, the service
 * worker, the manifest, robots.txt) is revalidated, so a deploy is seen on the next load.
 */
function builtFiles(dist: string): RequestHandler {
  const plain = express.static(dist, { index: false, setHeaders: (res, file) => res.setHeader('Cache-Control', cacheControl(path.relative(dist, file))) });
  return (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    let rel: string;
    try {
      rel = decodeURIComponent(req.path).replace(/^\/+/, '');
    } catch {
      return plain(req, res, next);
    }
    const file = path.join(dist, rel);
    // Outside dist, dotfiles (the build stamp, vite's manifest) and folders: express.static decides.
    if (!file.startsWith(dist + path.sep) || rel.includes('\0') || rel.split('/').some((part) => part.startsWith('.'))) return plain(req, res, next);
    sendFile(req, res, () => plain(req, res, next), file, rel);
  };
}

/** Vite's names for the files it builds, `assets/<name>-<8-character content hash>.<ext>`. */
const HASHED = /^assets\/(?:.+\/)?[^/]+-[\w-]{8}\.\w+$/;

function cacheControl(rel: string): string {
  return HASHED.test(rel.split(path.sep).join('/')) ? 'public, max-age=31536000, immutable' : 'no-cache';
}

type Encoding = 'br' | 'gzip';
const SUFFIX: Record<Encoding, string> = { br: '.br', gzip: '.gz' };

/**
 * Sends `file`'s precompressed copy the request accepts; the file itself (`plain`) when there
 * is none or it accepts neither.
 */
function sendFile(req: Request, res: Response, plain: () => void, file: string, rel: string): void {
  const available = (['br', 'gzip'] as const).filter((encoding) => existsSync(file + SUFFIX[encoding]));
  if (available.length === 0) return plain();
  // Caches must keep the copies apart, the plain answer included.
  res.vary('Accept-Encoding');
  const encoding = chooseEncoding(req.headers['accept-encoding'], available);
  if (!encoding) return plain();
  res.type(path.extname(file));
  res.sendFile(file + SUFFIX[encoding], {
    headers: { 'Content-Encoding': encoding, 'Cache-Control': cacheControl(rel) },
    dotfiles: 'allow',
  }, (err?: Error & { status?: number }) => {
    if (!err || res.headersSent) return;
    // Gone since the check (a build replacing dist): the plain file, without this copy's headers.
    res.removeHeader('Content-Encoding');
    res.removeHeader('Content-Type');
    plain();
  });
}

/**
 * The most welcome of the available encodings by the Accept-Encoding header's q-values
 * (`*` standing for those not named); brotli, the smaller, when both are equally welcome.
 * None when neither is accepted or there is no header.
 */
function chooseEncoding(header: string | undefined, available: readonly Encoding[]): Encoding | undefined {
  if (!header) return undefined;
  const weights = new Map<string, number>();
  // eslint-disable-next-line no-restricted-syntax -- encoding names are ASCII tokens
  for (const part of header.toLowerCase().split(',')) {
    const [name = '', ...params] = part.split(';').map((p) => p.trim());
    const q = params.find((p) => p.startsWith('q='));
    const weight = q === undefined ? 1 : Number(q.slice(2));
    weights.set(name, Number.isFinite(weight) ? weight : 0);
  }
  const weight = (encoding: Encoding) => weights.get(encoding) ?? weights.get('*') ?? 0;
  let best: Encoding | undefined;
  for (const encoding of available) if (weight(encoding) > 0 && (!best || weight(encoding) > weight(best))) best = encoding;
  return best;
}
