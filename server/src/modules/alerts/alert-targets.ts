import type { DbOrTx } from '../../db/client.js';
import { badRequest, notFound } from '../../http/errors.js';
import { allOwned } from '../../db/ownership.js';

export type AlertTargets = { all: boolean; screens: string[]; groups: string[] };

export const uniqueTargets = (t: AlertTargets): AlertTargets => ({ all: t.all, screens: [...new Set(t.screens)], groups: [...new Set(t.groups)] });

/** Every id named must be the owner's own: another customer's reads as missing (404). */
export async function assertOwnTargets(db: DbOrTx, ownerId: string, t: AlertTargets): Promise<void> {
  if (!(await allOwned(db, 'screen', ownerId, t.screens))) throw notFound('Ekran');
  if (!(await allOwned(db, 'screenGroup', ownerId, t.groups))) throw notFound('Ekran grubu');
}

/** An alert's image: the customer's own, and a picture (a video has no place on a takeover). */
export async function assertOwnImage(db: DbOrTx, ownerId: string, mediaId: string | null): Promise<void> {
  if (!mediaId) return;
  const media = await db.media.findFirst({ where: { id: mediaId, ownerId }, select: { kind: true } });
  if (!media) throw notFound('Medya');
  if (media.kind !== 'image') throw badRequest('Acil duyuruda yalnızca resim kullanılabilir');
}

/**
 * The screens an alert reaches, fixed when it is sent: every screen of the customer, or the
 * screens named plus the members of the groups named. A screen joining a group later is not
 * reached by an alert already showing (the record says which screens were asked to show it).
 */
export async function resolveTargetScreens(db: DbOrTx, ownerId: string, t: AlertTargets): Promise<string[]> {
  const where = t.all
    ? { ownerId }
    : { ownerId, OR: [{ id: { in: t.screens } }, { groupMemberships: { some: { groupId: { in: t.groups } } } }] };
  return (await db.screen.findMany({ where, select: { id: true }, orderBy: { id: 'asc' } })).map((s) => s.id);
}
