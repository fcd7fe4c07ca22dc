// Generators of malformed requests for the fuzz test. Every generated request is invalid by
// construction, so none may be accepted: each field any request schema reads carries a value
// no schema accepts, or the body cannot be parsed at all, or the path id is not an id.
import fc from 'fast-check';
import { z } from 'zod';
import * as contract from '@pano/contract';

const NUL = '\u0000';

/** Every key of every object schema in the contract: the fields any route could read. */
export const KNOWN_FIELDS: string[] = [...new Set(
  Object.values(contract).flatMap((v) => (v instanceof z.ZodObject ? Object.keys(v.shape as object) : [])),
)].sort();

// Values that fail every field: text with a NUL byte, numbers below every minimum or above
// every maximum, containers where a scalar belongs and scalars where a container belongs.
// (Booleans, short plain strings, empty objects and small positive numbers are valid somewhere.)
const smallPoison: fc.Arbitrary<unknown> = fc.oneof(
  fc.tuple(fc.string({ maxLength: 12 }), fc.string({ maxLength: 12 })).map(([a, b]) => `${a}${NUL}${b}`),
  fc.integer({ min: -1_000_000_000, max: -1 }),
  fc.integer({ min: 10_000_000, max: Number.MAX_SAFE_INTEGER }),
  fc.constantFrom(1e300, -1e300, -0.5),
  fc.array(fc.string({ maxLength: 8 }).map((s) => `${s}${NUL}`), { minLength: 1, maxLength: 3 }),
  fc.constant([[NUL]]),
  fc.dictionary(fc.constantFrom('_id', 'name', 'text', 'media', 'a'), fc.string({ maxLength: 6 }).map((s) => `${NUL}${s}`), { minKeys: 1, maxKeys: 3 }),
);

/** JSON text of a value too big or too deep for any field (a string past every max length, 2,000+). */
const bigPoisonText: fc.Arbitrary<string> = fc.oneof(
  fc.tuple(fc.integer({ min: 2_001, max: 40_000 }), fc.constantFrom('a', 'ş', '😀', '\u202e', ' ', NUL))
    .map(([n, ch]) => JSON.stringify(ch.repeat(n))),
  fc.tuple(fc.integer({ min: 16, max: 4_000 }), fc.boolean())
    .map(([depth, arrays]) => (arrays ? `${'['.repeat(depth)}${']'.repeat(depth)}` : `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`)),
);

// `__proto__` and `constructor` as JSON keys: they must neither pollute Object.prototype nor
// smuggle fields past validation.
const prototypeKeys = fc.constantFrom(
  '',
  '"__proto__":{"role":"admin","isAdmin":true,"polluted":"evet"},',
  '"constructor":{"prototype":{"polluted":"evet"}},',
  '"__proto__":{"__proto__":{"polluted":"evet"}},"constructor":{"prototype":{"role":"admin"}},',
);

/** A JSON object with every known field poisoned (and at most two of them big). */
const poisonedFieldsText: fc.Arbitrary<string> = fc.tuple(
  fc.tuple(...KNOWN_FIELDS.map(() => smallPoison)),
  fc.array(fc.tuple(fc.constantFrom(...KNOWN_FIELDS), bigPoisonText), { maxLength: 2 }),
  prototypeKeys,
).map(([values, big, proto]) => {
  const fields = new Map(KNOWN_FIELDS.map((k, i) => [k, JSON.stringify(values[i])]));
  for (const [k, text] of big) fields.set(k, text);
  return `{${proto}${[...fields].map(([k, v]) => `${JSON.stringify(k)}:${v}`).join(',')}}`;
});

// A valid 1×1 PNG: an upload with a real image and a poisoned name must still write nothing.
const TINY_PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

function isPlainObjectJson(text: string): boolean {
  try {
    const v: unknown = JSON.parse(text);
    return typeof v === 'object' && v !== null && !Array.isArray(v);
  } catch {
    return false;
  }
}

