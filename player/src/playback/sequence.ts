import type { PlayItem } from './play-items.js';

/**
 * How long past its time the first item of a loop may keep loading before the loop gives it up
 * (docs/architecture/player.md#player): longer than any file a screen's network loads in one go,
 * short enough that a hung request does not leave a screen on the previous loop for long.
 */
export const LOADING_HOLD_MAX_MS = 60_000;

/** What is on screen: the item, its position, and a play counter that changes on every advance. */
export type Slot = {
  item: PlayItem;
  index: number;
  /** Increases on every advance, so the same single video looping restarts, and stale 'ended' events are ignored. */
  play: number;
};

export type SequenceClock = {
  now(): number;
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
};

export const realClock: SequenceClock = {
  now: () => Date.now(),
  setTimeout: (fn, ms) => setTimeout(fn, ms),
  clearTimeout: (h) => clearTimeout(h as ReturnType<typeof setTimeout>),
};

/**
 * The loop of a screen: each item shows for its duration; a video also advances when it
 * ends, whichever comes first. A new playlist replaces the loop without restarting the
 * item on screen when that item is still in it.
 *
 * Told when each play reaches the screen (`reached`) or cannot (`failed`), the loop passes an
 * item still loading only once something of this loop has been on screen: until then (at
 * start, after a schedule boundary or another playlist) the item keeps loading past its time
 * and its time counts from its first frame. Passing it would replace its element with a new
 * one that starts loading again, so a file that takes longer to load than its duration (a
 * one-item loop, a slow device) would never be shown and the screen would stay on what it
 * showed before the boundary (docs/architecture/player.md#player).
 */
export class PlaybackSequence {
  private items: PlayItem[] = [];
  private slot: Slot | null = null;
  private timer: unknown = null;
  private startedAt = 0;
  private plays = 0;
  /** The current play reached the screen or failed: its turn may end. */
  private settled = false;
  /** Something of this loop has been on screen since it was loaded. */
  private loopShown = false;
  /** The current play's time ran out while it was still loading. */
  private overdue = false;

  constructor(
    private readonly onChange: (slot: Slot | null) => void,
    private readonly clock: SequenceClock = realClock,
    /** Items the self-healing rules leave out of the loop (playback/self-healing.ts); all left out: none is. */
    private readonly skip: (item: PlayItem) => boolean = () => false,
    /** Whether the screen tells `reached`/`failed` (the player does): only then is a loading item held. */
    private readonly holdsLoading: boolean = false,
  ) {}

  get current(): Slot | null {
    return this.slot;
  }

  /** The item after the current one (to preload), or null when nothing plays. */
  get next(): PlayItem | null {
    if (!this.slot || this.items.length === 0) return null;
    const n = this.items.length;
    for (let step = 1; step <= n; step++) {
      const item = this.items[(this.slot.index + step) % n]!;
      if (!this.skip(item)) return item;
    }
    return this.items[(this.slot.index + 1) % n] ?? null;
  }

  /**
   * `restart`: another playlist begins (a schedule boundary), so the item on screen is cut
   * and the loop starts from its first item, even when that media is in both playlists.
   */
  load(items: PlayItem[], { restart = false }: { restart?: boolean } = {}): void {
    this.items = items;
    if (items.length === 0) {
      this.clearTimer();
      this.slot = null;
      this.onChange(null);
      return;
    }
    const current = this.slot;
    const keep = current && !restart ? indexToKeep(items, current) : -1;
    if (restart || !current) this.loopShown = false;
    if (current && keep !== -1) {
      const item = items[keep]!;
      this.slot = { item, index: keep, play: current.play };
      // The item keeps its start time; only a changed duration moves its end.
      this.schedule(Math.max(0, item.durationMs - (this.clock.now() - this.startedAt)));
      this.onChange(this.slot);
      return;
    }
    this.show(0);
  }

  /** The play's first frame is on screen: an overdue one now gets its whole duration. */
  reached(play: number): void {
    if (!this.slot || this.slot.play !== play || this.settled) return;
    this.settled = true;
    this.loopShown = true;
    if (!this.overdue) return;
    this.overdue = false;
    this.startedAt = this.clock.now();
    this.schedule(this.slot.item.durationMs);
  }

  /** The play cannot be shown (a load or decode error, a stall): its turn may end; an overdue one ends now. */
  failed(play: number): void {
    if (!this.slot || this.slot.play !== play || this.settled) return;
    this.settled = true;
    if (!this.overdue) return;
    this.overdue = false;
    this.advance();
  }

  /** A video reports its end; ignored unless that play is still the one on screen. */
  videoEnded(play: number): void {
    if (this.slot && this.slot.play === play) this.advance();
  }

  advance(): void {
    if (!this.slot || this.items.length === 0) return;
    this.show((this.slot.index + 1) % this.items.length);
  }

  stop(): void {
    this.clearTimer();
  }

  private show(from: number): void {
    const n = this.items.length;
    let index = from;
    for (let step = 0; step < n; step++) {
      const at = (from + step) % n;
      if (!this.skip(this.items[at]!)) {
        index = at;
        break;
      }
    }
    const item = this.items[index]!;
    this.slot = { item, index, play: ++this.plays };
    this.settled = false;
    this.overdue = false;
    this.startedAt = this.clock.now();
    this.schedule(item.durationMs);
    this.onChange(this.slot);
  }

  private schedule(ms: number): void {
    this.clearTimer();
    this.timer = this.clock.setTimeout(() => {
      this.timer = null;
      if (this.holdsLoading && !this.settled && !this.loopShown) this.hold();
      else this.advance();
    }, ms);
  }

  /**
   * The play's time ran out while it is still loading: it keeps loading, but not for ever. A
   * request that hangs reports neither a frame nor an error, and the screen would stay on what
   * it showed before the boundary; after LOADING_HOLD_MAX_MS the loop goes on as for a failure.
   */
  private hold(): void {
    this.overdue = true;
    this.timer = this.clock.setTimeout(() => {
      this.timer = null;
      this.overdue = false;
      this.advance();
    }, LOADING_HOLD_MAX_MS);
  }

  private clearTimer(): void {
    if (this.timer !== null) this.clock.clearTimeout(this.timer);
    this.timer = null;
  }
}

/** Same position and media first (duplicates stay put), else the first place that media appears. */
function indexToKeep(items: PlayItem[], slot: Slot): number {
  if (items[slot.index]?.mediaId === slot.item.mediaId) return slot.index;
  return items.findIndex((i) => i.mediaId === slot.item.mediaId);
}
