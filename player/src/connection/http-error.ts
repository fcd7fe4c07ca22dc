import { tr } from '../i18n/tr.js';

/** A failed call: HTTP status (0 for no network) and the server's Turkish message. */
export class HttpError extends Error {
  constructor(message: string, readonly status: number, readonly code?: string) {
    super(message);
    this.name = 'HttpError';
  }
}

/** fetch + JSON with the server's error message kept (docs/PRODUCT.md#errors: 'the server message, or ...'). */
export async function fetchJson<T>(url: string, init: RequestInit & { token?: string } = {}, fallback: string = tr.configFailed): Promise<T> {
  const headers = new Headers(init.headers);
  headers.set('Accept', 'application/json');
  if (init.token) headers.set('Authorization', `Bearer ${init.token}`);
  if (init.body !== undefined) headers.set('Content-Type', 'application/json');
  let res: Response;
  try {
    res = await fetch(url, { ...init, headers, cache: 'no-store' });
  } catch {
    throw new HttpError(fallback, 0);
  }
  const text = await res.text();
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
  return body as T;
}

export function screenConfigUrl(screenId: string): string {
  return `/api/screens/${encodeURIComponent(screenId)}/config`;
}
