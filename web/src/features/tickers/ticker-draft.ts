import { ZCreateTickerRequest, type TCreateTickerRequest } from '@pano/contract';
import { DEFAULT_TICKER_SPEED } from '@pano/contract/constants';
import { z } from '@pano/contract/zod';
import { tr } from '../../i18n/tr';

export type TickerDraft = { name: string; speed: number; texts: string[] };

export const emptyDraft = (): TickerDraft => ({ name: '', speed: DEFAULT_TICKER_SPEED, texts: [] });

/** docs/PRODUCT.md#ticker: a text must be non-blank before it is added; returns the alert text or null. */
export function validateNewText(text: string): string | null {
  return text.trim() ? null : tr.ticker.needText;
}

export const toRequest = (d: TickerDraft) => ({
  name: d.name.trim(),
  speed: d.speed,
  directions: d.texts.map((t) => t.trim()).filter(Boolean).map((text) => ({ text })),
});

/**
 * The create card's and edit modal's values (the draft), checked and converted into the
 * request by the contract's schema: a ticker playlist needs a name and at least one text
 * (docs/PRODUCT.md#ticker).
 */
export const ZTickerDraft = z.object({ name: z.string(), speed: z.number(), texts: z.array(z.string()) })
  .transform((d): TCreateTickerRequest => toRequest(d))
  .pipe(ZCreateTickerRequest);
