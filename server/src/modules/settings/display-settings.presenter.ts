import { DISPLAY_DEFAULTS, type TDisplaySettings } from '@pano/contract';

/** A display_settings row as the code names it: the bar is the ticker's (docs/architecture/server.md#names). */
export type DisplaySettingsRow = {
  showTickerBar: boolean;
  backgroundColor: string;
  barHeight: number;
  textColor: string;
  fontSize: number;
};

/** The owner's ticker-bar look as the API and the screen config carry it, or the spec's defaults. */
export function presentDisplaySettings(row: DisplaySettingsRow | null): TDisplaySettings {
  if (!row) return { ...DISPLAY_DEFAULTS };
  const { showTickerBar, backgroundColor, barHeight, textColor, fontSize } = row;
  return { showDirectionBar: showTickerBar, backgroundColor, barHeight, textColor, fontSize };
}

/** The wire's settings (whole or partial) as row fields. */
export function displaySettingsRow<T extends Partial<TDisplaySettings>>(
  { showDirectionBar: showTickerBar, ...rest }: T,
): Omit<T, 'showDirectionBar'> & { showTickerBar?: boolean } {
  return showTickerBar === undefined ? rest : { ...rest, showTickerBar };
}
