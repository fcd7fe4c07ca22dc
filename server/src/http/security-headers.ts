import type { RequestHandler } from 'express';
import helmet from 'helmet';

/** Everything a browser may render as a page: the dashboard, the player, uploads, /healthz. */
const pageHeaders = helmet({
  contentSecurityPolicy: {
    directives: {
      defaultSrc: ["'self'"],
      // Stripe.js and its card / 3-D Secure frames (js.stripe.com, *.js.stripe.com, hooks.stripe.com).
      scriptSrc: ["'self'", 'https://js.stripe.com', 'https://*.js.stripe.com'],
      // Stripe's frames, and the customers' own web pages and YouTube videos that the player
      // (and the dashboard's preview of it) shows in sandboxed frames (docs/PRODUCT.md#apps): any
      // address a customer saved, http for a page on the building's network.
      frameSrc: ["'self'", 'https:', 'http:'],
      imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
      mediaSrc: ["'self'", 'blob:', 'https:', 'http:'],
      // A stream app's HLS playlist and segments are read by hls.js (fetch) from the customer's
      // streaming server; Stripe's API is one of https:.
      connectSrc: ["'self'", 'ws:', 'wss:', 'https:', 'http:'],
      styleSrc: ["'self'", "'unsafe-inline'"],
      workerSrc: ["'self'"],
      // Helmet's default would send every request of a page opened as http://<server>:3000
      // (a screen on the LAN) to https, where nothing listens: the page would not load.
      upgradeInsecureRequests: null,
    },
  },
  // Uploaded media is shown by players on other origins (kiosk apps).
  crossOriginResourcePolicy: { policy: 'cross-origin' },
});

/**
 * The headers of `pageHeaders` that still mean something on a JSON answer read by fetch(),
 * with the same values: nosniff (never sniff JSON into HTML or script), HSTS (learned by the
 * browser from any https answer of the host), who may load it from another origin (CORP),
 * no framing, no referrer. The rest shape a rendered document — its script and resource
 * sources (CSP), its window group (COOP), its agent cluster, DNS prefetching, IE's download
 * prompt, Flash/PDF cross-domain policies, the legacy XSS filter — and a JSON answer is never
 * one. Dropping them takes 7 of 12 header writes (the CSP alone is ~450 bytes) off every API
 * answer, most of all the players' config fetch (docs/PERFORMANCE.md, P5).
 */
const API_HEADERS: ReadonlyArray<readonly [string, string]> = [
  ['Cross-Origin-Resource-Policy', 'cross-origin'],
  ['Referrer-Policy', 'no-referrer'],
  ['Strict-Transport-Security', 'max-age=31536000; includeSubDomains'],
  ['X-Content-Type-Options', 'nosniff'],
  ['X-Frame-Options', 'SAMEORIGIN'],
];

const apiHeaders: RequestHandler = (_req, res, next) => {
  for (const [name, value] of API_HEADERS) res.setHeader(name, value);
  next();
};

/**
 * HTML under /api: the dev card processor's hosted checkout page
 * (modules/purchases/payment.routes.ts). It keeps the page headers (its route sets its own CSP).
 */
const PAGES_UNDER_API = /^\/api\/purchase\/dev\/checkout(?:[/?]|$)/i;

/** JSON answers of the API by their URL, case-insensitive like Express's routing. */
export function isApiUrl(url: string): boolean {
  if (!/^\/api(?:[/?]|$)/i.test(url)) return false;
  return !PAGES_UNDER_API.test(url);
}

/** Security headers on every answer: the short JSON set under /api, helmet's full set elsewhere. */
export const securityHeaders: RequestHandler = (req, res, next) =>
  (isApiUrl(req.url) ? apiHeaders : pageHeaders)(req, res, next);
