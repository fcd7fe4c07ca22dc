import * as contract from './player-schemas.js';

/**
 * The contract's side of http-error.ts's parseAnswer, in the chunk that brings the player's
 * schemas (player-schemas.ts, with zod), so none of it is in the player's first load
 * (docs/CONTRACT.md). It imports nothing else of the player's, or the bundler would split what
 * it shares out of the first load's file.
 */
export function parseWith<T>(what: string, value: unknown, schema: (c: typeof contract) => { parse: (value: unknown) => T }): { data: T } | null {
  try {
    return { data: schema(contract).parse(value) };
  } catch (err) {
    console.error(`${what}: does not match its contract schema`, err);
    return null;
  }
}
