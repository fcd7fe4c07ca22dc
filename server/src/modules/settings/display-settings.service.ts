import { DISPLAY_DEFAULTS, type TDisplaySettings, type ZUpdateDisplaySettingsRequest } from '@pano/contract';
import type { z } from 'zod';
import type { AppContext } from '../../context.js';
import type { Db } from '../../db/client.js';
import type { DisplaySettings } from '../../db/generated/client.js';
import { audit, changesOf } from '../audit/audit.js';

type Update = z.output<typeof ZUpdateDisplaySettingsRequest>;

/** The wire's settings (whole or partial) as row fields. */
function displaySettingsRow<T extends Partial<TDisplaySettings>>(
  { showDirectionBar: showTickerBar, ...rest }: T,
): Omit<T, 'showDirectionBar'> & { showTickerBar?: boolean } {
  return showTickerBar === undefined ? rest : { ...rest, showTickerBar };
}

/** The owner's ticker-bar look; null when never saved (the presenter answers the spec's defaults). */
export async function getDisplaySettings(db: Db, ownerId: string): Promise<DisplaySettings | null> {
  return db.displaySettings.findUnique({ where: { ownerId } });
}

/** Partial update: fields left out keep their value; every screen of the owner is told of a change. */
export async function updateDisplaySettings(ctx: AppContext, ownerId: string, input: Update): Promise<DisplaySettings | null> {
  const data = displaySettingsRow(Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined)) as Update);
  // Nothing to change: no write, and no screen has to rebuild its config.
  if (Object.keys(data).length === 0) return getDisplaySettings(ctx.db, ownerId);
  const row = await ctx.db.$transaction(async (tx) => {
    const before = (await tx.displaySettings.findUnique({ where: { ownerId } })) ?? displaySettingsRow(DISPLAY_DEFAULTS);
    const after = await tx.displaySettings.upsert({
      where: { ownerId },
      create: { ...displaySettingsRow(DISPLAY_DEFAULTS), ...data, ownerId },
      update: data,
    });
    await audit(tx, {
      account: ownerId, action: 'settings.display', target: { type: 'settings', id: ownerId, name: 'Görünüm' },
      changes: changesOf(before as Record<string, unknown>, after as Record<string, unknown>, Object.keys(data)),
    });
    return after;
  });
  await ctx.notifier.ownerScreensChanged(ownerId);
  return row;
}