export type BodySpec =
  | { kind: 'none' }
  | { kind: 'json'; contentType: string; text: string }
  | { kind: 'bytes'; contentType: string; encoding?: string; bytes: Buffer }
  | { kind: 'form'; text: string }
  | { kind: 'multipart'; fields: [string, string][]; file?: { field: string; name: string; bytes: Buffer } };

const jsonTypes = fc.constantFrom('application/json', 'application/json; charset=utf-8', 'application/merge-patch+json', 'text/plain');

const bodyArb: fc.Arbitrary<BodySpec> = fc.oneof(
  { weight: 1, arbitrary: fc.constant<BodySpec>({ kind: 'none' }) },
  // wrong types, poisoned fields, prototype keys
  { weight: 6, arbitrary: fc.tuple(jsonTypes, poisonedFieldsText).map(([contentType, text]): BodySpec => ({ kind: 'json', contentType, text })) },
  // a body that is not an object, or not JSON at all
  {
    weight: 2,
    arbitrary: fc.tuple(jsonTypes, fc.oneof(
      fc.constantFrom('null', '0', '-1', 'true', '[]', '[1,2,3]', `"${'\\u0000'}"`, '{', '{"a":}', '{"a":1,,}', '}{', '\u0000', 'NaN', '{"a":1}x', '{"__proto__":'),
      // An empty body, `{}` or any object of unknown keys (a deep `{"a":{"a":…}}` too) is a valid
      // "change nothing" to a route whose fields are all optional: as a whole body, only the long
      // strings and deep arrays.
      bigPoisonText.filter((text) => !isPlainObjectJson(text)),
      fc.string({ maxLength: 200 }).filter((text) => text.trim() !== '' && !isPlainObjectJson(text)),
    )).map(([contentType, text]): BodySpec => ({ kind: 'json', contentType, text })),
  },
  // bad charsets and content encodings, corrupt compressed data, invalid UTF-8, too large
  {
    weight: 3,
    arbitrary: fc.tuple(
      poisonedFieldsText,
      fc.oneof(
        fc.constantFrom('latin1', 'utf-16', 'koi8-r', 'x-bilinmeyen', 'utf-7').map((cs) => ({ contentType: `application/json; charset=${cs}` })),
        fc.constantFrom('br2', 'gzip', 'deflate', 'br', 'compress', 'gzip, gzip', 'identity, br').map((encoding) => ({ contentType: 'application/json', encoding })),
        fc.constant({ contentType: 'application/json', invalidUtf8: true }),
        fc.constant({ contentType: 'application/json', tooLarge: true }),
      ),
      fc.uint8Array({ minLength: 1, maxLength: 64 }),
    ).map(([text, how, junk]): BodySpec => {
      const h = how as { contentType: string; encoding?: string; invalidUtf8?: boolean; tooLarge?: boolean };
      if (h.encoding) return { kind: 'bytes', contentType: h.contentType, encoding: h.encoding, bytes: Buffer.from(junk) };
      if (h.invalidUtf8) return { kind: 'bytes', contentType: h.contentType, bytes: Buffer.concat([Buffer.from(text.slice(0, -1)), Buffer.from(',"x":"'), Buffer.from([0xff, 0xc3, 0x28, 0xed, 0xa0, 0x80]), Buffer.from('"}')]) };
      if (h.tooLarge) return { kind: 'bytes', contentType: h.contentType, bytes: Buffer.from(`{"name":"${'x'.repeat(1_100_000)}"}`) };
      return { kind: 'bytes', contentType: h.contentType, bytes: Buffer.from(text) };
    }),
  },
  // forms: poisoned fields, over 1,000 fields, nested brackets
  {
    weight: 1,
    arbitrary: fc.oneof(
      fc.constant(KNOWN_FIELDS.map((k) => `${k}=%00${'x'.repeat(3)}`).join('&')),
      fc.integer({ min: 1_001, max: 1_500 }).map((n) => Array.from({ length: n }, (_, i) => `f${i}=1`).join('&')),
      fc.constant(`${KNOWN_FIELDS.map((k) => `${k}=%00`).join('&')}&a[b][c][d][e][f][g]=1&%ZZ=%ZZ`),
    ).map((text): BodySpec => ({ kind: 'form', text })),
  },
  // multipart: poisoned fields, with junk, a real image or no file at all
  {
    weight: 1,
    arbitrary: fc.tuple(
      fc.constantFrom(...KNOWN_FIELDS).chain((k) => fc.tuple(fc.constant(k), fc.oneof(
        fc.string({ maxLength: 10 }).map((s) => `${s}${NUL}`),
        fc.integer({ min: 2_001, max: 20_000 }).map((n) => 'ş'.repeat(n)),
      ))),
      fc.option(fc.record({
        field: fc.constantFrom('file', 'image', 'apk'),
        name: fc.constantFrom('x.png', '../../x.png', 'a\u0000.png', 'x.apk', ''),
        bytes: fc.oneof(fc.uint8Array({ maxLength: 256 }).map((b) => Buffer.from(b)), fc.constant(TINY_PNG)),
      }), { nil: undefined }),
    ).map(([[k, v], file]): BodySpec => ({ kind: 'multipart', fields: [['name', v], ['version', v], [k, v]], ...(file ? { file } : {}) })),
  },
);

