import { z } from './zod.js';
import { ZId, ZNamedRef } from './common.js';
import { DATE_RANGE_MESSAGE, isInstantInRange } from './dates.js';

const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/;
const AT_MESSAGE = 'Geçersiz zaman (ör. 2026-11-23T12:00:00Z)';

/** `?at=`: an ISO instant with its offset (`Z` or `+03:00`), so it names one moment everywhere, in 1970-9999. */
export const ZScreenNowQuery = z.object({
  at: z.string({ error: AT_MESSAGE })
    .refine((at) => ISO_INSTANT.test(at) && Number.isFinite(Date.parse(at)), { error: AT_MESSAGE, abort: true })
    .refine(isInstantInRange, DATE_RANGE_MESSAGE)
    .transform((at) => new Date(at))
    .optional(),
});


/**
 * GET /api/screens/{id}/now: what the screen plays at an instant and until when, resolved by
 * resolveAt (contract/src/schedule/resolve.ts) from the data its config carries.
 */
export const ZScreenNow = z.object({
  playlist: ZNamedRef,
  directionPlaylist: ZNamedRef,
  /**
   * The layout shown, then `playlist` is null: the screen's `currentLayout` when no schedule entry
   * holds (`source` 'default'), or the winning entry's layout (`source` 'schedule'); null
   * otherwise. Optional: older answers have none.
   */
  layout: ZNamedRef.optional(),
  source: z.enum(['schedule', 'default', 'none']),
  scheduleId: ZId.nullable(),
  /** ISO instant at which the answer next changes; null: never. */
  until: z.string().nullable(),
});
export type TScreenNow = z.infer<typeof ZScreenNow>;

/** GET /api/screens/now: every screen of the customer at once. */
export const ZScreensNow = z.array(ZScreenNow.extend({ screenId: ZId }));
export type TScreensNow = z.infer<typeof ZScreensNow>;
