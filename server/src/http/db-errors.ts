import { Prisma } from '../db/generated/client.js';

/**
 * What a database error means for the client:
 * - `unavailable`: PostgreSQL cannot be reached or refuses work now (503, try again later);
 * - `conflict`: a concurrent request won a race on the same rows (409, try again);
 * - `busy`: the rows are locked by another request's edit for longer than we wait (409);
 * - `invalid-text`: the input holds a character PostgreSQL's text cannot store (400);
 * - `invalid-date`: the input holds a date PostgreSQL cannot store (400). The contract's range
 *   (contract/src/dates.ts) refuses those first; this is the net under it.
 * Anything else is a fault of ours and stays a 500.
 */
export type DbFailure = 'unavailable' | 'conflict' | 'busy' | 'invalid-text' | 'invalid-date';

// The driver adapter's error kinds (@prisma/driver-adapter-utils) that mean "no usable connection".
const UNAVAILABLE_KINDS = new Set([
  'DatabaseNotReachable', 'DatabaseDoesNotExist', 'DatabaseAccessDenied', 'AuthenticationFailed',
  'ConnectionClosed', 'TlsConnectionError', 'TooManyConnections', 'SocketTimeout',
]);
const CONFLICT_KINDS = new Set(['TransactionWriteConflict', 'UniqueConstraintViolation']);

// Prisma's own codes: P1001 unreachable, P1002/P1008 timed out, P1017 connection closed,
// P2024 no pool connection in time, P2028 transaction could not start or outlived its timeout.
const UNAVAILABLE_CODES = new Set(['P1001', 'P1002', 'P1008', 'P1017', 'P2024', 'P2028']);
// P2002 unique violation, P2034 write conflict or deadlock.
const CONFLICT_CODES = new Set(['P2002', 'P2034']);

/** SQLSTATE classes and codes: connection exceptions (08), shutdown (57P0x), resources (53). */
function fromSqlState(state: string): DbFailure | undefined {
  if (state.startsWith('08') || state.startsWith('57P') || state.startsWith('53')) return 'unavailable';
  // serialization failure, deadlock, unique violation
  if (['40001', '40P01', '23505'].includes(state)) return 'conflict';
  // lock_not_available: lock_timeout ran out (db/row-lock.ts)
  if (state === '55P03') return 'busy';
  // invalid byte sequence (a NUL byte) or a character the database encoding cannot hold
  if (state === '22021' || state === '22P05') return 'invalid-text';
  // datetime field overflow: year 0 ('0000-01-01'), which PostgreSQL has no day of
  if (state === '22008') return 'invalid-date';
  return undefined;
}

type AdapterCause = { kind?: string; code?: string; originalCode?: string };

// node-postgres raises these as plain errors, outside Prisma's codes, when the server goes
// away while a connection is being opened or used.
const PG_CONNECTION_LOST = /^Connection terminated/;

export function classifyDbError(err: unknown): DbFailure | undefined {
  if (err instanceof Prisma.PrismaClientInitializationError) return 'unavailable';
  if (err instanceof Error && err.constructor === Error && PG_CONNECTION_LOST.test(err.message)) return 'unavailable';
  if (!(err instanceof Prisma.PrismaClientKnownRequestError)) return undefined;
  const cause = (err.meta?.driverAdapterError as { cause?: AdapterCause } | undefined)?.cause;
  if (cause?.kind && UNAVAILABLE_KINDS.has(cause.kind)) return 'unavailable';
  if (cause?.kind && CONFLICT_KINDS.has(cause.kind)) return 'conflict';
  const state = cause?.originalCode ?? cause?.code;
  const byState = typeof state === 'string' ? fromSqlState(state) : undefined;
  if (byState) return byState;
  if (UNAVAILABLE_CODES.has(err.code)) return 'unavailable';
  if (CONFLICT_CODES.has(err.code)) return 'conflict';
  return undefined;
}
