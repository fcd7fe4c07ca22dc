import type { TTickerPlaylist } from '@pano/contract';
import type { TickerRow } from './tickers.service.js';

/** Texts arrive ordered by position (see `withTexts`). */
export const presentTickerPlaylist = (d: TickerRow): TTickerPlaylist => ({
  _id: d.id,
  name: d.name,
  speed: d.speed,
  directions: d.texts.map((x) => ({ text: x.text })),
  createdAt: d.createdAt.toISOString(),
  updatedAt: d.updatedAt.toISOString(),
});
