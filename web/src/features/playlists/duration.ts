import type { TMedia } from '@pano/contract';
import { DEFAULT_ITEM_DURATION, MAX_ITEM_DURATION, MIN_ITEM_DURATION } from '@pano/contract/constants';
import { isVideo } from '../../lib/media-url';

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

/**
 * docs/PRODUCT.md#media-processing: a video added to a playlist starts with its length, rounded up
 * to whole seconds, so it is not cut after 5 s; pictures, apps and a video of unknown length
 * start with the spec's 5 s. Either stays editable.
 */
export function initialDuration(m: Pick<TMedia, 'type' | 'mediaType' | 'filePath' | 'duration'>): number {
  return isVideo(m) && m.duration !== null && m.duration > 0 ? parseDuration(Math.ceil(m.duration)) : DEFAULT_ITEM_DURATION;
}
