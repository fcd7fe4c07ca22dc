import type { TConfigMedia, TConfigPlaylist, TScreenConfig } from '@pano/contract';
import { DEFAULT_ITEM_DURATION, MIN_ITEM_DURATION } from '@pano/contract/constants';
import { mediaKind, resolveMediaUrl, type MediaKind } from '@pano/contract/media-rules';

/** One entry of the loop, with everything the renderer needs and nothing else. */
export type PlayItem = {
  /** Stable across configs for the same media, so a new config can keep what is on screen. */
  mediaId: string;
  name: string;
  /** 'app': drawn from `app` (docs/PRODUCT.md#apps), no file (`url` ''). */
  kind: MediaKind;
  url: string;
  durationMs: number;
  /** The config's media: an app's settings (`app`) and what the server fetched for it (`appData`). */
  media?: TConfigMedia;
  /** Apps: the screen's IANA time zone, for the ones that tell the time. */
  timeZone?: string;
};

/** docs/PRODUCT.md#constants: an item's seconds on screen, the default when missing, at least the minimum. */
export function durationMs(seconds: number | null | undefined): number {
  const s = typeof seconds === 'number' && Number.isFinite(seconds) ? seconds : DEFAULT_ITEM_DURATION;
  return Math.max(MIN_ITEM_DURATION, s) * 1000;
}

/**
 * A playlist as play items. URLs are resolved from filePath against `host` (the server the
 * player talks to), so the same origin serves and caches them.
 */
export function playItemsOf(playlist: TConfigPlaylist | null, host: string, timeZone?: string): PlayItem[] {
  const items = playlist?.mediaItems ?? [];
  return items.map(({ media, duration }) => ({
    mediaId: media._id,
    name: media.name,
    kind: mediaKind(media),
    url: media.filePath ? resolveMediaUrl(media.filePath, host) : media.url,
    durationMs: durationMs(duration),
    // Apps only: a file's item stays as it was.
    ...(media.type === 'app' && { media, timeZone }),
  }));
}

/** The screen's own playlist (its assignment) as play items. */
export function playItemsFromConfig(config: TScreenConfig | null, host: string): PlayItem[] {
  return playItemsOf(config?.playlist ?? null, host);
}
