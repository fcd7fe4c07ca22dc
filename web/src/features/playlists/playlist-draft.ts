import { ZCreatePlaylistRequest, type TCreatePlaylistRequest } from '@pano/contract';
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
