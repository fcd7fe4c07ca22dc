import type { AppContext } from '../../context.js';

/** A screen of the customer, and whether a player shows it right now. */
export type ScreenPresence = { id: string; lastSeenAt: Date | null; online: boolean };

/** The dashboard's initial live state; `screen:status` events keep it current afterwards. */
export async function screenPresence(ctx: AppContext, ownerId: string): Promise<ScreenPresence[]> {
  const screens = await ctx.db.screen.findMany({
    where: { ownerId },
    orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
    select: { id: true, lastSeenAt: true },
  });
  const online = await ctx.presence.onlineScreenIds(ownerId);
  return screens.map((s) => ({ ...s, online: online.has(s.id) }));
}
