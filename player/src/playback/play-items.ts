import type { TConfigMedia, TConfigPlaylist, TScreenConfig } from '@pano/contract';
import { DEFAULT_ITEM_DURATION, MIN_ITEM_DURATION } from '@pano/contract/constants';
import { mediaKind, resolveMediaUrl, type MediaKind } from '@pano/contract/media-rules';

/** One entry of the loop, with everything the renderer needs and nothing else. */
export type PlayItem = {
  /** Stable across configs for the same media, so a new config can keep what is on screen. */
  mediaId: string;
  name: string;
  /** 'app': drawn from `app` (docs/PRODUCT.md#apps), no file (`url` ''); a PDF document's pages are files. */
  kind: MediaKind;
  url: string;
  /** A PDF document's item lasts its duration once per page. */
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
  return items.map(({ media, duration }) => {
    const pdf = media.app?.kind === 'pdf' ? media.app : null;
    return {
      mediaId: media._id,
      name: media.name,
      kind: mediaKind(media),
      url: media.filePath ? resolveMediaUrl(media.filePath, host) : media.url,
      // A PDF document shows each page for the item's duration (docs/PRODUCT.md#apps).
      durationMs: durationMs(duration) * (pdf ? pdf.pages.length : 1),
      // Apps only: a file's item stays as it was. A document's pages resolve like files.
      ...(media.type === 'app' && {
        media: pdf ? { ...media, app: { ...pdf, pages: pdf.pages.map((page) => resolveMediaUrl(page, host)) } } : media,
        timeZone,
      }),
    };
  });
}

/** A PDF document's page pictures as a play item carries them, resolved; none for anything else. */
export const pdfPagesOf = (item: PlayItem): string[] => (item.media?.app?.kind === 'pdf' ? item.media.app.pages : []);

/** How long each page of a document is on screen: the item's time shared by its pages. */
export const pageDurationMs = (itemMs: number, pageCount: number) => itemMs / Math.max(1, pageCount);

/** The screen's own playlist (its assignment) as play items. */
export function playItemsFromConfig(config: TScreenConfig | null, host: string): PlayItem[] {
  return playItemsOf(config?.playlist ?? null, host);
}
