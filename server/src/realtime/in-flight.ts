/**
 * Remembers unfinished async work of the realtime layer, so shutdown can let it finish before
 * the Redis clients go away: the Redis adapter publishes without handling a rejection, and a
 * publish on a closed client would otherwise crash the process.
 */
export class InFlight {
  private readonly pending = new Set<Promise<unknown>>();
  private closing = false;

  get isClosing(): boolean {
    return this.closing;
  }

  track<T>(work: Promise<T>): Promise<T> {
    this.pending.add(work);
    void work.finally(() => this.pending.delete(work)).catch(() => {});
    return work;
  }

  /**
   * Resolves once nothing is running, work started by the work it waits for included; emits go on.
   * Tests prove an absence behind it (docs/architecture/tests.md#proving-an-absence).
   */
  async settled(): Promise<void> {
    while (this.pending.size > 0) await Promise.allSettled([...this.pending]);
  }

  /** Stops new emits and waits (bounded) for what is running. */
  async drain(timeoutMs = 5000): Promise<void> {
    this.closing = true;
    const timeout = new Promise<void>((resolve) => setTimeout(resolve, timeoutMs).unref());
    await Promise.race([Promise.allSettled([...this.pending]), timeout]);
  }
}
