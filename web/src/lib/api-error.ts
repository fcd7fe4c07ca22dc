import { tr } from '../i18n/tr';

/**
 * The code of an answer that does not match its contract schema (lib/api-client.ts): the message
 * is ours, not the server's, so a form's own fallback text still wins over it.
 */
export const INVALID_RESPONSE = 'INVALID_RESPONSE';

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
 * A failure whose message was already written for people where it happened: a card the
 * processor declined (Stripe.js's own Turkish text), or a step that answered without
 * what the flow needs (a checkout session without a url).
 */
export class ShownError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ShownError';
  }
}

/**
 * Text meant for people that `err` carries, if any: our server's own Turkish message (its
 * error bodies always have a `code`; a proxy's 502 page, an empty 500 or a thrown exception
 * has no text for people), or a ShownError's. Structural for the server's errors, so the
 * player's HttpError (the preview's socket errors) counts as well as ApiError.
 */
function carriedText(err: unknown): string | null {
  if (!(err instanceof Error) || !err.message) return null;
  if (err instanceof ShownError) return err.message;
  const { code, status } = err as { code?: unknown; status?: unknown };
  if (code === INVALID_RESPONSE) return null;
  return typeof code === 'string' && code !== '' && typeof status === 'number' && status > 0 ? err.message : null;
}

/**
 * How the spec words one call's failure: a fixed text that stands in when the server said
 * nothing ('Kayıt olurken bir hata oluştu'), or a sentence around the reason
 * ('Playlist oluşturulurken hata oluştu: {reason}').
 */
export type FailureText = string | ((reason: string) => string);

/**
 * The one place that turns a failure into text for people, by the spec's rule "the server
 * message, or the fallback": the text the error carries when it has one, otherwise the
 * fallback; a sentence gets the carried text, or a general Turkish text (no network, or an
 * unexpected failure), as its reason. Never an HTTP status text such as 'Internal Server Error'.
 */
export function errorMessage(err: unknown, text?: FailureText): string {
  const carried = carriedText(err);
  const general = generalText(err);
  if (typeof text === 'function') return text(carried ?? general);
  return carried ?? text ?? general;
}

/** No network, an answer of another shape than the contract's, or anything else. */
function generalText(err: unknown): string {
  if (!(err instanceof ApiError)) return tr.common.unknownError;
  if (err.status === 0) return tr.common.networkError;
  return err.code === INVALID_RESPONSE ? tr.common.badAnswer : tr.common.unknownError;
}
