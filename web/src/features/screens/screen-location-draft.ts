import { ZAssignScreenRequest, type TScreen } from '@pano/contract';
import { z } from '@pano/contract/zod';

/*
 * The 'Konum' form on a screen's card (docs/PRODUCT.md#screens): the two coordinates as typed,
 * checked with the request's own schema (its ranges, its both-or-none rule, a decimal comma read
 * as the point), two empty fields meaning "no location".
 */

export type LocationDraft = { latitude: string; longitude: string };

export const draftOfScreen = (s: Pick<TScreen, 'latitude' | 'longitude'>): LocationDraft => ({
  latitude: s.latitude === null ? '' : String(s.latitude),
  longitude: s.longitude === null ? '' : String(s.longitude),
});

const blankIsNone = (typed: string) => (typed.trim() === '' ? null : typed);

export const ZLocationDraft = z.preprocess(
  (d: LocationDraft) => ({ latitude: blankIsNone(d.latitude), longitude: blankIsNone(d.longitude) }),
  ZAssignScreenRequest,
);

/** '41.0082, 28.9784' as a card line; null without a location. */
export const locationText = (s: Pick<TScreen, 'latitude' | 'longitude'>): string | null =>
  s.latitude === null || s.longitude === null ? null : `${s.latitude}, ${s.longitude}`;

/*
 * A pair as a map copies it ('41.0082, 28.9784', '41.0082 28.9784', '41.0082;28.9784'). Both
 * numbers need a decimal point: '41,0082' alone is one latitude typed with a Turkish comma.
 */
const PAIR = /^\s*(-?\d{1,3}\.\d+)\s*(?:[,;]\s*|\s+)(-?\d{1,3}\.\d+)\s*$/;

/** The two halves of a pasted coordinate pair, or null when the text is not one. */
export function readPastedPair(text: string): LocationDraft | null {
  const m = PAIR.exec(text);
  return m ? { latitude: m[1]!, longitude: m[2]! } : null;
}
