import type { TScreenPresence, TScreenStatusEvent } from '@pano/contract';

export type Presence = { online: boolean; lastSeenAt: string | null };
export type PresenceMap = Record<string, Presence>;

export function presenceFromList(list: readonly TScreenPresence[]): PresenceMap {
  return Object.fromEntries(list.map((p) => [p.screenId, { online: p.online, lastSeenAt: p.lastSeenAt }]));
}

/**
 * Applies one `screen:status` event. An event without a last-seen time (a player that
 * never reported) keeps the time we already know, so a card never loses it.
 */
export function applyStatus(map: PresenceMap, e: TScreenStatusEvent): PresenceMap {
  const prev = map[e.screenId];
  return { ...map, [e.screenId]: { online: e.online, lastSeenAt: e.lastSeenAt ?? prev?.lastSeenAt ?? null } };
}
