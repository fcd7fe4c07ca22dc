import type { TCorruptFile, THealthEvent, TPlayerHealth } from '@pano/contract';
import type { PlayItem } from './play-items.js';
import { realClock, type SequenceClock } from './sequence.js';

// From the contract's zod-free constants, so the device bundle does not pull zod in.
import { HEALTH_REPORT_EVERY_MS, THUMBNAIL_EVERY_MS } from '@pano/contract/constants';

export { HEALTH_REPORT_EVERY_MS, THUMBNAIL_EVERY_MS };
/** The first thumbnail after going online: once the screen has had time to show something. */
export const FIRST_THUMBNAIL_AFTER_MS = 15_000;
/** Several changes within this window (a failure and the skip it causes) go out as one report. */
export const CHANGE_REPORT_DELAY_MS = 250;
export const MAX_HEALTH_EVENTS = 20;
const MAX_TEXT = 300;

export type HealthEventKind = THealthEvent['kind'];

const clip = (text: string) => (text.length > MAX_TEXT ? `${text.slice(0, MAX_TEXT - 1)}…` : text);

/**
 * What a paired player knows about itself (docs/architecture/player.md#player, "Health"): uptime,
 * the last error, failed items, whether the loop can show anything, what plays, and the last
 * self-healing events. `onChange` fires for what the dashboard must learn at once (an error, a
 * failure, the failing state, an event); the playing item and the uptime only ride along in
 * the periodic report.
 */
export class PlayerHealthState {
  private readonly startedAt: number;
  private lastError: TPlayerHealth['lastError'] = null;
  private itemsFailed = 0;
  private failing = false;
  private playing: TPlayerHealth['playing'] = null;
  private events: THealthEvent[] = [];
  private corruptFiles: TCorruptFile[] = [];

  constructor(
    private readonly appVersion: string,
    private readonly onChange: () => void = () => {},
    private readonly clock: Pick<SequenceClock, 'now'> = realClock,
  ) {
    this.startedAt = clock.now();
  }

  private iso(ms = this.clock.now()): string {
    return new Date(ms).toISOString();
  }

  error(message: string): void {
    this.lastError = { message: clip(message), at: this.iso() };
    this.onChange();
  }

  /**
   * The item whose first frame is on screen now. Only the first one (from nothing on screen to
   * something) is a change; the items after it ride along in the periodic report.
   */
  playingItem(item: PlayItem | null): void {
    const first = this.playing === null && item !== null;
    this.playing = item ? { mediaId: item.mediaId, name: clip(item.name), startedAt: this.iso() } : null;
    if (first) this.onChange();
  }

  /** An item could not be shown (load or decode error, or a stalled video). */
  itemFailed(): void {
    this.itemsFailed++;
    // A failing loop keeps retrying its items: the count grows, the periodic report carries it.
    if (!this.failing) this.onChange();
  }

  setFailing(failing: boolean): void {
    if (failing === this.failing) return;
    this.failing = failing;
    this.onChange();
  }

  /** A self-healing event; the newest first, at most MAX_HEALTH_EVENTS kept. `at` defaults to now. */
  event(kind: HealthEventKind, mediaId: string | null, detail: string, at?: number): void {
    const when = this.iso(at);
    this.events = [{ kind, at: when, mediaId, detail: clip(detail) }, ...this.events].slice(0, MAX_HEALTH_EVENTS);
    // An item that could not be shown is also the screen's latest error; a reload is not.
    if (kind !== 'reloaded') this.lastError = { message: clip(detail), at: when };
    this.onChange();
  }

  /** The files the offline cache refused for a wrong SHA-256 (offline/media-cache.ts tells only changes). */
  setCorruptFiles(files: TCorruptFile[]): void {
    this.corruptFiles = files;
    this.onChange();
  }

  snapshot(cacheBytes: number | null): TPlayerHealth {
    return {
      appVersion: this.appVersion,
      uptimeSec: Math.max(0, Math.floor((this.clock.now() - this.startedAt) / 1000)),
      cacheBytes: cacheBytes === null ? null : Math.max(0, Math.round(cacheBytes)),
      lastError: this.lastError,
      itemsFailed: this.itemsFailed,
      failing: this.failing,
      playing: this.playing,
      events: [...this.events],
      corruptFiles: this.corruptFiles,
    };
  }
}

