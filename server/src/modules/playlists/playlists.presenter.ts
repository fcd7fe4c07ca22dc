import type { TPlaylist } from '@pano/contract';
import type { Media } from '../../db/generated/client.js';
import { presentMedia } from '../media/media.presenter.js';

export type PlaylistRow = {
  id: string;
  name: string;
  createdAt: Date;
  updatedAt: Date;
  items: { duration: number; media: Media }[];
};

/** Items arrive ordered by position (see `withItems`). */
export const presentPlaylist = (p: PlaylistRow): TPlaylist => ({
  _id: p.id,
  name: p.name,
  mediaItems: p.items.map((i) => ({ media: presentMedia(i.media), duration: i.duration })),
  createdAt: p.createdAt.toISOString(),
  updatedAt: p.updatedAt.toISOString(),
});
