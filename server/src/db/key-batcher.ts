/**
 * DataLoader-style coalescing (docs/PERFORMANCE.md, P4): keys asked for while a batch is being
 * loaded are loaded together by the next one, so N concurrent requests cost one query per
 * batch instead of N. The first key of an idle batcher is loaded at the next turn of the event
 * loop (no timer, no added latency); during a storm the batches grow by themselves, at most
 * `maxInFlight` of them running at once (each takes a pool connection).
 *
 * Batches also start at least `minGapMs` apart unless a full one is waiting. A fleet reconnecting
 * after a restart arrives spread over seconds, a few players per millisecond; without the gap
 * each query returns before the next player arrives and every batch holds one key (measured:
 * ~5 queries per reconnecting player). An idle batcher still starts at once.
 */
const DEFAULT_MAX_BATCH = 1000;
const DEFAULT_MIN_GAP_MS = 10;

type Waiter<V> = { resolve: (v: V | undefined) => void; reject: (e: unknown) => void };

export class KeyBatcher<K, V, I = undefined> {
  private queue = new Map<K, { input: I; waiting: Waiter<V>[] }>();
  private running = 0;
  private scheduled = false;

  constructor(
    /**
     * Loads (or writes) many keys at once, each with the input of its latest `load`; a key
     * absent from the answer resolves to undefined.
     */
    private readonly loadMany: (batch: Map<K, I>) => Promise<Map<K, V>>,
    private readonly opts: { maxBatch?: number; maxInFlight?: number; minGapMs?: number } = {},
  ) {}

  private lastStart = -Infinity;

  load(key: K, input?: I): Promise<V | undefined> {
    return new Promise((resolve, reject) => {
      const queued = this.queue.get(key);
      if (queued) {
        queued.input = input as I;
        queued.waiting.push({ resolve, reject });
      } else {
        this.queue.set(key, { input: input as I, waiting: [{ resolve, reject }] });
      }
      this.schedule();
    });
  }

  private schedule(): void {
    if (this.scheduled || this.queue.size === 0 || this.running >= (this.opts.maxInFlight ?? 2)) return;
    this.scheduled = true;
    const run = () => {
      this.scheduled = false;
      this.runBatch();
    };
    const wait = this.lastStart + (this.opts.minGapMs ?? DEFAULT_MIN_GAP_MS) - performance.now();
    if (wait > 0 && this.queue.size < (this.opts.maxBatch ?? DEFAULT_MAX_BATCH)) setTimeout(run, wait);
    else setImmediate(run);
  }

  private runBatch(): void {
    if (this.queue.size === 0 || this.running >= (this.opts.maxInFlight ?? 2)) return;
    const max = this.opts.maxBatch ?? DEFAULT_MAX_BATCH;
    this.lastStart = performance.now();
    const batch = new Map<K, { input: I; waiting: Waiter<V>[] }>();
    for (const [key, queued] of this.queue) {
      if (batch.size >= max) break;
      batch.set(key, queued);
      this.queue.delete(key);
    }
    this.running++;
    const inputs = new Map([...batch].map(([key, q]) => [key, q.input]));
    // A synchronous throw in loadMany becomes a rejection of this batch, not of the caller.
    Promise.resolve().then(() => this.loadMany(inputs)).then(
      (found) => { for (const [key, q] of batch) for (const w of q.waiting) w.resolve(found.get(key)); },
      (err: unknown) => { for (const q of batch.values()) for (const w of q.waiting) w.reject(err); },
    ).finally(() => {
      this.running--;
      this.schedule();
    });
    // More queued than one batch takes: start the next one too (bounded by maxInFlight).
    this.schedule();
  }
}
