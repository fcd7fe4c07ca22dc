import { api } from './api-client';

type Contract = typeof import('@pano/contract');

/**
 * A delete confirmation's usage answer (`GET …/usage`), parsed with its contract schema. The
 * contract (zod and every schema) is imported here, when a delete is asked for, so a list page
 * that checks nothing else with zod loads without it (docs/PERFORMANCE.md#dashboard-first-load-p13).
 * A bad answer throws, and the dialog falls back to the plain question.
 */
export async function fetchUsage<T>(url: string, schemaOf: (contract: Contract) => { parse: (value: unknown) => T }): Promise<T> {
  const [answer, contract] = await Promise.all([api.get<unknown>(url), import('@pano/contract')]);
  return schemaOf(contract).parse(answer);
}
