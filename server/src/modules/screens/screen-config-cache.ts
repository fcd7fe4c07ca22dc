import type { TScreenConfig } from '@pano/contract';
import type { ConfigInvalidation } from '../../sockets/socket-types.js';

/** The part of a config that every screen showing the same content shares, built once. */
export type SharedContent = { body: Omit<TScreenConfig, 'screenId' | 'screenName' | 'version' | 'alerts'>; json: string; hash: string };

/**
 * Shared contents already built, by what a screen row points at (`memoKey` in screen-config.ts).
 * Given by the cache's owner, which forgets them on every change.
 */
export type SharedContentMemo = { get: (key: string) => SharedContent | undefined; set: (key: string, c: SharedContent) => void };

/** A built config, the owner it belongs to, and its shared part already serialised. */
export type BuiltScreenConfig = {
  config: TScreenConfig;
  ownerId: string;
  /** JSON of the content shared by every screen showing the same thing (starts with `{`). */
  bodyJson: string;
};

/** What the config endpoint needs from a cached or freshly built config. */
export type ScreenConfigAnswer = { version: string; ownerId: string; json: () => string };

type Body = { rest: string; refs: number };
type Entry = { version: string; ownerId: string; head: string; bodyKey: string; body: Body; expiresAt: number };

/** `{"screenId":…,"screenName":…,"version":…,"alerts":…` — the per-screen fields come first in TScreenConfig. */
export const configHeadJson = (c: TScreenConfig) =>
  JSON.stringify({ screenId: c.screenId, screenName: c.screenName, version: c.version, alerts: c.alerts }).slice(0, -1);

/** Byte-identical to JSON.stringify(config): the head's fields, then the shared body's. */
export function answerOf(built: BuiltScreenConfig): ScreenConfigAnswer {
  const head = configHeadJson(built.config);
  return { version: built.config.version, ownerId: built.ownerId, json: () => `${head},${built.bodyJson.slice(1)}` };
}

/**
 * docs/PERFORMANCE.md (P5): built screen configs of one API instance, keyed by screen id, so a
 * config fetch (and above all a 304) is a token check and a map lookup. Entries are dropped by
 * the notifier on every change (locally and, through Redis, on the other instances) and expire
 * after `ttlMs` as a safety net for changes nobody announces (a package running out by time is
 * announced by the expiry sweep, which may run a while later). The shared body of screens that
 * show the same content is stored once.
 */
export class ScreenConfigCache {
  private readonly entries = new Map<string, Entry>();
  private readonly bodies = new Map<string, Body>();
  private readonly contents = new Map<string, { content: SharedContent; expiresAt: number }>();
  private generation = 0;

  constructor(private readonly ttlMs: number, private readonly now: () => number) {}

  /** Read before building; `fill` refuses a build that an invalidation overtook (it may predate the change). */
  get stamp(): number {
    return this.generation;
  }

  get size(): number {
    return this.entries.size;
  }

  get(screenId: string): ScreenConfigAnswer | undefined {
    const e = this.entries.get(screenId);
    if (!e) return undefined;
    if (e.expiresAt <= this.now()) {
      this.drop(screenId);
      return undefined;
    }
    return { version: e.version, ownerId: e.ownerId, json: () => `${e.head},${e.body.rest}` };
  }

  fill(built: Map<string, BuiltScreenConfig>, stamp: number): void {
    if (stamp !== this.generation) return;
    const expiresAt = this.now() + this.ttlMs;
    for (const [screenId, b] of built) {
      this.drop(screenId);
      const bodyKey = b.bodyJson;
      let body = this.bodies.get(bodyKey);
      if (!body) this.bodies.set(bodyKey, (body = { rest: b.bodyJson.slice(1), refs: 0 }));
      body.refs++;
      this.entries.set(screenId, { version: b.config.version, ownerId: b.ownerId, head: configHeadJson(b.config), bodyKey, body, expiresAt });
    }
  }

  /**
   * Shared contents for buildScreenConfigEntries, with the same lifetime rules as the configs:
   * kept for `ttlMs`, all forgotten on any change (which playlist, ticker or package a change
   * touched is not known here, and changes are rare next to fetches), and nothing kept from a
   * build that a change overtook.
   */
  contentMemo(stamp: number): SharedContentMemo {
    return {
      get: (key) => {
        const c = this.contents.get(key);
        if (c && c.expiresAt > this.now()) return c.content;
        if (c) this.contents.delete(key);
        return undefined;
      },
      set: (key, content) => {
        if (stamp === this.generation) this.contents.set(key, { content, expiresAt: this.now() + this.ttlMs });
      },
    };
  }

  invalidate(what: ConfigInvalidation): void {
    this.generation++;
    this.contents.clear();
    if ('ownerId' in what) {
      for (const [screenId, e] of this.entries) if (e.ownerId === what.ownerId) this.drop(screenId);
    } else {
      for (const screenId of what.screenIds) this.drop(screenId);
    }
  }

  /** Everything, when invalidations may have been missed (a lost Redis subscription). */
  clear(): void {
    this.generation++;
    this.contents.clear();
    this.entries.clear();
    this.bodies.clear();
  }

  private drop(screenId: string): void {
    const e = this.entries.get(screenId);
    if (!e) return;
    this.entries.delete(screenId);
    if (--e.body.refs === 0) this.bodies.delete(e.bodyKey);
  }
}
