import type { IncomingHttpHeaders } from 'node:http';
import { GuardedFetchError, guardedFetch, type FetchPolicy } from '../../http/guarded-fetch.js';

/*
 * Whether a web app's page will show in the player's frame (docs/PRODUCT.md#apps). A site may
 * refuse to be framed by other origins with X-Frame-Options or CSP frame-ancestors; the screen
 * then shows an empty frame. The server asks the page once, through the guarded fetch, when
 * the app is saved, and answers with a warning; the app is saved either way.
 */

const AFTER = 'Ekranda boş görünebilir.';

/** Sources of frame-ancestors that let any page of a scheme frame it: the player's origin is one of them. */
const ANY_ORIGIN = new Set(['*', 'https:', 'http:']);

/**
 * What refuses framing in these headers, or null. A policy's frame-ancestors wins over
 * X-Frame-Options, as in browsers; several CSP headers (joined by ', ') all have to allow it.
 */
function framingRefusal(headers: IncomingHttpHeaders): 'csp' | 'xfo' | null {
  const csp = [headers['content-security-policy'] ?? []].flat().join(',');
  const ancestors = csp.split(',').flatMap((policy) => policy.split(';'))
    // eslint-disable-next-line no-restricted-syntax -- header tokens (frame-ancestors, 'none'), not Turkish text
    .map((d) => d.trim().toLowerCase().split(/\s+/))
    .filter(([name]) => name === 'frame-ancestors')
    .map(([, ...sources]) => sources);
  if (ancestors.length > 0) return ancestors.every((sources) => sources.some((s) => ANY_ORIGIN.has(s))) ? null : 'csp';
  // eslint-disable-next-line no-restricted-syntax -- header tokens (DENY, SAMEORIGIN), not Turkish text
  const xfo = [headers['x-frame-options'] ?? []].flat().join(',').split(',').map((v) => v.trim().toLowerCase());
  return xfo.some((v) => v === 'deny' || v === 'sameorigin') ? 'xfo' : null;
}

/** The Turkish warning for a web app's address, or undefined when its page can be framed. */
export async function framingWarning(url: string, policy: FetchPolicy): Promise<string | undefined> {
  let res;
  try {
    // The headers are the answer: HEAD reads no page, GET only for a server that refuses HEAD.
    res = await guardedFetch(url, { method: 'HEAD' }, policy);
    if (res.status === 405 || res.status === 501) res = await guardedFetch(url, { method: 'GET' }, policy);
  } catch (err) {
    if (err instanceof GuardedFetchError) return `Sayfa denetlenemedi: ${err.message}. ${AFTER}`;
    throw err;
  }
  const refusal = framingRefusal(res.headers);
  if (refusal === 'xfo') return `Bu site başka sayfaların içinde gösterilmeyi reddediyor (X-Frame-Options). ${AFTER}`;
  if (refusal === 'csp') return `Bu site başka sayfaların içinde gösterilmeyi reddediyor (Content-Security-Policy frame-ancestors). ${AFTER}`;
  if (res.status >= 400) return `Sayfa denetlenemedi: site ${res.status} yanıtı verdi. ${AFTER}`;
  return undefined;
}
