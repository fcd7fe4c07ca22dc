import { DEFAULT_TICKER_SPEED } from '@pano/contract/constants';
import { tr } from '../../i18n/tr';

export type DirectionDraft = { name: string; speed: number; texts: string[] };

export const emptyDraft = (): DirectionDraft => ({ name: '', speed: DEFAULT_TICKER_SPEED, texts: [] });

/** docs/PRODUCT.md#direction: a text must be non-blank before it is added; returns the alert text or null. */
export function validateNewText(text: string): string | null {
  return text.trim() ? null : tr.direction.needText;
}

/** docs/PRODUCT.md#direction: a ticker playlist needs a name and at least one text. */
export function validateDraft(d: DirectionDraft): string | null {
  return d.name.trim() && d.texts.some((t) => t.trim()) ? null : tr.direction.needNameAndText;
}

export const toRequest = (d: DirectionDraft) => ({
  name: d.name.trim(),
  speed: d.speed,
  directions: d.texts.map((t) => t.trim()).filter(Boolean).map((text) => ({ text })),
});
