import type { TPlaylist } from '@pano/contract';
import { presentMedia } from '../media/media.presenter.js';
import type { PlaylistRow } from './playlists.service.js';

/** Items arrive ordered by position (see `withItems`). */
export const presentPlaylist = (p: PlaylistRow): TPlaylist => ({
  _id: p.id,
  name: p.name,
  mediaItems: p.items.map((i) => ({ media: presentMedia(i.media), duration: i.duration })),
  createdAt: p.createdAt.toISOString(),
  updatedAt: p.updatedAt.toISOString(),
});
