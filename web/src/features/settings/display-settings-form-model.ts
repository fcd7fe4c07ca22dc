import { DISPLAY_DEFAULTS } from '@pano/contract/constants';
import { ZUpdateDisplaySettingsRequest, type TDisplaySettings, type TUpdateDisplaySettingsRequest } from '@pano/contract';
import { z } from '@pano/contract/zod';

export type DisplayDraft = {
  showDirectionBar: boolean;
  backgroundColor: string;
  textColor: string;
  barHeight: string;
  fontSize: string;
};

export const draftFromSettings = (s: TDisplaySettings): DisplayDraft => ({
  showDirectionBar: s.showDirectionBar,
  backgroundColor: s.backgroundColor,
  textColor: s.textColor,
  barHeight: String(s.barHeight),
  fontSize: String(s.fontSize),
});

/** Defaults (docs/PRODUCT.md#constants): rgba(0,0,0,0.8), white, 50 px, 24 px. */
export const defaultDraft = (): DisplayDraft => draftFromSettings({ ...DISPLAY_DEFAULTS });

const bodyFromDraft = (d: DisplayDraft): TUpdateDisplaySettingsRequest => ({
  showDirectionBar: d.showDirectionBar,
  backgroundColor: d.backgroundColor.trim(),
  textColor: d.textColor.trim(),
  barHeight: d.barHeight.trim() === '' ? undefined : Number(d.barHeight),
  fontSize: d.fontSize.trim() === '' ? undefined : Number(d.fontSize),
});

/** The form's values (the draft, sizes as typed), converted and checked by the server's own schema. */
export const ZDisplayDraft = z.object({
  showDirectionBar: z.boolean(), backgroundColor: z.string(), textColor: z.string(), barHeight: z.string(), fontSize: z.string(),
}).transform(bodyFromDraft).pipe(ZUpdateDisplaySettingsRequest);

const NAMED: Record<string, string> = {
  white: '#ffffff', black: '#000000', red: '#ff0000', green: '#008000', blue: '#0000ff', yellow: '#ffff00',
  orange: '#ffa500', gray: '#808080', grey: '#808080', navy: '#000080', purple: '#800080', transparent: '#000000',
};

const hex2 = (n: number) => Math.max(0, Math.min(255, Math.round(n))).toString(16).padStart(2, '0');

/** A CSS colour as #rrggbb for <input type="color"> (alpha dropped); unknown values give black. */
export function toHexColor(css: string): string {
  // CSS colour names and hex digits are ASCII identifiers, not Turkish text.
  // eslint-disable-next-line no-restricted-syntax
  const c = css.trim().toLowerCase();
  if (/^#[0-9a-f]{6}([0-9a-f]{2})?$/.test(c)) return c.slice(0, 7);
  if (/^#[0-9a-f]{3,4}$/.test(c)) return `#${c[1]}${c[1]}${c[2]}${c[2]}${c[3]}${c[3]}`;
  const rgb = /^rgba?\(\s*([\d.]+)\s*,\s*([\d.]+)\s*,\s*([\d.]+)/.exec(c);
  if (rgb) return `#${hex2(Number(rgb[1]))}${hex2(Number(rgb[2]))}${hex2(Number(rgb[3]))}`;
  return NAMED[c] ?? '#000000';
}
