// Plain JavaScript (types in JSDoc), so that a child can run without the tsx loader: the
// Pano API child must boot exactly as `npm start` boots it (procs/pano-server.mjs).

/** @typedef {Record<string, (args: never) => unknown>} Handlers */

/**
 * Child side of children.ts: answers the parent's calls; exits when the parent goes away.
 * @param {Handlers} handlers
 */
export function serveRpc(handlers) {
  if (!process.send) throw new Error('must be started by the bench (no IPC channel)');
  process.on('message', (/** @type {{ id: number; cmd: string; args: unknown }} */ msg) => {
    const handler = msg.cmd === 'ping' ? () => 'pong' : msg.cmd === 'gc' ? forceGc : msg.cmd === 'memory' ? settledMemory : handlers[msg.cmd];
    Promise.resolve()
      .then(() => {
        if (!handler) throw new Error(`unknown command ${msg.cmd}`);
        return /** @type {(a: unknown) => unknown} */ (handler)(msg.args);
      })
      .then(
        (result) => process.send?.({ id: msg.id, ok: true, result }),
        (/** @type {unknown} */ err) => process.send?.({ id: msg.id, ok: false, error: err instanceof Error ? err.stack ?? err.message : String(err) }),
      );
  });
  // An orphaned child must never linger.
  process.on('disconnect', () => process.exit(0));
}

/** Milliseconds on a clock shared by every process of the machine (epoch based, sub-ms). */
export const wallMs = () => performance.timeOrigin + performance.now();

/** process.memoryUsage() after a full GC: what P3 splits a server's RSS growth into. */
function settledMemory() {
  forceGc();
  return process.memoryUsage();
}

export function forceGc() {
  const gc = /** @type {{ gc?: () => void }} */ (globalThis).gc;
  if (gc) { gc(); gc(); }
}
