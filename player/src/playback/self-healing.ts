import { tr } from '../i18n/tr.js';
import type { PlayerHealthState } from './health.js';
import type { PlayItem } from './play-items.js';
import { realClock, type SequenceClock, type Slot } from './sequence.js';

/** docs/architecture/player.md#player, "Self-healing": the rules, with their numbers. */
export const STALL_LIMIT_MS = 5_000;
export const STALL_CHECK_MS = 1_000;
export const FAILS_BEFORE_SKIP = 3;
/** A skipped item gets another chance after this long, so a file that comes back is shown again. */
export const SKIP_RETRY_MS = 10 * 60_000;
export const MEMORY_SAMPLE_MS = 60_000;
/** Samples in a row, each higher than the one before, that count as "keeps growing". */
export const MEMORY_RISING_SAMPLES = 5;
/** Share of the heap limit above which growth matters (or MEMORY_FALLBACK_BYTES without a limit). */
export const MEMORY_LIMIT_SHARE = 0.6;
export const MEMORY_FALLBACK_BYTES = 512 * 1024 * 1024;
/** At most one memory reload in this long, so a page that starts big cannot reload in a loop. */
export const MIN_RELOAD_GAP_MS = 30 * 60_000;
export const RELOAD_NOTE_KEY = 'pano.healthReload';

/**
 * The skip rules of one loop: an item that failed (load or decode error, or a stalled video)
 * FAILS_BEFORE_SKIP times in a row is left out of the loop (for SKIP_RETRY_MS or until the loop
 * is loaded again); when every item is left out the loop is failing, and the sequence then
 * keeps trying them at their normal pace, so the screen heals by itself when the files come
 * back. A failure moves on at once, except while failing (which would spin).
 */
export class LoopHealing {
  private items: PlayItem[] = [];
  private readonly fails = new Map<string, number>();
  private readonly skipped = new Map<string, number>();

  constructor(
    private readonly health: Pick<PlayerHealthState, 'event' | 'itemFailed' | 'setFailing'>,
    private readonly clock: Pick<SequenceClock, 'now'> = realClock,
  ) {}

  /** Another loop (a new playlist or new content): every item gets a fresh chance. */
  load(items: PlayItem[]): void {
    this.items = items;
    this.fails.clear();
    this.skipped.clear();
    this.health.setFailing(false);
  }

  rendered(item: PlayItem): void {
    this.fails.delete(item.mediaId);
    this.skipped.delete(item.mediaId);
    this.health.setFailing(this.failing);
  }

  /** Returns whether the sequence should move on now (false while the loop is failing). */
  failed(item: PlayItem, kind: 'failed' | 'stalled'): boolean {
    const wasFailing = this.failing;
    const count = (this.fails.get(item.mediaId) ?? 0) + 1;
    this.fails.set(item.mediaId, count);
    this.health.itemFailed();
    // While failing every attempt fails: the state says so once, not one event per attempt.
    if (!wasFailing) {
      this.health.event(kind, item.mediaId, kind === 'stalled' ? tr.videoStalled(item.name) : tr.itemFailed(item.name));
      if (count >= FAILS_BEFORE_SKIP && !this.skipped.has(item.mediaId)) {
        this.skipped.set(item.mediaId, this.clock.now());
        this.health.event('skipped', item.mediaId, tr.itemSkipped(item.name));
      }
    }
    const failing = this.failing;
    this.health.setFailing(failing);
    return !failing;
  }

  isSkipped(item: PlayItem): boolean {
    const at = this.skipped.get(item.mediaId);
    if (at === undefined) return false;
    if (this.clock.now() - at < SKIP_RETRY_MS) return true;
    this.skipped.delete(item.mediaId);
    this.fails.delete(item.mediaId);
    return false;
  }

  /** Every item of the loop is left out: nothing can be shown. */
  get failing(): boolean {
    return this.items.length > 0 && this.items.every((i) => this.skipped.has(i.mediaId));
  }
}

/**
 * Watches a video's currentTime every STALL_CHECK_MS; no progress for more than STALL_LIMIT_MS
 * (a video that never starts too) calls `onStall` once. While `isActive()` is false (a hidden
 * page, where the browser may pause video) the wait starts over.
 */
