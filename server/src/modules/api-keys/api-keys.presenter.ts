import type { TApiKey } from '@pano/contract';

export type ApiKeyRow = { id: string; name: string; prefix: string; createdAt: Date; lastUsedAt: Date | null };

/** Never the hash, never the secret. */
export const presentApiKey = (k: ApiKeyRow): TApiKey => ({
  _id: k.id,
  name: k.name,
  prefix: k.prefix,
  scope: 'alerts',
  createdAt: k.createdAt.toISOString(),
  lastUsedAt: k.lastUsedAt?.toISOString() ?? null,
});
