import { existsSync } from 'node:fs';
import path from 'node:path';
import compression from 'compression';
import express, { type Express } from 'express';
import type { AppContext } from '../context.js';
import { repoRoot } from '../repo-root.js';

export const webDist = path.join(repoRoot, 'web/dist');
export const playerDist = path.join(repoRoot, 'player/dist');

/** Uploads (with HTTP Range, so videos seek), the player bundle and the dashboard SPA on one port. */
export function mountStatic(app: Express, ctx: AppContext): void {
  app.use('/uploads', express.static(ctx.config.uploadsDir, {
    index: false,
    dotfiles: 'deny',
    acceptRanges: true,
    // File names are random and never reused, so the content under a name never changes.
    maxAge: '365d',
    immutable: true,
    setHeaders: (res) => res.setHeader('X-Content-Type-Options', 'nosniff'),
  }));
  app.use('/uploads', (_req, res) => void res.status(404).json({ message: 'Dosya bulunamadı', code: 'NOT_FOUND' }));
  // The player's service worker is scoped to /player/; without the slash a kiosk would run unscoped.
  // Express matches '/player/' here too (non-strict routing): only the slashless path redirects.
  app.get('/player', (req, res, next) => {
    if (req.path !== '/player') return next();
    res.redirect(301, `/player/${req.url.includes('?') ? req.url.slice(req.url.indexOf('?')) : ''}`);
  });
  spa(app, '/player', playerDist);
  spa(app, '/', webDist);
}

/**
 * The apps' files go out compressed (brotli or gzip, as the browser accepts): the dashboard's
 * first load is ~380 KB of JavaScript, ~120 KB compressed
 * (docs/PERFORMANCE.md#dashboard-first-load-p13). Only here: API answers are small or sent to
 * many players (compression would cost CPU per answer, docs/PERFORMANCE.md#p5-and-p7-second-round),
 * and uploads are media that do not compress and are served in ranges.
 */
const compressApp = compression();

function spa(app: Express, mount: string, dist: string) {
  if (!existsSync(path.join(dist, 'index.html'))) return;
  app.use(mount, compressApp, express.static(dist, { index: false, maxAge: '1h', setHeaders: noCacheForHtml }));
  app.get(mount === '/' ? /^\/(?!api\/|uploads\/|socket\.io\/|player\/).*/ : new RegExp(`^${mount}(/.*)?$`), compressApp, (_req, res) => {
    res.setHeader('Cache-Control', 'no-cache');
    res.sendFile(path.join(dist, 'index.html'));
  });
}

function noCacheForHtml(res: express.Response, file: string) {
  if (file.endsWith('.html') || file.endsWith('sw.js') || file.endsWith('.webmanifest')) res.setHeader('Cache-Control', 'no-cache');
  else if (file.includes(`${path.sep}assets${path.sep}`)) res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
}
