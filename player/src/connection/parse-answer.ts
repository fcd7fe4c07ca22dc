import * as contract from '@pano/contract';
import { HttpError, INVALID_RESPONSE, type AnswerSchema } from './http-error.js';

/**
 * The contract's side of http-error.ts's parseAnswer, in the chunk that brings the contract (zod
 * and every schema), so none of it is in the player's first load (docs/CONTRACT.md).
 */
export function parseWith<T>(what: string, value: unknown, schema: AnswerSchema<T>, fallback: string, status: number): T {
  try {
    return schema(contract).parse(value);
  } catch (err) {
    console.error(`${what}: does not match its contract schema`, err);
    throw new HttpError(fallback, status, INVALID_RESPONSE);
  }
}
