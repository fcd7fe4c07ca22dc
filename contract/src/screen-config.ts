import { z } from './zod.js';
import { ZId } from './common.js';
import { ZMediaKind, ZMediaType } from './media.js';
import { ZDisplaySettings } from './settings.js';

/** What a player needs to show a screen: everything resolved, nothing else to fetch but files. */
export const ZConfigMedia = z.object({
  _id: ZId,
  name: z.string(),
  mediaType: ZMediaType,
  type: ZMediaKind,
  filePath: z.string(),
  /** Absolute against PUBLIC_URL when the server has one, else root-relative (`/uploads/…`). */
  url: z.string(),
  mimeType: z.string(),
});

export const ZScreenConfig = z.object({
  screenId: ZId,
  screenName: z.string(),
  /** Content hash: equal versions mean an identical config. */
  version: z.string(),
  playlist: z.object({
    _id: ZId,
    name: z.string(),
    mediaItems: z.array(z.object({ media: ZConfigMedia, duration: z.number().int() })),
  }).nullable(),
  directionPlaylist: z.object({
    _id: ZId,
    name: z.string(),
    speed: z.number().int(),
    directions: z.array(z.object({ text: z.string() })),
  }).nullable(),
  displaySettings: ZDisplaySettings,
  /** Set when the customer's package has ended: the player shows a calm notice instead. */
  notice: z.object({ kind: z.literal('package-expired'), message: z.string() }).nullable(),
});
export type TScreenConfig = z.infer<typeof ZScreenConfig>;
export type TConfigMedia = z.infer<typeof ZConfigMedia>;
