import { z } from './zod.js';
import { ZId, ZIsoDate, numberField, requiredText } from './common.js';
import { DEFAULT_TICKER_SPEED } from './constants.js';
import { listAnswer } from './lists.js';

const SPEED_RANGE = 'Hız 1 ile 5 arasında olmalıdır';
const ZSpeed = numberField(SPEED_RANGE).pipe(z.number().int(SPEED_RANGE).min(1, SPEED_RANGE).max(5, SPEED_RANGE));

const ZTickerText = z.object({ text: requiredText('Lütfen bir metin girin', 500) });
const ZTexts = z.array(ZTickerText, { error: 'Lütfen playlist adı girin ve en az bir yazı ekleyin' })
  .min(1, 'Lütfen playlist adı girin ve en az bir yazı ekleyin')
  .max(200, 'En fazla 200 yazı eklenebilir');

export const ZCreateTickerRequest = z.object({
  name: requiredText('Lütfen playlist adı girin ve en az bir yazı ekleyin'),
  speed: ZSpeed.optional().default(DEFAULT_TICKER_SPEED),
  directions: ZTexts,
});
export type TCreateTickerRequest = z.input<typeof ZCreateTickerRequest>;

export const ZUpdateTickerRequest = z.object({
  name: requiredText('Lütfen playlist adı girin ve en az bir yazı ekleyin').optional(),
  speed: ZSpeed.optional(),
  directions: ZTexts.optional(),
});
export type TUpdateTickerRequest = z.input<typeof ZUpdateTickerRequest>;

export const ZTickerPlaylist = z.object({
  _id: ZId,
  name: z.string(),
  speed: z.number().int(),
  directions: z.array(z.object({ text: z.string() })),
  createdAt: ZIsoDate,
  updatedAt: ZIsoDate,
});
export type TTickerPlaylist = z.infer<typeof ZTickerPlaylist>;

/** GET /api/direction-playlists: the array, or an object wrapping it (docs/CONTRACT.md#lists). */
export const ZTickerPlaylistListAnswer = listAnswer(ZTickerPlaylist, 'directionPlaylists');
