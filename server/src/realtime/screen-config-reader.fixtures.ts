import type { TScreenConfig } from '@pano/contract';
import type { Db } from '../db/client.js';
import { buildScreenConfigEntries, type ScreenConfigOptions } from './screen-config-reader.js';

/** buildScreenConfigEntries without what the config cache keeps: just each screen's config. */
export async function buildScreenConfigs(db: Db, screenIds: string[], opts: ScreenConfigOptions): Promise<Map<string, TScreenConfig>> {
  const built = await buildScreenConfigEntries(db, screenIds, opts);
  return new Map([...built].map(([id, b]) => [id, b.config]));
}