/**
 * Runs `task` while online: `firstAfterMs` after going online, then every `everyMs`; nothing
 * while offline. `now()` runs it at once and starts the period again from there.
 */
export class WhileOnline {
  private timer: unknown = null;
  private online = false;

  constructor(
    private readonly task: () => void,
    private readonly everyMs: number,
    private readonly firstAfterMs: number,
    private readonly clock: SequenceClock = realClock,
  ) {}

  get isOnline(): boolean {
    return this.online;
  }

  setOnline(online: boolean): void {
    if (online === this.online) return;
    this.online = online;
    this.clear();
    if (online) this.arm(this.firstAfterMs);
  }

  now(): void {
    if (!this.online) return;
    this.clear();
    this.task();
    this.arm(this.everyMs);
  }

  stop(): void {
    this.online = false;
    this.clear();
  }

  private arm(ms: number): void {
    this.timer = this.clock.setTimeout(() => {
      this.timer = null;
      this.now();
    }, ms);
  }

  private clear(): void {
    if (this.timer !== null) this.clock.clearTimeout(this.timer);
    this.timer = null;
  }
}

export type HealthReporterOptions = {
  state: (onChange: () => void) => PlayerHealthState;
  /** Sends one report (the socket's `player:health`); called only while online. */
  send: (health: TPlayerHealth) => void;
  /** Bytes the browser stores for this origin (media cache included), null where it does not tell. */
  cacheBytes?: () => Promise<number | null>;
  clock?: SequenceClock;
  everyMs?: number;
};

/**
 * docs/architecture/player.md#player: a report on connect, every HEALTH_REPORT_EVERY_MS while
 * connected, and within CHANGE_REPORT_DELAY_MS of a change. Offline nothing is sent (and
 * nothing queued): the report on the next connect carries the state then.
 */
export class HealthReporter {
  readonly state: PlayerHealthState;
  private readonly periodic: WhileOnline;
  private readonly clock: SequenceClock;
  private changeTimer: unknown = null;
  private sending = 0;

  constructor(private readonly options: HealthReporterOptions) {
    this.clock = options.clock ?? realClock;
    this.state = options.state(() => this.changed());
    this.periodic = new WhileOnline(() => void this.report(), options.everyMs ?? HEALTH_REPORT_EVERY_MS, 0, this.clock);
  }

  /** The socket connected (a report at once) or disconnected (nothing until the next connect). */
  setOnline(online: boolean): void {
    if (!online) this.clearChange();
    this.periodic.setOnline(online);
  }

  stop(): void {
    this.clearChange();
    this.periodic.stop();
  }

  private changed(): void {
    if (!this.periodic.isOnline || this.changeTimer !== null) return;
    this.changeTimer = this.clock.setTimeout(() => {
      this.changeTimer = null;
      this.periodic.now();
    }, CHANGE_REPORT_DELAY_MS);
  }

  private clearChange(): void {
    if (this.changeTimer !== null) this.clock.clearTimeout(this.changeTimer);
    this.changeTimer = null;
  }

  private async report(): Promise<void> {
    const mine = ++this.sending;
    let bytes: number | null = null;
    try {
      bytes = (await this.options.cacheBytes?.()) ?? null;
    } catch {
      bytes = null;
    }
    // A newer report started meanwhile, or the socket went down: this one is stale.
    if (mine !== this.sending || !this.periodic.isOnline) return;
    this.options.send(this.state.snapshot(bytes));
  }
}

/** navigator.storage.estimate()'s usage, or null where the browser has no such API. */
export async function storageUsage(): Promise<number | null> {
  const storage = typeof navigator === 'undefined' ? undefined : navigator.storage;
  if (!storage || typeof storage.estimate !== 'function') return null;
  const { usage } = await storage.estimate();
  return typeof usage === 'number' && Number.isFinite(usage) ? usage : null;
}
