import { DEFAULT_ITEM_DURATION, MAX_ITEM_DURATION, MIN_ITEM_DURATION } from '@pano/contract/constants';

/**
 * docs/PRODUCT.md#playlists: per-item duration is whole seconds, minimum 1, default 5; non-numeric input
 * falls back to 5. Values over the server's maximum are capped rather than rejected.
 */
export function parseDuration(input: string | number | null | undefined): number {
  const n = typeof input === 'number' ? input : Number(String(input ?? '').trim().replace(',', '.'));
  if (input === '' || input === null || input === undefined || !Number.isFinite(n)) return DEFAULT_ITEM_DURATION;
  const whole = Math.round(n);
  return Math.min(MAX_ITEM_DURATION, Math.max(MIN_ITEM_DURATION, whole));
}
