import type { TPackage } from '@pano/contract';
import type { Package } from '../../db/generated/client.js';

export const presentPackage = (p: Package): TPackage => ({
  _id: p.id,
  name: p.name,
  description: p.description,
  price: Number(p.price),
  duration: p.durationDays,
  isPopular: p.isPopular,
  isActive: p.isActive,
  features: { maxMediaUpload: p.maxMediaUploadGb, maxScreens: p.maxScreens, maxPlaylists: p.maxPlaylists, maxMembers: p.maxMembers },
  createdAt: p.createdAt.toISOString(),
  updatedAt: p.updatedAt.toISOString(),
});
