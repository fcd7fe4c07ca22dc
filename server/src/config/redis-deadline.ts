/**
 * The longest a request waits for Redis (docs/OPERATIONS.md#redis-outages). Past it, the
 * caller takes its fallback: a request must never hang on a Redis that is down or stalled.
 */
export const REDIS_REQUEST_TIMEOUT_MS = 2_000;

/**
 * `work`, or a rejection once `ms` have passed (Redis calls, readiness probes, shared rate-limit
 * counts). A late rejection of `work` is swallowed here, so giving up on it can never become an
 * unhandled rejection.
 */
export function withDeadline<T>(work: Promise<T>, what: string, ms = REDIS_REQUEST_TIMEOUT_MS): Promise<T> {
  work.catch(() => {});
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: no answer within ${ms} ms`)), ms);
    timer.unref();
  });
  return Promise.race([work, deadline]).finally(() => clearTimeout(timer));
}
