import { tr } from '../i18n/tr';
import { ApiError } from './api-error';
import { tokenStorage } from './token-storage';

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

function authHeaders(): Record<string, string> {
  const token = tokenStorage.get();
  return token ? { Authorization: `Bearer ${token}` } : {};
}

/**
 * docs/PRODUCT.md#session: any 401 drops the token and goes to /login; any 402 goes to /packages.
 * A 401 on a call made without a token (a wrong password at login) is only an error.
 */
function handleStatus(status: number, hadToken: boolean) {
  if (status === 401 && hadToken) {
    tokenStorage.clear();
    hooks.onUnauthorized();
    hooks.navigate('/login');
  } else if (status === 402) {
    hooks.navigate('/packages');
  }
}

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

export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json', ...authHeaders() };
  const hadToken = 'Authorization' in headers;
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
    handleStatus(res.status, hadToken);
    throw toError(res.status, parsed);
  }
  return parsed as T;
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
  const headers = authHeaders();
  const hadToken = 'Authorization' in headers;
  let res: Response;
  try {
    res = await fetch(path, { headers, signal });
  } catch (err) {
    if (err instanceof DOMException && err.name === 'AbortError') throw err;
    throw new ApiError(tr.common.networkError, 0);
  }
  if (!res.ok) {
    handleStatus(res.status, hadToken);
    throw toError(res.status, parseBody(await res.text()));
  }
  return { blob: await res.blob(), filename: filenameFromDisposition(res.headers.get('Content-Disposition')) };
}

export const api = {
  get: <T>(path: string, signal?: AbortSignal) => apiRequest<T>(path, { signal }),
  post: <T>(path: string, body?: unknown) => apiRequest<T>(path, { method: 'POST', body }),
  put: <T>(path: string, body?: unknown) => apiRequest<T>(path, { method: 'PUT', body }),
  delete: <T>(path: string) => apiRequest<T>(path, { method: 'DELETE' }),
};

export type UploadOptions = {
  method?: 'POST' | 'PUT';
  /** 0-100, from the browser's upload progress events. */
  onProgress?: (percent: number) => void;
  signal?: AbortSignal;
};

/** Multipart upload via XMLHttpRequest, because fetch has no upload progress events. */
export function uploadForm<T>(path: string, form: FormData, options: UploadOptions = {}): Promise<T> {
  return new Promise<T>((resolve, reject) => {
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
        resolve(parsed as T);
        return;
      }
      handleStatus(xhr.status, Boolean(token));
      reject(toError(xhr.status, parsed));
    };
    xhr.onerror = () => reject(new ApiError(tr.common.networkError, 0));
    xhr.onabort = () => reject(new DOMException('Aborted', 'AbortError'));
    options.signal?.addEventListener('abort', () => xhr.abort());
    xhr.send(form);
  });
}

/** docs/PRODUCT.md#api: list endpoints may answer an array or an object wrapping it; anything else is empty. */
export function asList<T>(data: unknown, key: string): T[] {
  if (Array.isArray(data)) return data as T[];
  if (data && typeof data === 'object' && Array.isArray((data as Record<string, unknown>)[key])) {
    return (data as Record<string, T[]>)[key] ?? [];
  }
  return [];
}
