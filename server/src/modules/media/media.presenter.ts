import type { TMedia } from '@pano/contract';
import type { Media } from '../../db/generated/client.js';

export const mediaUrlPath = (fileName: string) => `/uploads/${fileName}`;

export function presentMedia(m: Media): TMedia {
  return {
    _id: m.id,
    name: m.name,
    filePath: mediaUrlPath(m.fileName),
    mediaType: m.kind === 'video' ? 'Video' : 'Resim',
    type: m.kind,
    mimeType: m.mime,
    size: Number(m.sizeBytes),
    width: m.width,
    height: m.height,
    duration: m.durationSec,
    createdAt: m.createdAt.toISOString(),
  };
}
