import type { TConfigPlaylist, TScreenConfig } from '@pano/contract';
import { mediaKind, resolveMediaUrl, type MediaKind } from './media-rules.js';

export const DEFAULT_DURATION_SECONDS = 5;
export const MIN_DURATION_SECONDS = 1;

/** One entry of the loop, with everything the renderer needs and nothing else. */
export type PlayItem = {
  /** Stable across configs for the same media, so a new config can keep what is on screen. */
  mediaId: string;
  name: string;
  kind: MediaKind;
  url: string;
  durationMs: number;
};

export function durationMs(seconds: number | null | undefined): number {
  const s = typeof seconds === 'number' && Number.isFinite(seconds) ? seconds : DEFAULT_DURATION_SECONDS;
  return Math.max(MIN_DURATION_SECONDS, s) * 1000;
}

/**
 * A playlist as play items. URLs are resolved from filePath against `host` (the server the
 * player talks to), so the same origin serves and caches them.
 */
export function playItemsOf(playlist: TConfigPlaylist | null, host: string): PlayItem[] {
  const items = playlist?.mediaItems ?? [];
  return items.map(({ media, duration }) => ({
    mediaId: media._id,
    name: media.name,
    kind: mediaKind(media),
    url: media.filePath ? resolveMediaUrl(media.filePath, host) : media.url,
    durationMs: durationMs(duration),
  }));
}

/** The screen's own playlist (its assignment) as play items. */
export function playItemsFromConfig(config: TScreenConfig | null, host: string): PlayItem[] {
  return playItemsOf(config?.playlist ?? null, host);
}
