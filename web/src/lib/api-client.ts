import { tr } from '../i18n/tr';
import { ApiError, INVALID_RESPONSE } from './api-error';
import { tokenStorage } from './token-storage';

/** ErrorCode.MEMBER_LIMIT_REACHED, spelled out: the entry chunk carries none of the contract's index. */
const MEMBER_LIMIT_REACHED = 'MEMBER_LIMIT_REACHED';

export { ApiError } from './api-error';

type Navigate = (path: string) => void;
type Hooks = { navigate: Navigate; onUnauthorized: () => void };

// The router and the session store register themselves here at startup, so this module
// has no import cycle with them; the defaults work before (and without) a router.
const hooks: Hooks = {
  navigate: (path) => window.location.assign(path),
  onUnauthorized: () => undefined,
};

export function configureApiClient(next: Partial<Hooks>) {
  Object.assign(hooks, next);
}

export type RequestOptions = {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  signal?: AbortSignal;
};

export function authHeaders(): Record<string, string> {
  const token = tokenStorage.get();
  return token ? { Authorization: `Bearer ${token}` } : {};
}

/** Tokens a call under way is replacing (`whileTokenIsReplaced`). */
const replacing = new Set<string>();

/**
 * Runs a call whose answer replaces this browser's token (a password change: docs/PRODUCT.md#password-change).
 * From the moment the server commits until the answer arrives, the old token is already refused:
 * a call made meanwhile gets a 401 that must not sign this browser out. Its caller stores the new
 * token and asks again what failed.
 */
export async function whileTokenIsReplaced<T>(call: () => Promise<T>): Promise<T> {
  const current = tokenStorage.get();
  if (current) replacing.add(current);
  try {
    return await call();
  } finally {
    if (current) replacing.delete(current);
  }
}

/**
 * Whether the server's refusal of `sent` speaks for this browser's token now: it is still the
 * one stored, and no call is replacing it (a password change under way).
 */
export const refusalCounts = (sent: string | null): boolean => sent !== null && sent === tokenStorage.get() && !replacing.has(sent);

/**
 * docs/PRODUCT.md#session: any 401 drops the token and goes to /login; a 402 goes to /packages.
 * A 401 on a call made without a token (a wrong password at login) is only an error, and so is
 * the 402 of a full team (docs/PRODUCT.md#team): its message is shown where the invitation was made.
 * So is a 401 of a token this browser has since replaced (a password change, an account switch,
 * a call that was under way meanwhile): it says nothing about the token now stored.
 */
function handleStatus(status: number, sent: string | null, body?: unknown) {
  if (status === 401 && refusalCounts(sent)) {
    tokenStorage.clear();
    hooks.onUnauthorized();
    hooks.navigate('/login');
  } else if (status === 402 && !isMemberLimit(body)) {
    hooks.navigate('/packages');
  }
}

const isMemberLimit = (body: unknown) =>
  typeof body === 'object' && body !== null && 'code' in body && body.code === MEMBER_LIMIT_REACHED;

function parseBody(text: string): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** Without our error body the message is only for developers; errorMessage() never shows it. */
function toError(status: number, body: unknown): ApiError {
  if (body && typeof body === 'object' && 'message' in body && typeof body.message === 'string') {
    const b = body as { message: string; code?: string; details?: { path: string; message: string }[] };
    return new ApiError(b.message, status, b.code, b.details);
  }
  return new ApiError(`HTTP ${status}`, status);
}

/** What reading an answer needs of a contract schema. */
type Parser<T> = { parse: (value: unknown) => T };

/**
 * The contract schema an answer must match (docs/CONTRACT.md): the schema itself, imported
 * statically from `@pano/contract` by the calling api module, so it comes with its page's lazy
 * chunk; or, for a call the entry chunk makes (the session check, the route loaders' prefetches),
 * a loader from `lazySchema` (lib/lazy-schema.ts) that imports a module holding just that schema,
 * so zod stays out of the entry. The loader starts with the request: no round trip is added.
 * A dynamic import of the contract's index is never a loader: it would bring every schema along
 * (docs/PERFORMANCE.md#contract-chunks).
 */
export type AnswerSchema<T> = Parser<T> | (() => Promise<Parser<T>>);

/**
 * The schema itself, or the one a loader brings. A loader that fails (the network, or a build
 * replaced since the page opened) is said as the network's failure, in Turkish, as a request's
 * own would be.
 */
const schemaOf = <T>(schema: AnswerSchema<T>): Parser<T> | Promise<Parser<T>> =>
  typeof schema === 'function' ? schema().catch(() => { throw new ApiError(tr.common.networkError, 0); }) : schema;

/**
 * An answer that does not match its contract schema: the server and this dashboard disagree
 * (one of them is out of date). People get one Turkish sentence; the console gets the call and
 * every mismatch, for whoever fixes it.
 */
function badAnswer(path: string, status: number, err: unknown): ApiError {
  console.error(`${path}: the answer does not match its contract schema`, err);
  return new ApiError(tr.common.badAnswer, status, INVALID_RESPONSE);
}

