import { isIP } from 'node:net';

/** Express's `trust proxy`: none, a number of hops, or the proxies' addresses and ranges. */
export type TrustProxy = false | number | string[];

const NAMED_RANGES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/**
 * docs/OPERATIONS.md#behind-a-proxy: TRUST_PROXY is unset (trust no proxy: the client's
 * address is the connection's), a hop count (`1` behind one proxy) or a comma-separated list
 * of the proxies' addresses, CIDR ranges or express's names (loopback, linklocal,
 * uniquelocal). `true` (trust every hop) is refused: any client could then name its own
 * address in X-Forwarded-For and escape the rate limits. Returns null for anything else.
 */
export function parseTrustProxy(value: string | undefined): TrustProxy | null {
  const v = value?.trim() ?? '';
  if (v === '' || v === 'false' || v === '0') return false;
  if (/^\d+$/.test(v)) return Number(v) <= 10 ? Number(v) : null;
  const entries = v.split(',').map((e) => e.trim());
  return entries.every(isTrustedEntry) ? entries : null;
}

function isTrustedEntry(entry: string): boolean {
  if (NAMED_RANGES.has(entry)) return true;
  const [address, prefix, ...rest] = entry.split('/');
  const family = isIP(address ?? '');
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
}
