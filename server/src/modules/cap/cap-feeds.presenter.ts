import type { TCapFeed } from '@pano/contract';
import type { CapFeedRow } from './cap-feeds.service.js';

export const presentCapFeed = (f: CapFeedRow): TCapFeed => ({
  _id: f.id,
  url: f.url,
  pollSeconds: f.pollSeconds,
  groups: f.groups.map((g) => ({ _id: g.id, name: g.name })),
  enabled: f.enabled,
  lastPolledAt: f.lastPolledAt?.toISOString() ?? null,
  lastOkAt: f.lastOkAt?.toISOString() ?? null,
  lastError: f.lastError,
  messageCount: f.messageCount,
  createdAt: f.createdAt.toISOString(),
});
