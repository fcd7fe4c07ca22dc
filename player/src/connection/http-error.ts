import { tr } from '../i18n/tr.js';
import { DOWNLOAD_STALL_MS, fetchWatched } from '../offline/watched-download.js';

type Contract = typeof import('./player-schemas.js');

/**
 * The contract schema an answer or a pushed event must match, picked from player-schemas.ts:
 * `(c) => c.ZScreenConfig` (docs/CONTRACT.md). The module (zod and those schemas) is imported
 * with the first call, in a chunk of its own, so the player's first load stays small
 * and without zod (docs/PERFORMANCE.md, P6).
 */
export type AnswerSchema<T> = (contract: Contract) => { parse: (value: unknown) => T };

const loadParser = () => import('./parse-answer.js');

/**
 * `value` parsed with its schema; anything else throws an HttpError with `fallback` (the call's
 * Turkish text) and leaves the mismatch in the console (parse-answer.ts, loaded with the
 * schemas). `parser` is that module's import, when the caller started it already.
 */
export async function parseAnswer<T>(
  what: string, value: unknown, schema: AnswerSchema<T>, fallback: string, status = 0, parser = loadParser(),
): Promise<T> {
  const parsed = (await parser).parseWith(what, value, schema);
  // No code: the message is the call's own Turkish text, not the server's (docs/CONTRACT.md).
  if (!parsed) throw new HttpError(fallback, status);
  return parsed.data;
}

/** A failed call: HTTP status (0 for no network) and the server's Turkish message. */
export class HttpError extends Error {
  constructor(message: string, readonly status: number, readonly code?: string) {
    super(message);
    this.name = 'HttpError';
  }
}

/**
 * fetch + JSON with the server's error message kept (docs/PRODUCT.md#errors: 'the server message,
 * or ...'), the answer parsed with its contract schema. A line that goes silent ends the call as
 * it ends a download, as a failure of the network (status 0), so a play upload or a config fetch
 * waiting on it never holds back the ones after it (docs/architecture/player.md#network-waits).
 */
export async function fetchJson<T>(
  url: string, schema: AnswerSchema<T>, init: Omit<RequestInit, 'signal'> & { token?: string } = {}, fallback: string = tr.configFailed,
): Promise<T> {
  const headers = new Headers(init.headers);
  headers.set('Accept', 'application/json');
  if (init.token) headers.set('Authorization', `Bearer ${init.token}`);
  if (init.body !== undefined) headers.set('Content-Type', 'application/json');
  // The schemas load beside the request, not after its answer: the first config on screen waits
  // for no round trip of their own. A call that fails first leaves the import unawaited.
  const parser = loadParser();
  parser.catch(() => undefined);
  let res: Response;
  let text: string;
  try {
    // The watch counts from the request's start, so the time to send its body (a batch of plays,
    // ~150 KB at most) counts too: a millisecond a byte, 1 KB/s, for a slow uplink.
    const sending = typeof init.body === 'string' ? init.body.length : 0;
    res = await fetchWatched(url, { ...init, headers, cache: 'no-store' }, DOWNLOAD_STALL_MS + sending);
    text = await res.text();
  } catch {
    throw new HttpError(fallback, 0);
  }
  let body: unknown;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    body = undefined;
  }
  if (!res.ok) {
    const b = body as { message?: unknown; code?: unknown } | undefined;
    throw new HttpError(typeof b?.message === 'string' ? b.message : fallback, res.status, typeof b?.code === 'string' ? b.code : undefined);
  }
  return parseAnswer(url, body, schema, fallback, res.status, parser);
}

export function screenConfigUrl(screenId: string): string {
  return `/api/screens/${encodeURIComponent(screenId)}/config`;
}
