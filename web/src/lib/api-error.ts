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

/**
 * Our server's own Turkish message, if `err` carries one. Its error bodies always have a
 * `code`; an answer without one (a proxy's 502 page, an empty 500) or a thrown exception
 * has no text meant for people. Structural, so the player's HttpError (the preview's
 * socket errors) counts as well as ApiError.
 */
function serverText(err: unknown): string | null {
  if (!(err instanceof Error) || !err.message) return null;
  const { code, status } = err as { code?: unknown; status?: unknown };
  return typeof code === 'string' && code !== '' && typeof status === 'number' && status > 0 ? err.message : null;
}

/**
 * The one place that turns a failure into text for people: the server's message when it
 * sent one, otherwise `fallback` (the spec's "server message, or …" text of the form), and
 * without a fallback a general Turkish text (no network, or an unexpected failure). Never
 * an HTTP status text such as 'Internal Server Error'.
 */
export function errorMessage(err: unknown, fallback?: string): string {
  const text = serverText(err);
  if (text) return text;
  if (fallback) return fallback;
  return err instanceof ApiError && err.status === 0 ? tr.common.networkError : tr.common.unknownError;
}

/** Spec pattern "server message, or <fallback>"; the same rule as errorMessage. */
export const serverMessageOr = (err: unknown, fallback: string): string => errorMessage(err, fallback);
