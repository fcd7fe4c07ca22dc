import { ALERT_ACTIVE_MAX_PER_SCREEN } from '@pano/contract';
import type { DbOrTx } from '../../db/client.js';
import { limitReached, listedNames } from '../../http/errors.js';
import { activeAlertWhere } from './active-alert.js';

/**
 * Refuses a send that would put more than ALERT_ACTIVE_MAX_PER_SCREEN active alerts on any of
 * its screens (409), naming the full screens and their alerts, oldest first, so a person knows
 * what to end. The caller holds the owner's lock, so two sends cannot both take the last place.
 * Alerts that ran out or were ended take no place, so a real emergency is refused only when a
 * screen truly shows the maximum.
 */
export async function assertRoomOnScreens(tx: DbOrTx, screenIds: string[], now: Date): Promise<void> {
  const full = await tx.alertTarget.groupBy({
    by: ['screenId'],
    where: { screenId: { in: screenIds }, alert: activeAlertWhere(now) },
    having: { screenId: { _count: { gte: ALERT_ACTIVE_MAX_PER_SCREEN } } },
  });
  if (full.length === 0) return;
  const fullIds = full.map((f) => f.screenId);
  const screens = await tx.screen.findMany({ where: { id: { in: fullIds } }, select: { name: true }, orderBy: [{ name: 'asc' }, { id: 'asc' }] });
  const alerts = await tx.alert.findMany({
    where: { ...activeAlertWhere(now), targets: { some: { screenId: { in: fullIds } } } },
    select: { title: true }, orderBy: [{ startedAt: 'asc' }, { id: 'asc' }],
  });
  throw limitReached(
    `Bir ekranda aynı anda en fazla ${ALERT_ACTIVE_MAX_PER_SCREEN} acil duyuru gösterilebilir; şu ekranlarda yer yok: `
    + `${listedNames(screens.map((s) => s.name), 'ekran')}. `
    + 'Yenisini göndermek için önce şu duyurulardan birini bitirin: '
    + listedNames(alerts.map((a) => `"${a.title}"`), 'duyuru'),
  );
}
