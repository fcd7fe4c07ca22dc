import { ALERT_ACTIVE_MAX_PER_SCREEN, type TScreenAlert } from '@pano/contract';
import type { Db } from '../../db/client.js';
import { activeAlertWhere } from '../alerts/active-alert.js';

/* The alerts a screen must show now, part of its config (docs/architecture/alerts.md#alerts). */

/**
 * For the screen config builder: per screen, the alerts active at `now`, newest first (at most
 * ALERT_ACTIVE_MAX_PER_SCREEN), with what the player needs to show them. Screens with none are
 * absent from the map. The config
 * carries endsAt, so a player hides an alert on time by itself (docs/architecture/alerts.md#alerts).
 */
export async function activeAlertsForScreens(db: Db, screenIds: string[], now: Date): Promise<Map<string, TScreenAlert[]>> {
  const out = new Map<string, TScreenAlert[]>();
  if (screenIds.length === 0) return out;
  const rows = await db.alertTarget.findMany({
    where: { screenId: { in: screenIds }, alert: activeAlertWhere(now) },
    select: {
      screenId: true,
      alert: {
        select: {
          id: true, title: true, message: true, background: true, textColor: true, sound: true, startedAt: true, endsAt: true,
          media: { select: { fileName: true } },
        },
      },
    },
    orderBy: [{ alert: { startedAt: 'desc' } }, { alertId: 'desc' }],
  });
  for (const { screenId, alert: a } of rows) {
    const list = out.get(screenId) ?? [];
    // Sends are capped (modules/alerts/alert-cap.ts); rows from before the cap still never grow the config past it.
    if (list.length >= ALERT_ACTIVE_MAX_PER_SCREEN) continue;
    list.push({
      _id: a.id, title: a.title, message: a.message, background: a.background, textColor: a.textColor,
      mediaPath: a.media ? `/uploads/${a.media.fileName}` : null, sound: a.sound,
      startedAt: a.startedAt.toISOString(), endsAt: a.endsAt?.toISOString() ?? null,
    });
    out.set(screenId, list);
  }
  return out;
}
