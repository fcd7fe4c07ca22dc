import { z } from './zod.js';

/** Ids are stored in lower case, while a client may write a UUID in either case (RFC 9562). */
// eslint-disable-next-line no-restricted-syntax -- a UUID is a machine identifier: hex digits, no Turkish letters
export const lowerCaseId = (id: string) => id.toLowerCase();

const uuidText = z.string().uuid('Geçersiz kimlik');
export const ZId = uuidText.transform(lowerCaseId);
export const ZIdParams = z.object({ id: ZId });

/** What a request names by id: the id, or `{ _id }` as the dashboard's forms send it; `error` says what it is not. */
export const idRef = (error: string) =>
  // The case is folded after the union: a transform inside its first option would hide that option's own message.
  z.union([uuidText, z.object({ _id: uuidText }).transform((r) => r._id)], { error }).transform(lowerCaseId);

/** A playlist (or ticker) a request names, or null for none. */
export const ZContentRef = idRef('Geçersiz playlist').nullable();

/** What an answer names: `{ _id, name }`, or null for none. */
export const ZNamedRef = z.object({ _id: ZId, name: z.string() }).nullable();

/** Dates travel as ISO strings. */
export const ZIsoDate = z.string();

/**
 * Every string a request carries: PostgreSQL's text cannot hold U+0000, so a NUL byte is
 * refused here as bad input instead of failing the write in the database.
 */
export const storableText = (error?: string) =>
  z.string(error ? { error } : undefined).refine((s) => !s.includes('\u0000'), 'Metin geçersiz bir karakter (NUL) içeriyor');

/** Trimmed, non-blank text with a Turkish message naming the field. */
export const requiredText = (message: string, max = 200) =>
  storableText(message).trim().min(1, message).max(max, `En fazla ${max} karakter girilebilir`);

/**
 * Plain decimal notation, as an HTML number input sends it or a Turkish keyboard types it (the
 * decimal comma, '41,01'): no hex, exponents, signs other than '-', thousands separators or blanks.
 */
const DECIMAL = /^-?\d+([.,]\d+)?$/;

/**
 * A number from JSON, or a plain decimal string ("12", "1.5", "1,5") from a form. z.coerce would
 * also turn `true` into 1, `[1]` into 1, "0x10" into 16 and "1e3" into 1000; those stay
 * what they are and fail as "not a number". `error` gets the raw input, so a field can say
 * "zorunludur" for a missing value and "bir sayı olmalıdır" for anything else.
 */
export const numberField = (error: string | ((input: unknown) => string)) =>
  z.preprocess(
    (v) => (typeof v === 'string' && DECIMAL.test(v.trim()) ? Number(v.trim().replace(',', '.')) : v),
    z.number({ error: typeof error === 'string' ? error : (iss) => error(iss.input) }),
  );

/** Degrees north (-90..90), from JSON or as typed; the weather app's place and a screen's location. */
const LATITUDE_MESSAGE = 'Enlem -90 ile 90 arasında olmalıdır';
export const ZLatitude = numberField(LATITUDE_MESSAGE).pipe(z.number().min(-90, LATITUDE_MESSAGE).max(90, LATITUDE_MESSAGE));
/** Degrees east (-180..180), as ZLatitude. */
const LONGITUDE_MESSAGE = 'Boylam -180 ile 180 arasında olmalıdır';
export const ZLongitude = numberField(LONGITUDE_MESSAGE).pipe(z.number().min(-180, LONGITUDE_MESSAGE).max(180, LONGITUDE_MESSAGE));

const HEX = /^#([0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/;

/** A colour as `#RGB` or `#RRGGBB`, with a Turkish message naming the field. */
export const colour = (field: string) => {
  const message = `${field} #RRGGBB biçiminde olmalıdır (ör. #B91C1C)`;
  return z.string({ error: message }).regex(HEX, message);
};

export const ZOkResponse = z.object({ message: z.string() });

/** GET /healthz. */
export const ZLiveness = z.object({ ok: z.literal(true) });

/**
 * GET /readyz: whether this instance takes requests (docs/OPERATIONS.md#health-readiness-and-outages), and why; sent with 503
 * beside the error's `message` and `code` when it does not.
 */
const ZCheckState = z.enum(['up', 'down', 'not-configured']);
export const ZReadinessReport = z.object({ ready: z.boolean(), draining: z.boolean(), checks: z.object({ database: ZCheckState, redis: ZCheckState }) });
export type TReadinessReport = z.infer<typeof ZReadinessReport>;
