import { z } from './zod.js';
import { ZId, ZIsoDate, idRef, numberField, requiredText } from './common.js';
import { ZMedia } from './media.js';
import { DEFAULT_ITEM_DURATION, MAX_ITEM_DURATION, MIN_ITEM_DURATION } from './constants.js';
import { listAnswer } from './lists.js';

/** Accepts a media id or a populated media object on write (docs/PRODUCT.md#data). */
const ZMediaRef = idRef('Geçersiz medya');

const ZDuration = numberField('Süre bir sayı olmalıdır').pipe(z.number()
  .int('Süre tam sayı olmalıdır')
  .min(MIN_ITEM_DURATION, 'Süre en az 1 saniye olmalıdır')
  .max(MAX_ITEM_DURATION, 'Süre en fazla 24 saat olabilir'));

const ZPlaylistItemWrite = z.object({
  media: ZMediaRef,
  duration: ZDuration.optional().default(DEFAULT_ITEM_DURATION),
});

const ZItems = z.array(ZPlaylistItemWrite, { error: 'Lütfen en az bir medya seçiniz' })
  .min(1, 'Lütfen en az bir medya seçiniz')
  .max(500, 'Bir playlistte en fazla 500 öğe olabilir');

export const ZCreatePlaylistRequest = z.object({
  name: requiredText('Lütfen playlist adını giriniz'),
  mediaItems: ZItems,
});
export type TCreatePlaylistRequest = z.input<typeof ZCreatePlaylistRequest>;

export const ZUpdatePlaylistRequest = z.object({
  name: requiredText('Lütfen playlist adını giriniz').optional(),
  mediaItems: ZItems,
});
export type TUpdatePlaylistRequest = z.input<typeof ZUpdatePlaylistRequest>;

const ZPlaylistItem = z.object({ media: ZMedia, duration: z.number().int() });
export const ZPlaylist = z.object({
  _id: ZId,
  name: z.string(),
  mediaItems: z.array(ZPlaylistItem),
  createdAt: ZIsoDate,
  updatedAt: ZIsoDate,
});
export type TPlaylist = z.infer<typeof ZPlaylist>;

/** GET /api/playlists: the array, or an object wrapping it (docs/CONTRACT.md#lists). */
export const ZPlaylistListAnswer = listAnswer(ZPlaylist, 'playlists');
