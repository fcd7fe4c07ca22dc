import { tr } from '../i18n/tr';

/** A failed call. `message` is the server's Turkish text when it sent one. */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly code?: string,
    readonly details?: { path: string; message: string }[],
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** The text to show for any thrown value; `fallback` when it carries no message. */
export function errorMessage(err: unknown, fallback: string = tr.common.unknownError): string {
  if (err instanceof Error && err.message) return err.message;
  if (typeof err === 'string' && err) return err;
  return fallback;
}

/**
 * Spec pattern "server message, or <fallback>": only the server's own text beats the
 * fallback. Our server's error bodies always carry a `code`; a proxy's HTML 502 or an
 * empty 500 does not, and must not show "HTTP 500" to people.
 */
export function serverMessageOr(err: unknown, fallback: string): string {
  return err instanceof ApiError && err.code && err.message ? err.message : fallback;
}