/** Path ids: not ids at all, bad percent-encodings, ids that exist nowhere. */
const invalidIdArb: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom('abc', '%ZZ', '%E0%A4%A', '%00', '%C0%AE%C0%AE', '..%2F..%2Fetc%2Fpasswd', 'null', 'undefined', '0', '-1', '1e3', '%20', 'admin', '__proto__', 'constructor', '%F0%9F%98%80'),
  fc.uuid(),
  fc.uuid().map((u) => u.toUpperCase()),
  fc.uuid().map((u) => `${u}%00`),
  fc.uuid().map((u) => `${u}x`),
  fc.integer({ min: 300, max: 3_000 }).map((n) => 'a'.repeat(n)),
  fc.string({ minLength: 1, maxLength: 40 }).map((s) => encodeURIComponent(s)),
);

/** Query strings with poisoned values, bad encodings and repeated keys. */
const queryArb: fc.Arbitrary<string> = fc.oneof(
  fc.constant(''),
  fc.constantFrom('?userId=%00', '?userId=abc', '?userId=%ZZ', '?userId=a&userId=b', '?__proto__[role]=admin', '?a[b][c]=1', `?userId=${'x'.repeat(3_000)}`, '?%ZZ'),
  fc.tuple(fc.constantFrom(...KNOWN_FIELDS), fc.string({ maxLength: 20 })).map(([k, v]) => `?${k}=${encodeURIComponent(`${v}\u0000`)}`),
);

export type Actor = 'anonymous' | 'forged-token' | 'customer' | 'admin' | 'device' | 'api-key';
export const ACTORS: Actor[] = ['anonymous', 'forged-token', 'customer', 'admin', 'device', 'api-key'];

export type MalformedRequest = {
  actor: Actor;
  route: { method: string; path: string };
  /** What fills each `:param` of the path; `own` picks one of the actor's real ids. */
  ids: ({ kind: 'invalid'; value: string } | { kind: 'own' })[];
  query: string;
  body: BodySpec;
};

export function malformedRequestArb(routes: { method: string; path: string }[]): fc.Arbitrary<MalformedRequest> {
  return fc.record({
    actor: fc.constantFrom(...ACTORS),
    route: fc.constantFrom(...routes),
    ids: fc.array(fc.oneof(
      { weight: 4, arbitrary: invalidIdArb.map((value) => ({ kind: 'invalid' as const, value })) },
      { weight: 1, arbitrary: fc.constant({ kind: 'own' as const }) },
    ), { minLength: 3, maxLength: 3 }),
    query: queryArb,
    body: bodyArb,
  });
}
