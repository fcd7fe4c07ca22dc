import type { TMedia } from '@pano/contract';

/** The Media columns a presenter needs (kept structural so no Prisma type leaves the server). */
export type MediaRow = {
  id: string;
  name: string;
  fileName: string;
  kind: 'image' | 'video';
  mime: string;
  sizeBytes: bigint;
  width: number | null;
  height: number | null;
  durationSec: number | null;
  createdAt: Date;
};

/**
 * Local stand-in for the media module's presenter (it did not exist yet when playlists were
 * built); swap for `presentMedia` from modules/media once that lands, the shapes are the same.
 */
export const presentPlaylistMedia = (m: MediaRow): TMedia => ({
  _id: m.id,
  name: m.name,
  filePath: `/uploads/${m.fileName}`,
  mediaType: m.kind === 'video' ? 'Video' : 'Resim',
  type: m.kind,
  mimeType: m.mime,
  size: Number(m.sizeBytes),
  width: m.width,
  height: m.height,
  duration: m.durationSec,
  createdAt: m.createdAt.toISOString(),
});
