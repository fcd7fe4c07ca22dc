import type { AppConfig } from '../config/env.js';
import type { Db } from '../db/client.js';
import { KeyBatcher } from '../db/key-batcher.js';
import {
  answerOf, type BuiltScreenConfig, type ScreenConfigAnswer, type ScreenConfigCache, type SharedContentMemo,
} from '../modules/screens/screen-config-cache.js';
import { presentScreenConfigs } from '../modules/screens/screen-config.presenter.js';
import { readScreenConfigSources } from '../modules/screens/screen-config.js';

/**
 * Media URLs are absolute against PUBLIC_URL when it is set, and root-relative
 * (`/uploads/…`, resolved by the player against its own origin) otherwise. Never the
 * request's Host: a pushed config has no request, and fetched and pushed configs must be
 * identical, version included.
 */
export const configBaseUrl = (config: Pick<AppConfig, 'publicUrl'>): string => config.publicUrl ?? '';

export type ScreenConfigOptions = { publicBaseUrl: string; now: Date; memo?: SharedContentMemo };

/**
 * The configs of many screens at once (the config endpoint, realtime pushes): read in a fixed
 * number of queries (modules/screens/screen-config.ts), then each distinct content built and
 * hashed once and shared by every screen showing it (screen-config.presenter.ts). `{ ownerId }`
 * builds every screen of that customer. Screens that do not exist are absent from the map.
 */
export async function buildScreenConfigEntries(
  db: Db, which: string[] | { ownerId: string }, opts: ScreenConfigOptions,
): Promise<Map<string, BuiltScreenConfig>> {
  return presentScreenConfigs(await readScreenConfigSources(db, which, opts), opts.publicBaseUrl);
}

/**
 * Built screen configs for the config endpoint: from the instance's cache when it has one
 * (an API instance whose notifier invalidates that same cache), built from the database otherwise.
 *
 * docs/PERFORMANCE.md (P4): cache misses arriving together (a fleet reconnecting to a fresh
 * process, whose cache is empty) are built by one buildScreenConfigEntries call for all of
 * their screens: a fixed number of queries per batch instead of per request. The stamp is
 * read when the batch starts, so a change announced during the build keeps it out of the cache.
 */
export class ScreenConfigReader {
  private readonly builds: KeyBatcher<string, BuiltScreenConfig>;

  constructor(deps: { db: Db; config: Pick<AppConfig, 'publicUrl'>; clock: () => Date }, private readonly cache?: ScreenConfigCache) {
    this.builds = new KeyBatcher(async (batch) => {
      const stamp = cache?.stamp ?? 0;
      const built = await buildScreenConfigEntries(deps.db, [...batch.keys()], { publicBaseUrl: configBaseUrl(deps.config), now: deps.clock(), memo: cache?.contentMemo(stamp) });
      cache?.fill(built, stamp);
      return built;
    });
  }

  /**
   * read(), repeated (at most twice more) when a change was announced while it ran: its answer
   * may predate that change, whose push may already be out. For a config sent on the socket,
   * where the player cannot tell an older version from a newer one (realtime/config-push.ts).
   */
  async readLatest(screenId: string): Promise<ScreenConfigAnswer | undefined> {
    for (let attempt = 0; ; attempt++) {
      const stamp = this.cache?.stamp;
      const answer = await this.read(screenId);
      if (stamp === this.cache?.stamp || attempt === 2) return answer;
    }
  }

  /** The screen's config and owner; undefined when the screen does not exist. */
  async read(screenId: string): Promise<ScreenConfigAnswer | undefined> {
    const cached = this.cache?.get(screenId);
    if (cached) return cached;
    const built = await this.builds.load(screenId);
    return built && answerOf(built);
  }
}