async function send(path: string, options: RequestOptions): Promise<{ status: number; body: unknown }> {
  const sent = tokenStorage.get();
  const headers: Record<string, string> = { Accept: 'application/json', ...authHeaders() };
  let body: BodyInit | undefined;
  if (options.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.body);
  }
  let res: Response;
  try {
    res = await fetch(path, { method: options.method ?? 'GET', headers, body, signal: options.signal });
  } catch (err) {
    if (err instanceof DOMException && err.name === 'AbortError') throw err;
    throw new ApiError(tr.common.networkError, 0);
  }
  const parsed = parseBody(await res.text());
  if (!res.ok) {
    handleStatus(res.status, sent, parsed);
    throw toError(res.status, parsed);
  }
  return { status: res.status, body: parsed };
}

/** One call: the server's answer parsed with `schema` (docs/CONTRACT.md), or an ApiError. */
export async function apiRequest<T>(path: string, schema: AnswerSchema<T>, options: RequestOptions = {}): Promise<T> {
  const [answer, parser] = await Promise.all([send(path, options), schemaOf(schema)]);
  return parseAnswer(path, answer.status, answer.body, parser);
}

function parseAnswer<T>(path: string, status: number, body: unknown, schema: Parser<T>): T {
  try {
    return schema.parse(body);
  } catch (err) {
    throw badAnswer(path, status, err);
  }
}

/** A file the server sent, with the name its Content-Disposition gives (null when none). */
export type DownloadedFile = { blob: Blob; filename: string | null };

/**
 * `filename*=UTF-8''…` (RFC 6266, for names beyond ASCII) wins over `filename="…"`.
 */
export function filenameFromDisposition(header: string | null): string | null {
  if (!header) return null;
  const extended = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(header);
  if (extended?.[1]) {
    try {
      return decodeURIComponent(extended[1].trim());
    } catch {
      // A broken escape: fall through to the plain name.
    }
  }
  const plain = /filename\s*=\s*(?:"([^"]*)"|([^;]+))/.exec(header);
  const name = (plain?.[1] ?? plain?.[2] ?? '').trim();
  return name || null;
}

/**
 * GET a file with the token (a plain link cannot send it): the same 401/402 handling and
 * error text as every other call, the body as a Blob.
 */
export async function apiFile(path: string, signal?: AbortSignal): Promise<DownloadedFile> {
  const sent = tokenStorage.get();
  const headers = authHeaders();
  let res: Response;
  try {
    res = await fetch(path, { headers, signal });
  } catch (err) {
    if (err instanceof DOMException && err.name === 'AbortError') throw err;
    throw new ApiError(tr.common.networkError, 0);
  }
  if (!res.ok) {
    handleStatus(res.status, sent);
    throw toError(res.status, parseBody(await res.text()));
  }
  return { blob: await res.blob(), filename: filenameFromDisposition(res.headers.get('Content-Disposition')) };
}

/**
 * An answer that did not come through this client (tus-js-client's, features/media/uploads/):
 * the same 401/402 handling, and the same error with the server's Turkish message.
 */
export function refusalOf(status: number, text: string, sent: string | null): ApiError {
  const body = parseBody(text);
  handleStatus(status, sent, body);
  return toError(status, body);
}

/** Every JSON call of the dashboard: a path, the answer's contract schema, then what the call sends. */
export const api = {
  get: <T>(path: string, schema: AnswerSchema<T>, signal?: AbortSignal) => apiRequest(path, schema, { signal }),
  post: <T>(path: string, schema: AnswerSchema<T>, body?: unknown) => apiRequest(path, schema, { method: 'POST', body }),
  put: <T>(path: string, schema: AnswerSchema<T>, body?: unknown) => apiRequest(path, schema, { method: 'PUT', body }),
  patch: <T>(path: string, schema: AnswerSchema<T>, body?: unknown) => apiRequest(path, schema, { method: 'PATCH', body }),
  delete: <T>(path: string, schema: AnswerSchema<T>) => apiRequest(path, schema, { method: 'DELETE' }),
};

export type UploadOptions = {
  method?: 'POST' | 'PUT';
  /** 0-100, from the browser's upload progress events. */
  onProgress?: (percent: number) => void;
  signal?: AbortSignal;
};

/** Multipart upload via XMLHttpRequest, because fetch has no upload progress events. */
export async function uploadForm<T>(path: string, schema: AnswerSchema<T>, form: FormData, options: UploadOptions = {}): Promise<T> {
  const [answer, parser] = await Promise.all([upload(path, form, options), schemaOf(schema)]);
  return parseAnswer(path, answer.status, answer.body, parser);
}

function upload(path: string, form: FormData, options: UploadOptions): Promise<{ status: number; body: unknown }> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(options.method ?? 'POST', path);
    xhr.setRequestHeader('Accept', 'application/json');
    const token = tokenStorage.get();
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable && options.onProgress) options.onProgress(Math.round((e.loaded / e.total) * 100));
    };
    xhr.onload = () => {
      const parsed = parseBody(xhr.responseText);
      if (xhr.status >= 200 && xhr.status < 300) {
        options.onProgress?.(100);
        resolve({ status: xhr.status, body: parsed });
        return;
      }
      handleStatus(xhr.status, token);
      reject(toError(xhr.status, parsed));
    };
    xhr.onerror = () => reject(new ApiError(tr.common.networkError, 0));
    xhr.onabort = () => reject(new DOMException('Aborted', 'AbortError'));
    options.signal?.addEventListener('abort', () => xhr.abort());
    xhr.send(form);
  });
}
