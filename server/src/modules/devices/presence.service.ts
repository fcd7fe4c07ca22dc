import type { TScreenPresence } from '@pano/contract';
import type { AppContext } from '../../context.js';

/** The dashboard's initial live state; `screen:status` events keep it current afterwards. */
export async function screenPresence(ctx: AppContext, ownerId: string): Promise<TScreenPresence[]> {
  const screens = await ctx.db.screen.findMany({
    where: { ownerId },
    orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
    select: { id: true, lastSeenAt: true },
  });
  const online = await ctx.presence.onlineScreenIds(ownerId);
  return screens.map((s) => ({ screenId: s.id, online: online.has(s.id), lastSeenAt: s.lastSeenAt?.toISOString() ?? null }));
}
