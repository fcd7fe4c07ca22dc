import { PLAY_DURATION_MAX_MS } from '@pano/contract/constants';
import type { TPlayOutcome, TPlayRecord } from '@pano/contract';

/*
 * Proof of play on the player (docs/architecture/plays.md#play-records): what really reached the
 * screen, as one record per play. Plain TypeScript fed by the media layer's events, so the
 * rules are tested without a browser.
 */

/**
 * Where a play belongs: the screen, the playlist playing, the schedule entry that chose it and,
 * in a layout, the zone's name (none on the one-zone screen).
 */
export type PlayContext = { screenId: string; playlistId: string | null; scheduleId: string | null; zone?: string };

/** How the loop left an item: its time was up (or the video ended), or a change cut it. */
export type PlayLeave = 'completed' | 'cut';

type OnScreen = {
  play: number;
  id: string;
  mediaId: string;
  context: PlayContext;
  startedAt: number;
  left: PlayLeave | null;
};

type Covered = { play: number; mediaId: string; context: PlayContext; left: PlayLeave | null };

/**
 * A v4 UUID. `crypto.randomUUID` exists only in secure contexts (https, localhost); a kiosk
 * on a plain-http address has `getRandomValues` alone.
 */
export function newPlayId(): string {
  const c = globalThis.crypto;
  if (typeof c.randomUUID === 'function') return c.randomUUID();
  const b = c.getRandomValues(new Uint8Array(16));
  b[6] = (b[6]! & 0x0f) | 0x40;
  b[8] = (b[8]! & 0x3f) | 0x80;
  const h = [...b].map((x) => x.toString(16).padStart(2, '0')).join('');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

/**
 * Turns the media layer's events into play records. One play is on screen at a time: it
 * starts when its media was really rendered (an image decoded and visible, a video
 * `playing`) and ends when the next play is rendered over it or its layer goes away. Its
 * outcome is how the loop left it (`completed`, or `cut` by a change), `cut` when it never
 * left (the player closed, a reload), `failed` when the media broke. While an alert covers
 * the screen nothing is shown: the play under it is cut at the takeover, and what is on
 * screen when the alert ends counts from then on.
 *
 * `play` is the loop's play counter (`Slot.play`), which changes on every advance.
 */
export class PlayRecorder {
  private onScreen: OnScreen | null = null;
  /** Rendered under an alert: starts counting when the alert ends. */
  private underAlert: Covered | null = null;
  private covered = false;
  private closed = false;

  constructor(
    private readonly emit: (record: TPlayRecord) => void,
    private readonly now: () => number = () => Date.now(),
    private readonly newId: () => string = newPlayId,
  ) {}

  /** The media of `play` is on screen. Ends the play it replaces. */
  rendered(play: number, mediaId: string, context: PlayContext): void {
    if (this.closed || this.onScreen?.play === play || this.underAlert?.play === play) return;
    if (this.onScreen) this.finish(this.onScreen, this.onScreen.left ?? 'cut');
    if (this.covered) {
      this.underAlert = { play, mediaId, context, left: null };
      return;
    }
    this.start(play, mediaId, context, null);
  }

  /** The loop moved past `play`; it stays on screen until the next one is rendered. */
  left(play: number, how: PlayLeave): void {
    if (this.onScreen?.play === play) this.onScreen.left ??= how;
    if (this.underAlert?.play === play) this.underAlert.left ??= how;
  }

  /**
   * The media of `play` failed (a load or decode error). Never rendered: a `failed` record
   * of 0 ms. On screen already (a video breaking mid-way): ends it as `failed`, with the time
   * it was shown.
   */
  failed(play: number, mediaId: string, context: PlayContext): void {
    if (this.closed) return;
    if (this.onScreen?.play === play) {
      this.finish(this.onScreen, 'failed');
      return;
    }
    if (this.underAlert?.play === play) this.underAlert = null;
    const at = this.now();
    this.emit(this.record(this.newId(), mediaId, context, at, 0, 'failed'));
  }

  /** The layer of `play` left the page (nothing replaced it: an empty playlist, a notice). */
  gone(play: number): void {
    if (this.onScreen?.play === play) {
      this.finish(this.onScreen, this.onScreen.left ?? 'cut');
      this.onScreen = null;
    }
    if (this.underAlert?.play === play) this.underAlert = null;
  }

  /** An alert took over the screen (true) or left it (false). */
  cover(covered: boolean): void {
    if (this.closed || covered === this.covered) return;
    this.covered = covered;
    if (covered) {
      const shown = this.onScreen;
      if (!shown) return;
      this.finish(shown, 'cut');
      // Still on screen under the alert: when the alert ends it counts again, from then on.
      this.onScreen = null;
      this.underAlert = { play: shown.play, mediaId: shown.mediaId, context: shown.context, left: null };
      return;
    }
    const under = this.underAlert;
    this.underAlert = null;
    if (under) this.start(under.play, under.mediaId, under.context, under.left);
  }

  /**
   * The page is being left (`pagehide`: a reload, the kiosk closing): what is on screen is
   * cut now. A page restored from the back-forward cache goes on recording from its next item.
   */
  interrupt(): void {
    if (this.onScreen) this.finish(this.onScreen, 'cut');
    this.onScreen = null;
    this.underAlert = null;
  }

  /** The player is gone (unmounted): what is on screen is cut, and nothing more is recorded. */
  close(): void {
    if (this.closed) return;
    this.interrupt();
    this.closed = true;
  }

  private start(play: number, mediaId: string, context: PlayContext, left: PlayLeave | null): void {
    this.onScreen = { play, id: this.newId(), mediaId, context, startedAt: this.now(), left };
  }

  private finish(shown: OnScreen, outcome: TPlayOutcome): void {
    if (this.onScreen === shown) this.onScreen = null;
    // An item left on screen for days (everything after it failing) still makes a valid record.
    const durationMs = Math.min(PLAY_DURATION_MAX_MS, Math.max(0, Math.round(this.now() - shown.startedAt)));
    this.emit(this.record(shown.id, shown.mediaId, shown.context, shown.startedAt, durationMs, outcome));
  }

  private record(id: string, mediaId: string, context: PlayContext, startedAt: number, durationMs: number, outcome: TPlayOutcome): TPlayRecord {
    return {
      id, screenId: context.screenId, mediaId, playlistId: context.playlistId, scheduleId: context.scheduleId,
      ...(context.zone === undefined ? {} : { zone: context.zone }),
      startedAt: new Date(startedAt).toISOString(), durationMs, outcome,
    };
  }
}
