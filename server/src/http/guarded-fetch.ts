import dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import { Readable } from 'node:stream';
import zlib from 'node:zlib';
import ipaddr from 'ipaddr.js';
import { badRequest } from './errors.js';

/*
 * The one way the server fetches an address a customer gave (docs/architecture/security.md#server-side-fetches):
 * web checks, RSS feeds, weather. Every address a connection goes to is checked, at connect
 * time (the lookup hook below), so a name that resolves to a public address for a check and a
 * private one for the connection (DNS rebinding) cannot slip through; redirects are followed by
 * hand and each hop goes through the same hook.
 */

const FETCH_LIMITS = { maxRedirects: 3, timeoutMs: 10_000, maxBytes: 5 * 1024 * 1024 } as const;

export type FetchFailure = 'bad-url' | 'private-address' | 'too-many-redirects' | 'timeout' | 'too-large' | 'network';

const MESSAGES: Record<FetchFailure, string> = {
  'bad-url': 'Adres http:// ya da https:// ile başlayan geçerli bir adres olmalıdır',
  'private-address': 'Adres iç ağa işaret ediyor',
  'too-many-redirects': 'Adres çok fazla yönlendirme yapıyor',
  timeout: 'Zaman aşımı: adres 10 saniyede yanıt vermedi',
  'too-large': 'Yanıt çok büyük',
  network: 'Adrese ulaşılamadı',
};

/** Why a guarded fetch failed; `message` is Turkish and may be shown to the customer as it is. */
export class GuardedFetchError extends Error {
  constructor(readonly reason: FetchFailure, detail?: string) {
    super(MESSAGES[reason]);
    this.name = 'GuardedFetchError';
    if (detail) this.cause = detail;
  }
}

/** FETCH_ALLOW_PRIVATE=1: intranet addresses are allowed (an intranet feed). */
export type FetchPolicy = { allowPrivate: boolean };

/** This process's policy for customers' addresses, from its config (FETCH_ALLOW_PRIVATE). */
export const fetchPolicy = (config: { fetchAllowPrivate: boolean }): FetchPolicy => ({ allowPrivate: config.fetchAllowPrivate });

/** Reachable only with FETCH_ALLOW_PRIVATE=1. Everything else but public unicast (multicast, unspecified, broadcast, reserved, NAT64/6to4/Teredo forms) is never fetched. */
const PRIVATE_RANGES = new Set(['private', 'loopback', 'linkLocal', 'carrierGradeNat', 'uniqueLocal', 'deprecatedSiteLocal']);

/** Whether a connection may go to this IP address; IPv4-mapped IPv6 counts as the IPv4 address it maps. */
export function addressAllowed(address: string, policy: FetchPolicy): boolean {
  if (!ipaddr.isValid(address)) return false;
  const ip = ipaddr.process(address);
  const range = ip.range();
  // IPv4-compatible IPv6 (::a.b.c.d, deprecated since RFC 4291): ipaddr.js calls it unicast, but
  // it names an IPv4 address ('[::127.0.0.1]' is loopback) and no public host is reached by it.
  if (range === 'unicast' && ip.kind() === 'ipv6' && (ip as ipaddr.IPv6).parts.slice(0, 6).every((p) => p === 0)) return false;
  return range === 'unicast' || (policy.allowPrivate && PRIVATE_RANGES.has(range));
}

type LookupCallback = (err: NodeJS.ErrnoException | null, address: string | dns.LookupAddress[], family?: number) => void;

/**
 * A `lookup` for net/http: resolves every address of the name and refuses the name if any
 * of them is refused, so the address connected to is always one that was checked.
 */
export function guardedLookup(policy: FetchPolicy) {
  return (hostname: string, options: dns.LookupOptions, callback: LookupCallback): void => {
    dns.lookup(hostname, { ...options, all: true }, (err, addresses) => {
      if (err) return callback(err, []);
      if (addresses.length === 0 || addresses.some((a) => !addressAllowed(a.address, policy))) {
        return callback(new GuardedFetchError('private-address', hostname) as NodeJS.ErrnoException, []);
      }
      if (options.all) return callback(null, addresses);
      return callback(null, addresses[0]!.address, addresses[0]!.family);
    });
  };
}

/**
 * Whether an address given now (a webhook's) could be fetched: a valid http(s) address whose
 * name resolves, every address allowed by the policy. Throws GuardedFetchError, Turkish, when
 * not. Each fetch checks again at connect time: a name may resolve elsewhere later.
 */
export async function assertFetchable(raw: string, policy: FetchPolicy): Promise<void> {
  const url = checkUrl(raw, undefined, policy);
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  if (net.isIP(host)) return;
  await new Promise<void>((resolve, reject) => {
    guardedLookup(policy)(host, { all: true }, (err) => {
      if (!err) return resolve();
      reject(err instanceof GuardedFetchError ? err : new GuardedFetchError('network', err.message));
    });
  });
}

/**
 * A customer's address field checked when it is saved (a webhook's, a CAP feed's): 400 with
 * '{label} kullanılamaz: {why}' on `url`, in Turkish, when the guard refuses it.
 */
export async function assertUrlField(raw: string, policy: FetchPolicy, label: string): Promise<void> {
  try {
    await assertFetchable(raw, policy);
  } catch (err) {
    if (!(err instanceof GuardedFetchError)) throw err;
    const message = `${label} kullanılamaz: ${err.message}`;
    throw badRequest(message, [{ path: 'url', message }]);
  }
}