export class StallWatch {
  private timer: unknown = null;
  private last = Number.NaN;
  private lastProgressAt = 0;

  constructor(
    private readonly currentTime: () => number,
    private readonly onStall: () => void,
    private readonly clock: SequenceClock = realClock,
    private readonly isActive: () => boolean = () => true,
  ) {}

  start(): void {
    this.stop();
    this.last = this.currentTime();
    this.lastProgressAt = this.clock.now();
    this.arm();
  }

  stop(): void {
    if (this.timer !== null) this.clock.clearTimeout(this.timer);
    this.timer = null;
  }

  private arm(): void {
    this.timer = this.clock.setTimeout(() => this.check(), STALL_CHECK_MS);
  }

  private check(): void {
    this.timer = null;
    const now = this.clock.now();
    const time = this.currentTime();
    if (time !== this.last || !this.isActive()) {
      this.last = time;
      this.lastProgressAt = now;
    } else if (now - this.lastProgressAt > STALL_LIMIT_MS) {
      this.onStall();
      return;
    }
    this.arm();
  }
}

/** performance.memory where Chromium has it (usedJSHeapSize, jsHeapSizeLimit), else null. */
export type HeapReading = { usedJSHeapSize: number; jsHeapSizeLimit?: number } | null;

export function readHeap(): HeapReading {
  const memory = (globalThis.performance as { memory?: { usedJSHeapSize?: unknown; jsHeapSizeLimit?: unknown } } | undefined)?.memory;
  if (!memory || typeof memory.usedJSHeapSize !== 'number') return null;
  return { usedJSHeapSize: memory.usedJSHeapSize, jsHeapSizeLimit: typeof memory.jsHeapSizeLimit === 'number' ? memory.jsHeapSizeLimit : undefined };
}

/**
 * The memory rule on samples (oldest first): the last MEMORY_RISING_SAMPLES each above the one
 * before, and the newest above the threshold.
 */
export function memoryKeepsGrowing(samples: readonly number[], limitBytes: number | undefined): boolean {
  if (samples.length < MEMORY_RISING_SAMPLES) return false;
  const recent = samples.slice(-MEMORY_RISING_SAMPLES);
  const threshold = limitBytes ? limitBytes * MEMORY_LIMIT_SHARE : MEMORY_FALLBACK_BYTES;
  return recent[recent.length - 1]! > threshold && recent.every((v, i) => i === 0 || v > recent[i - 1]!);
}

/** Samples the heap every MEMORY_SAMPLE_MS; `reloadDue` once it keeps growing (never without performance.memory). */
export class MemoryWatch {
  private readonly samples: number[] = [];
  private limit: number | undefined;
  private timer: unknown = null;
  reloadDue = false;

  constructor(
    private readonly read: () => HeapReading = readHeap,
    private readonly clock: SequenceClock = realClock,
  ) {}

  start(): void {
    if (this.read() === null) return;
    this.stop();
    this.timer = this.clock.setTimeout(() => this.sample(), MEMORY_SAMPLE_MS);
  }

  stop(): void {
    if (this.timer !== null) this.clock.clearTimeout(this.timer);
    this.timer = null;
  }

  private sample(): void {
    const heap = this.read();
    if (heap) {
      this.samples.push(heap.usedJSHeapSize);
      if (this.samples.length > MEMORY_RISING_SAMPLES) this.samples.shift();
      this.limit = heap.jsHeapSizeLimit;
      if (memoryKeepsGrowing(this.samples, this.limit)) this.reloadDue = true;
    }
    this.timer = this.clock.setTimeout(() => this.sample(), MEMORY_SAMPLE_MS);
  }
}

/** The note a memory reload leaves in localStorage, so the page after it reports the event. */
type ReloadNote = { at: number; reported: boolean };

function readNote(storage: Storage | undefined): ReloadNote | null {
  try {
    const v = JSON.parse(storage?.getItem(RELOAD_NOTE_KEY) ?? 'null') as Partial<ReloadNote> | null;
    return v && typeof v.at === 'number' ? { at: v.at, reported: v.reported === true } : null;
  } catch {
    return null;
  }
}

