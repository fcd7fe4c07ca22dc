import type { TPlaylist } from '@pano/contract';
import { presentPlaylistMedia, type MediaRow } from './playlist-media.presenter.js';

export type PlaylistRow = {
  id: string;
  name: string;
  createdAt: Date;
  updatedAt: Date;
  items: { duration: number; media: MediaRow }[];
};

/** Items arrive ordered by position (see `withItems`). */
export const presentPlaylist = (p: PlaylistRow): TPlaylist => ({
  _id: p.id,
  name: p.name,
  mediaItems: p.items.map((i) => ({ media: presentPlaylistMedia(i.media), duration: i.duration })),
  createdAt: p.createdAt.toISOString(),
  updatedAt: p.updatedAt.toISOString(),
});
