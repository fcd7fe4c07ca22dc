import { PLAYS_BATCH_MAX } from '@pano/contract/constants';
import type { TPlayRecord } from '@pano/contract';
import { realClock, type SequenceClock } from '../playback/sequence.js';
import type { PlayStore, StoredPlays } from './play-store.js';

/*
 * Sends the device's play records (docs/architecture/plays.md#play-records): stored first, sent in
 * batches, deleted only once the server said 2xx. The server is idempotent on the record id,
 * so a batch sent twice (the answer lost, the page closed before the delete) counts once.
 */

/** Send once this many records wait. */
export const UPLOAD_EVERY_PLAYS = 5;
/** …or this long after the first record that waits. */
export const UPLOAD_WAIT_MS = 30_000;
/** Retry after a network error, a 5xx or a 429: doubling from the first to the last. */
export const RETRY_FIRST_MS = 2_000;
export const RETRY_MAX_MS = 5 * 60_000;
/** Answers that will never change for these records: the batch is dropped, never retried. */
export const REFUSED_STATUSES: readonly number[] = [400, 403, 404];

/** Posts one batch; throws an error with the HTTP `status` (0 without network) on failure. */
export type SendPlays = (plays: TPlayRecord[]) => Promise<unknown>;

export type PlayOutboxOptions = {
  store: PlayStore | Promise<PlayStore>;
  send: SendPlays;
  clock?: SequenceClock;
  everyPlays?: number;
  waitMs?: number;
  retryFirstMs?: number;
  retryMaxMs?: number;
  batchMax?: number;
  /** 0..1; spreads the retries of many screens after an outage. */
  random?: () => number;
  /** A refused batch (logged: it is gone for good). */
  onDropped?: (plays: TPlayRecord[], status: number) => void;
};

const statusOf = (err: unknown): number => {
  const s = (err as { status?: unknown } | null)?.status;
  return typeof s === 'number' ? s : 0;
};

/** The leading records of one screen. */
function oneScreen({ keys, records }: StoredPlays): StoredPlays {
  const screenId = records[0]!.screenId;
  const n = records.findIndex((r) => r.screenId !== screenId);
  return n === -1 ? { keys, records } : { keys: keys.slice(0, n), records: records.slice(0, n) };
}

/**
 * The upload queue. `add` stores a record and sends when a few wait (or after a while);
 * `flushNow` sends at once (a reconnect, the browser back online, a change on screen).
 * One upload runs at a time. A batch the server refuses for good (400, 403, 404) is dropped
 * and logged, so a bad record never blocks the queue. A batch holds one screen's records
 * only: after the device moved to another screen the server refuses the old screen's
 * records (403), and the new screen's must not go down with them.
 */
export class PlayOutbox {
  private readonly store: Promise<PlayStore>;
  private readonly clock: SequenceClock;
  private readonly everyPlays: number;
  private readonly waitMs: number;
  private readonly retryFirstMs: number;
  private readonly retryMaxMs: number;
  private readonly batchMax: number;
  private readonly random: () => number;
  private waiting = 0;
  private waitTimer: unknown = null;
  private retryTimer: unknown = null;
  private retryMs = 0;
  private running: Promise<void> | null = null;
  private again = false;
  private stopped = false;

  constructor(private readonly options: PlayOutboxOptions) {
    this.store = Promise.resolve(options.store);
    this.clock = options.clock ?? realClock;
    this.everyPlays = options.everyPlays ?? UPLOAD_EVERY_PLAYS;
    this.waitMs = options.waitMs ?? UPLOAD_WAIT_MS;
    this.retryFirstMs = options.retryFirstMs ?? RETRY_FIRST_MS;
    this.retryMaxMs = options.retryMaxMs ?? RETRY_MAX_MS;
    this.batchMax = Math.min(options.batchMax ?? PLAYS_BATCH_MAX, PLAYS_BATCH_MAX);
    this.random = options.random ?? Math.random;
  }

  /** Stores the record; resolves once it is on the device. */
  async add(record: TPlayRecord): Promise<void> {
    const store = await this.store;
    await store.add(record);
    if (this.stopped) return;
    this.waiting++;
    // While a retry is pending, the retry sends it.
    if (this.retryTimer !== null) return;
    if (this.waiting >= this.everyPlays) void this.flush();
    else if (this.waitTimer === null) this.waitTimer = this.clock.setTimeout(() => { this.waitTimer = null; void this.flush(); }, this.waitMs);
  }

  /** Sends now, without waiting for a pending retry (the network is back). */
  flushNow(): Promise<void> {
    if (this.retryTimer !== null) this.clock.clearTimeout(this.retryTimer);
    this.retryTimer = null;
    this.retryMs = 0;
    return this.flush();
  }

  /** Sends everything stored, batch after batch; one run at a time. A pending retry waits its turn. */
  flush(): Promise<void> {
    if (this.stopped || this.retryTimer !== null) return Promise.resolve();
    if (this.running) {
      this.again = true;
      return this.running;
    }
    if (this.waitTimer !== null) this.clock.clearTimeout(this.waitTimer);
    this.waitTimer = null;
    // The device's store failing (quota, a browser bug) is retried like the network.
    this.running = this.drain().catch(() => this.retryLater()).finally(() => {
      this.running = null;
      if (this.again && this.retryTimer === null) {
        this.again = false;
        void this.flush();
      }
    });
    return this.running;
  }

  stop(): void {
    this.stopped = true;
    if (this.waitTimer !== null) this.clock.clearTimeout(this.waitTimer);
    if (this.retryTimer !== null) this.clock.clearTimeout(this.retryTimer);
    this.waitTimer = null;
    this.retryTimer = null;
  }

  private async drain(): Promise<void> {
    const store = await this.store;
    for (;;) {
      if (this.stopped) return;
      this.again = false;
      this.waiting = 0;
      const oldest = await store.oldest(this.batchMax);
      if (oldest.records.length === 0) return;
      const { keys, records } = oneScreen(oldest);
      try {
        await this.options.send(records);
      } catch (err) {
        const status = statusOf(err);
        if (!REFUSED_STATUSES.includes(status)) return this.retryLater();
        this.options.onDropped?.(records, status);
      }
      await store.remove(keys);
      this.retryMs = 0;
    }
  }

  private retryLater(): void {
    if (this.stopped) return;
    if (this.retryTimer !== null) this.clock.clearTimeout(this.retryTimer);
    this.retryMs = this.retryMs === 0 ? this.retryFirstMs : Math.min(this.retryMaxMs, this.retryMs * 2);
    const wait = Math.round(this.retryMs * (0.75 + 0.5 * this.random()));
    this.retryTimer = this.clock.setTimeout(() => {
      this.retryTimer = null;
      void this.flush();
    }, wait);
  }
}
