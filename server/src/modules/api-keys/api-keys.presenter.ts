import type { TApiKey, TApiKeyScope } from '@pano/contract';

export type ApiKeyRow = {
  id: string; name: string; prefix: string; scopes: string[]; createdAt: Date; lastUsedAt: Date | null;
  groups: { group: { id: string; name: string } }[]; requests24h: number;
};

/** Never the hash, never the secret. */
export const presentApiKey = (k: ApiKeyRow): TApiKey => ({
  _id: k.id,
  name: k.name,
  prefix: k.prefix,
  scopes: k.scopes as TApiKeyScope[],
  groups: k.groups.map((g) => ({ _id: g.group.id, name: g.group.name })),
  createdAt: k.createdAt.toISOString(),
  lastUsedAt: k.lastUsedAt?.toISOString() ?? null,
  requests24h: k.requests24h,
});
