/**
 * A schema imported when it is first needed, not with the chunk that uses it: `load` is the
 * dynamic import of a module of this app that holds just that schema (a dynamic import of the
 * contract's index would bring every schema of the contract along;
 * docs/PERFORMANCE.md#contract-chunks). Forms hand the result to useZodForm and call `preload`
 * when they take focus, so the first check does not wait; the entry's calls hand it to the API
 * client, which calls it as the request starts (lib/api-client.ts). The import runs once; a
 * failed one (the network) is asked again next time.
 */
export function lazySchema<S>(load: () => Promise<S>): (() => Promise<S>) & { preload: () => void } {
  let loading: Promise<S> | undefined;
  const source = () => (loading ??= load().catch((err: unknown) => {
    loading = undefined;
    throw err;
  }));
  return Object.assign(source, { preload: () => void source().catch(() => undefined) });
}
