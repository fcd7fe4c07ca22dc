import { DEFAULT_TICKER_SPEED } from '@pano/contract/constants';
import { tr } from '../../i18n/tr';

export type TickerDraft = { name: string; speed: number; texts: string[] };

export const emptyDraft = (): TickerDraft => ({ name: '', speed: DEFAULT_TICKER_SPEED, texts: [] });

/** docs/PRODUCT.md#ticker: a text must be non-blank before it is added; returns the alert text or null. */
export function validateNewText(text: string): string | null {
  return text.trim() ? null : tr.ticker.needText;
}

/** docs/PRODUCT.md#ticker: a ticker playlist needs a name and at least one text. */
export function validateDraft(d: TickerDraft): string | null {
  return d.name.trim() && d.texts.some((t) => t.trim()) ? null : tr.ticker.needNameAndText;
}

export const toRequest = (d: TickerDraft) => ({
  name: d.name.trim(),
  speed: d.speed,
  directions: d.texts.map((t) => t.trim()).filter(Boolean).map((text) => ({ text })),
});
