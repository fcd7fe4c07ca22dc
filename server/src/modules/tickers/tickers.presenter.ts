import type { TTickerPlaylist } from '@pano/contract';

export type TickerRow = {
  id: string;
  name: string;
  speed: number;
  createdAt: Date;
  updatedAt: Date;
  texts: { text: string }[];
};

/** Texts arrive ordered by position (see `withTexts`). */
export const presentTickerPlaylist = (d: TickerRow): TTickerPlaylist => ({
  _id: d.id,
  name: d.name,
  speed: d.speed,
  directions: d.texts.map((x) => ({ text: x.text })),
  createdAt: d.createdAt.toISOString(),
  updatedAt: d.updatedAt.toISOString(),
});
