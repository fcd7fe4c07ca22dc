import type { TPlayRecord } from '@pano/contract';

/*
 * The device's outbox of play records (docs/architecture/plays.md#play-records): IndexedDB, so
 * records survive a reboot and a day offline. The raw API is used (three calls, one store):
 * no wrapper library is worth its bytes in the device bundle for that.
 */

export const PLAYS_DB = 'pano-plays';
const STORE = 'plays';
/** A day of 1-second items offline, with room to spare; past it the oldest records go. */
export const PLAY_STORE_CAP = 100_000;

/** Records in the order they were stored, each with the key that deletes it. */
export type StoredPlays = { keys: number[]; records: TPlayRecord[] };

export interface PlayStore {
  add(record: TPlayRecord): Promise<void>;
  /** Up to `limit` records, oldest first. */
  oldest(limit: number): Promise<StoredPlays>;
  remove(keys: number[]): Promise<void>;
  count(): Promise<number>;
  close(): void;
}

const done = (tx: IDBTransaction) => new Promise<void>((resolve, reject) => {
  tx.oncomplete = () => resolve();
  tx.onerror = () => reject(tx.error ?? new Error('IndexedDB transaction failed'));
  tx.onabort = () => reject(tx.error ?? new Error('IndexedDB transaction aborted'));
});

const result = <T>(req: IDBRequest<T>) => new Promise<T>((resolve, reject) => {
  req.onsuccess = () => resolve(req.result);
  req.onerror = () => reject(req.error ?? new Error('IndexedDB request failed'));
});

/**
 * Records keyed by an auto-increment number (insertion order), the record itself as the
 * value: its `id` never changes, so a batch sent twice is still counted once by the server.
 */
class IdbPlayStore implements PlayStore {
  constructor(private readonly db: IDBDatabase, private readonly cap: number) {}

  add(record: TPlayRecord): Promise<void> {
    const tx = this.db.transaction(STORE, 'readwrite');
    const finished = done(tx);
    const store = tx.objectStore(STORE);
    store.add(record);
    // Over the cap: drop the oldest, in the same transaction (callbacks only: an await
    // inside a transaction may let it commit early).
    const counted = store.count();
    counted.onsuccess = () => {
      let excess = counted.result - this.cap;
      if (excess <= 0) return;
      const cursor = store.openCursor();
      cursor.onsuccess = () => {
        const c = cursor.result;
        if (!c || excess <= 0) return;
        c.delete();
        excess--;
        c.continue();
      };
    };
    return finished;
  }

  async oldest(limit: number): Promise<StoredPlays> {
    const tx = this.db.transaction(STORE, 'readonly');
    const finished = done(tx);
    const store = tx.objectStore(STORE);
    const keys = result(store.getAllKeys(null, limit)) as Promise<number[]>;
    const records = result(store.getAll(null, limit)) as Promise<TPlayRecord[]>;
    const [k, r] = await Promise.all([keys, records, finished]);
    return { keys: k, records: r };
  }

  remove(keys: number[]): Promise<void> {
    if (keys.length === 0) return Promise.resolve();
    const tx = this.db.transaction(STORE, 'readwrite');
    const finished = done(tx);
    const store = tx.objectStore(STORE);
    // Keys are increasing: one range delete when they are contiguous (the usual batch).
    const first = keys[0]!;
    const last = keys[keys.length - 1]!;
    if (last - first === keys.length - 1) store.delete(IDBKeyRange.bound(first, last));
    else for (const key of keys) store.delete(key);
    return finished;
  }

  async count(): Promise<number> {
    const tx = this.db.transaction(STORE, 'readonly');
    const finished = done(tx);
    const [n] = await Promise.all([result(tx.objectStore(STORE).count()), finished]);
    return n;
  }

  close(): void {
    this.db.close();
  }
}

/**
 * Without IndexedDB (disabled, or a private window refusing it) records wait in memory: they
 * are still sent while the page lives, but a reboot loses what was not sent yet.
 */
class MemoryPlayStore implements PlayStore {
  private rows: { key: number; record: TPlayRecord }[] = [];
  private nextKey = 1;
  constructor(private readonly cap: number) {}

  add(record: TPlayRecord): Promise<void> {
    this.rows.push({ key: this.nextKey++, record });
    if (this.rows.length > this.cap) this.rows.splice(0, this.rows.length - this.cap);
    return Promise.resolve();
  }
  oldest(limit: number): Promise<StoredPlays> {
    const rows = this.rows.slice(0, limit);
    return Promise.resolve({ keys: rows.map((r) => r.key), records: rows.map((r) => r.record) });
  }
  remove(keys: number[]): Promise<void> {
    const drop = new Set(keys);
    this.rows = this.rows.filter((r) => !drop.has(r.key));
    return Promise.resolve();
  }
  count(): Promise<number> {
    return Promise.resolve(this.rows.length);
  }
  close(): void {}
}

/** Opens the device's play store; in memory when IndexedDB cannot be used. */
export async function openPlayStore({ name = PLAYS_DB, cap = PLAY_STORE_CAP }: { name?: string; cap?: number } = {}): Promise<PlayStore> {
  if (typeof indexedDB === 'undefined') return new MemoryPlayStore(cap);
  try {
    const req = indexedDB.open(name, 1);
    req.onupgradeneeded = () => {
      req.result.createObjectStore(STORE, { autoIncrement: true });
    };
    const db = await result(req);
    // Another tab of a newer player wants to upgrade: let it.
    db.onversionchange = () => db.close();
    return new IdbPlayStore(db, cap);
  } catch {
    return new MemoryPlayStore(cap);
  }
}