/** Parses and checks one hop's address; a literal IP never reaches the lookup hook (net skips it), so it is checked here. */
function checkUrl(raw: string, base: URL | undefined, policy: FetchPolicy): URL {
  let url: URL;
  try {
    url = new URL(raw, base);
  } catch {
    throw new GuardedFetchError('bad-url');
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.hostname === '' || url.username || url.password) {
    throw new GuardedFetchError('bad-url');
  }
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  if (net.isIP(host) && !addressAllowed(host, policy)) throw new GuardedFetchError('private-address', host);
  return url;
}

export type GuardedFetchOptions = {
  method?: 'GET' | 'HEAD' | 'POST';
  headers?: Record<string, string>;
  /** Sent with POST (a company sign-in's token request); dropped when a redirect turns it into GET. */
  body?: string;
  /** false: a redirect is answered as it came (a sign-in's token request must not carry its secret elsewhere). */
  followRedirects?: boolean;
  /** Bytes of the (decoded) body; more aborts the fetch. Default and ceiling: 5 MB. */
  maxBytes?: number;
  /** For the whole fetch, redirects included. Default and ceiling: 10 s. */
  timeoutMs?: number;
};

export type GuardedResponse = {
  status: number;
  /** The address that answered, after redirects. */
  url: string;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
  /** The body as UTF-8. */
  text(): string;
};

const REDIRECTS = new Set([301, 302, 303, 307, 308]);

/**
 * Fetches an http(s) address a customer gave: private addresses refused unless the policy
 * allows them, at most 3 redirects, 10 s and 5 MB. Any other status is returned, not thrown.
 * Throws GuardedFetchError for every refusal and failure.
 */
export async function guardedFetch(raw: string, opts: GuardedFetchOptions, policy: FetchPolicy): Promise<GuardedResponse> {
  const maxBytes = Math.min(opts.maxBytes ?? FETCH_LIMITS.maxBytes, FETCH_LIMITS.maxBytes);
  const timeoutMs = Math.min(opts.timeoutMs ?? FETCH_LIMITS.timeoutMs, FETCH_LIMITS.timeoutMs);
  const abort = new AbortController();
  const timer = setTimeout(() => abort.abort(new GuardedFetchError('timeout')), timeoutMs);
  try {
    let url = checkUrl(raw, undefined, policy);
    let method = opts.method ?? 'GET';
    let body = opts.body;
    for (let redirects = 0; ; redirects++) {
      const res = await request(url, method, opts.headers ?? {}, body, policy, abort.signal);
      const location = res.headers.location;
      if (REDIRECTS.has(res.statusCode ?? 0) && location && opts.followRedirects !== false) {
        res.destroy();
        if (redirects >= FETCH_LIMITS.maxRedirects) throw new GuardedFetchError('too-many-redirects');
        url = checkUrl(location, url, policy);
        if (res.statusCode === 303 || (method === 'POST' && res.statusCode !== 307 && res.statusCode !== 308)) {
          method = 'GET';
          body = undefined;
        }
        continue;
      }
      const read = method === 'HEAD' ? Buffer.alloc(0) : await readBody(res, maxBytes, abort.signal);
      return { status: res.statusCode ?? 0, url: url.href, headers: res.headers, body: read, text: () => read.toString('utf8') };
    }
  } catch (err) {
    if (abort.signal.aborted) throw abort.signal.reason as GuardedFetchError;
    if (err instanceof GuardedFetchError) throw err;
    throw new GuardedFetchError('network', (err as Error).message);
  } finally {
    clearTimeout(timer);
  }
}

function request(url: URL, method: string, headers: Record<string, string>, body: string | undefined, policy: FetchPolicy, signal: AbortSignal): Promise<http.IncomingMessage> {
  const transport = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const req = transport.request(url, {
      method,
      // A fresh connection per hop: a pooled socket would skip the lookup hook.
      agent: false,
      lookup: guardedLookup(policy),
      signal,
      headers: { 'user-agent': 'Pano/1.0 (dijital tabela)', 'accept-encoding': 'gzip, deflate, br', ...headers },
    }, resolve);
    req.on('error', reject);
    req.end(body);
  });
}

/** Reads the body, decoded (gzip, deflate, br), aborting past maxBytes of decoded bytes. */
async function readBody(res: http.IncomingMessage, maxBytes: number, signal: AbortSignal): Promise<Buffer> {
  const declared = Number(res.headers['content-length']);
  // eslint-disable-next-line no-restricted-syntax -- a header token (gzip, br), not Turkish text
  const encoding = String(res.headers['content-encoding'] ?? '').trim().toLowerCase();
  if (!encoding && Number.isFinite(declared) && declared > maxBytes) {
    res.destroy();
    throw new GuardedFetchError('too-large');
  }
  const decoded: Readable = encoding === 'gzip' || encoding === 'x-gzip' ? res.pipe(zlib.createGunzip())
    : encoding === 'deflate' ? res.pipe(zlib.createInflate())
      : encoding === 'br' ? res.pipe(zlib.createBrotliDecompress())
        : res;
  if (decoded !== res) res.on('error', (err) => decoded.destroy(err));
  const stop = () => { res.destroy(); decoded.destroy(); };
  signal.addEventListener('abort', stop, { once: true });
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of decoded) {
      size += (chunk as Buffer).length;
      if (size > maxBytes) {
        stop();
        throw new GuardedFetchError('too-large');
      }
      chunks.push(chunk as Buffer);
    }
  } finally {
    signal.removeEventListener('abort', stop);
  }
  if (signal.aborted) throw signal.reason as GuardedFetchError;
  return Buffer.concat(chunks);
}
