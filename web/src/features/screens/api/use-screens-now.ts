import { useEffect } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { TScreensNow } from '@pano/contract';
import { ZScreensNow } from '@pano/contract';
import { api } from '../../../lib/api-client';
import { screenKeys } from '../../../api/screens.api';

/** One row of GET /api/screens/now: what a screen shows at this moment and until when (docs/PRODUCT.md#what-plays-now). */
export type ScreenNow = TScreensNow[number];

/** Under the screens' key: whatever reloads the screens (an assignment, a group change) reloads this too. */
export const screensNowKey = [...screenKeys.all, 'now'] as const;

/** Past the boundary by this much, so a server clock a little behind ours has moved on too. */
const AFTER_BOUNDARY_MS = 200;
/** A server still answering a passed boundary (its clock behind ours) is asked again this much later. */
const RETRY_PASSED_MS = 1000;
/** setTimeout holds at most a 32-bit delay; a boundary weeks away is simply asked about again. */
const MAX_DELAY_MS = 2 ** 31 - 1;

/** When to ask again: just after the earliest `until`, or never when nothing ends. */
export function refetchDelay(rows: readonly ScreenNow[], now: number): number | null {
  const ends = rows.map((r) => (r.until ? Date.parse(r.until) : NaN)).filter((t) => Number.isFinite(t));
  if (ends.length === 0) return null;
  const earliest = Math.min(...ends);
  return earliest > now ? Math.min(earliest - now + AFTER_BOUNDARY_MS, MAX_DELAY_MS) : RETRY_PASSED_MS;
}

/**
 * What every screen shows now. Asked again just after the earliest boundary, so each card
 * turns over when its screen does; every mount asks afresh (a schedule or playlist may have
 * changed on another page), and live socket reports reload it (use-screen-presence.ts).
 * A failure leaves the cards without the line: the assigned playlist is still shown.
 */
export function useScreensNow(): ReadonlyMap<string, ScreenNow> {
  const qc = useQueryClient();
  const query = useQuery({
    queryKey: screensNowKey,
    // Parsed: an answer of another shape leaves the cards without the line instead of breaking them.
    queryFn: ({ signal }) => api.get('/api/screens/now', ZScreensNow, signal),
    refetchOnMount: 'always',
    retry: false,
  });

  const rows = query.data;
  useEffect(() => {
    const delay = rows ? refetchDelay(rows, Date.now()) : null;
    if (delay === null) return;
    const timer = setTimeout(() => void qc.invalidateQueries({ queryKey: screensNowKey, exact: true }), delay);
    return () => clearTimeout(timer);
  }, [rows, qc]);

  return new Map((rows ?? []).map((r) => [r.screenId, r]));
}
