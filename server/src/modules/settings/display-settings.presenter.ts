import { DISPLAY_DEFAULTS, type TDisplaySettings } from '@pano/contract';
import type { DisplaySettings } from '../../db/generated/client.js';

/** The columns of a display_settings row the wire carries (the bar is the ticker's: docs/architecture/server.md#names). */
type DisplaySettingsRow = Pick<DisplaySettings, 'showTickerBar' | 'backgroundColor' | 'barHeight' | 'textColor' | 'fontSize'>;

/** The owner's ticker-bar look as the API and the screen config carry it, or the spec's defaults. */
export function presentDisplaySettings(row: DisplaySettingsRow | null): TDisplaySettings {
  if (!row) return { ...DISPLAY_DEFAULTS };
  const { showTickerBar, backgroundColor, barHeight, textColor, fontSize } = row;
  return { showDirectionBar: showTickerBar, backgroundColor, barHeight, textColor, fontSize };
}
