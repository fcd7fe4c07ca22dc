/** Child side of children.ts: answers the parent's calls; exits when the parent goes away. */
export type Handlers = Record<string, (args: never) => unknown>;

export function serveRpc(handlers: Handlers): void {
  if (!process.send) throw new Error('must be started by the bench (no IPC channel)');
  process.on('message', (msg: { id: number; cmd: string; args: unknown }) => {
    const handler = msg.cmd === 'ping' ? () => 'pong' : msg.cmd === 'gc' ? forceGc : msg.cmd === 'memory' ? settledMemory : handlers[msg.cmd];
    Promise.resolve()
      .then(() => {
        if (!handler) throw new Error(`unknown command ${msg.cmd}`);
        return (handler as (a: unknown) => unknown)(msg.args);
      })
      .then(
        (result) => process.send?.({ id: msg.id, ok: true, result }),
        (err: unknown) => process.send?.({ id: msg.id, ok: false, error: err instanceof Error ? err.stack ?? err.message : String(err) }),
      );
  });
  // An orphaned child must never linger.
  process.on('disconnect', () => process.exit(0));
}

/** Milliseconds on a clock shared by every process of the machine (epoch based, sub-ms). */
export const wallMs = (): number => performance.timeOrigin + performance.now();

/** process.memoryUsage() after a full GC: what P3 splits a server's RSS growth into. */
function settledMemory(): NodeJS.MemoryUsage {
  forceGc();
  return process.memoryUsage();
}

export function forceGc(): void {
  const gc = (globalThis as { gc?: () => void }).gc;
  if (gc) { gc(); gc(); }
}
