import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex } from '@noble/hashes/utils.js';
import { fetchWatched } from './watched-download.js';

/*
 * A file enters the offline cache only if its bytes have the SHA-256 the screen config gives
 * (docs/architecture/player.md#file-integrity). The bytes are hashed as they stream into the
 * cache, never held whole (a video may be 2 GB; WebCrypto's digest takes only a whole buffer):
 * the hashing stream errors at its end on a mismatch, so Cache.put rejects and stores nothing.
 * @noble/hashes is plain audited JavaScript: a WebAssembly hasher would need 'wasm-unsafe-eval'
 * in the pages' script-src (server/src/http/security-headers.ts).
 */

/** The SHA-256 a cached copy was checked against, stored with it. */
export const VERIFIED_HEADER = 'X-Pano-Sha256';

/** A body passed through unchanged while hashed; `mismatch` once its end did not have `expected`. */
function hashing(expected: string): { stream: TransformStream<Uint8Array, Uint8Array>; mismatch: () => boolean } {
  const hash = sha256.create();
  let mismatch = false;
  const stream = new TransformStream<Uint8Array, Uint8Array>({
    transform(chunk, controller) {
      hash.update(chunk);
      controller.enqueue(chunk);
    },
    flush(controller) {
      if (bytesToHex(hash.digest()) === expected) return;
      mismatch = true;
      controller.error(new Error('SHA-256 mismatch'));
    },
  });
  return { stream, mismatch: () => mismatch };
}

/** A cached copy already checked against this SHA-256. */
export const isVerifiedCopy = (cached: Response, expected: string) => cached.headers.get(VERIFIED_HEADER) === expected;

/** `res` streamed into the cache under `url` through the hash; what happened. */
async function putHashed(cache: Cache, url: string, res: Response, expected: string): Promise<'stored' | 'corrupt'> {
  const check = hashing(expected);
  const headers = new Headers(res.headers);
  headers.set(VERIFIED_HEADER, expected);
  // fetch() hands the body decoded: the stored copy must not claim an encoding or the encoded length.
  if (headers.has('Content-Encoding')) {
    headers.delete('Content-Encoding');
    headers.delete('Content-Length');
  }
  try {
    await cache.put(url, new Response(res.body!.pipeThrough(check.stream), { status: 200, statusText: res.statusText, headers }));
    return 'stored';
  } catch (err) {
    if (check.mismatch()) return 'corrupt';
    throw err;
  }
}

/**
 * Downloads `url` into the cache if its bytes have `expected` (lower-case hex): 'stored',
 * 'corrupt' (nothing stored) or 'failed' (not a 200: tried again later). A network error throws.
 */
export async function fetchVerified(cache: Cache, url: string, expected: string): Promise<'stored' | 'corrupt' | 'failed'> {
  const res = await fetchWatched(url, { cache: 'no-store' });
  if (res.status !== 200 || !res.body) {
    await res.body?.cancel();
    return 'failed';
  }
  return putHashed(cache, url, res, expected);
}

/**
 * Checks a copy cached without this SHA-256 (stored before the server kept one, or by an older
 * player) from the cache itself, without the network: a good copy is stored again marked as
 * checked, so this happens once; whether it was good.
 */
export async function verifyCachedCopy(cache: Cache, url: string, expected: string): Promise<boolean> {
  const cached = await cache.match(url);
  if (!cached?.body) return false;
  return (await putHashed(cache, url, cached, expected)) === 'stored';
}
