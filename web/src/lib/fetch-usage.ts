import { api } from './api-client';

type Schemas = typeof import('./usage-schemas');

/**
 * A delete confirmation's usage answer (`GET …/usage`), parsed with its contract schema. The
 * schema (with zod) is imported here, when a delete is asked for, so a list page that checks
 * nothing else with zod loads without it (docs/PERFORMANCE.md#dashboard-first-load-p13). Only
 * the usage schemas: importing the contract's index here made every schema one chunk
 * (docs/PERFORMANCE.md#contract-chunks).
 * A bad answer throws, and the dialog falls back to the plain question.
 */
export async function fetchUsage<T>(url: string, schemaOf: (schemas: Schemas) => { parse: (value: unknown) => T }): Promise<T> {
  const [answer, schemas] = await Promise.all([api.get<unknown>(url), import('./usage-schemas')]);
  return schemaOf(schemas).parse(answer);
}