function writeNote(storage: Storage | undefined, note: ReloadNote): void {
  try {
    storage?.setItem(RELOAD_NOTE_KEY, JSON.stringify(note));
  } catch {
    // Storage full or disabled: the reload still happens, unreported.
  }
}

/** What the media layer tells the loop (the dashboard preview has none of this). */
export type PlaybackHealing = {
  /** The sequence is given these items. */
  load(items: PlayItem[]): void;
  /** A slot begins; true when the player reloads instead (a memory reload at the loop boundary). */
  started(slot: Slot): boolean;
  /** The slot's first frame is on screen. */
  rendered(slot: Slot): void;
  /** The slot's media failed or stalled; true when the sequence should move on now. */
  failed(slot: Slot, kind: 'failed' | 'stalled'): boolean;
  isSkipped(item: PlayItem): boolean;
};

export type SelfHealingOptions = {
  health: PlayerHealthState;
  reload: () => void;
  storage?: Storage;
  clock?: SequenceClock;
  readHeap?: () => HeapReading;
};

/**
 * A paired player's self-healing (docs/architecture/player.md#player): the loop's skip rules, the
 * health state they feed, and the memory reload at a loop boundary (the start of the loop's
 * first item), with a note in localStorage so the page after the reload reports it.
 */
export class SelfHealing implements PlaybackHealing {
  readonly loop: LoopHealing;
  readonly memory: MemoryWatch;
  private readonly clock: SequenceClock;
  private lastIndex = -1;

  constructor(private readonly options: SelfHealingOptions) {
    this.clock = options.clock ?? realClock;
    this.loop = new LoopHealing(options.health, this.clock);
    this.memory = new MemoryWatch(options.readHeap, this.clock);
    const note = readNote(options.storage);
    if (note && !note.reported) {
      options.health.event('reloaded', null, tr.memoryReloaded, note.at);
      writeNote(options.storage, { ...note, reported: true });
    }
  }

  start(): void {
    this.memory.start();
  }

  stop(): void {
    this.memory.stop();
  }

  load(items: PlayItem[]): void {
    this.loop.load(items);
    this.lastIndex = -1;
  }

  started(slot: Slot): boolean {
    // The loop wrapped (or a one-item loop began again): a boundary.
    const boundary = slot.index <= this.lastIndex;
    this.lastIndex = slot.index;
    return boundary && this.reloadIfDue();
  }

  /**
   * A layout zone's healing (docs/architecture/player.md#layouts): the skip rules of its own
   * loop, feeding the screen's health and its playing item like the screen's own loop; the
   * memory reload waits for a boundary of any zone's loop (zones have no common one).
   */
  forZone(): PlaybackHealing {
    const loop = new LoopHealing(this.options.health, this.clock);
    let lastIndex = -1;
    return {
      load: (items) => { loop.load(items); lastIndex = -1; },
      started: (slot) => {
        const boundary = slot.index <= lastIndex;
        lastIndex = slot.index;
        return boundary && this.reloadIfDue();
      },
      rendered: (slot) => { this.options.health.playingItem(slot.item); loop.rendered(slot.item); },
      failed: (slot, kind) => loop.failed(slot.item, kind),
      isSkipped: (item) => loop.isSkipped(item),
    };
  }

  /** At a loop boundary: reloads the page if memory kept growing and no reload came lately. */
  private reloadIfDue(): boolean {
    if (!this.memory.reloadDue) return false;
    const last = readNote(this.options.storage);
    const now = this.clock.now();
    if (last && now - last.at < MIN_RELOAD_GAP_MS) return false;
    this.memory.stop();
    this.memory.reloadDue = false;
    writeNote(this.options.storage, { at: now, reported: false });
    this.options.reload();
    return true;
  }

  rendered(slot: Slot): void {
    this.options.health.playingItem(slot.item);
    this.loop.rendered(slot.item);
  }

  failed(slot: Slot, kind: 'failed' | 'stalled'): boolean {
    return this.loop.failed(slot.item, kind);
  }

  isSkipped(item: PlayItem): boolean {
    return this.loop.isSkipped(item);
  }
}
