import { ZCreatePlaylistRequest, ZUpdatePlaylistRequest, type TCreatePlaylistRequest, type TMedia, type TUpdatePlaylistRequest } from '@pano/contract';
import { DEFAULT_ITEM_DURATION } from '@pano/contract/constants';
import { z } from '@pano/contract/zod';
import { parseDuration } from './duration';

/** The create card's values: the chosen media ids in order, and each one's duration as typed. */
export type PlaylistDraft = { name: string; mediaItems: string[]; durations: Record<string, string> };

export const emptyPlaylistDraft = (): PlaylistDraft => ({ name: '', mediaItems: [], durations: {} });

/**
 * The draft, converted into the request (durations parsed as docs/PRODUCT.md#playlists says) and
 * checked by the contract's schema: a name and at least one media.
 */
export const ZPlaylistDraft = z.object({
  name: z.string(),
  mediaItems: z.array(z.string()),
  durations: z.record(z.string(), z.string()),
}).transform((d): TCreatePlaylistRequest => ({
  name: d.name,
  mediaItems: d.mediaItems.map((id) => ({ media: id, duration: parseDuration(d.durations[id] ?? DEFAULT_ITEM_DURATION) })),
})).pipe(ZCreatePlaylistRequest);

/** The editor's values: the items in their order, each with its media and its duration as typed. */
const ZEditItem = z.object({ key: z.string(), media: z.custom<TMedia>(), duration: z.string() });
export type EditItem = z.infer<typeof ZEditItem>;

/**
 * The editor's items, converted into the PUT body (durations parsed as on create) and checked
 * by the contract's schema: at least one media (docs/PRODUCT.md#playlists).
 */
export const ZPlaylistEdit = z.object({ items: z.array(ZEditItem) }).transform((d): TUpdatePlaylistRequest => ({
  mediaItems: d.items.map((i) => ({ media: i.media._id, duration: parseDuration(i.duration) })),
})).pipe(ZUpdatePlaylistRequest);
