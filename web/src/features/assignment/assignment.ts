import type { TAssignScreenRequest } from '@pano/contract';
import { layoutOfChoice } from '../../components/content/content-options';
import { tr } from '../../i18n/tr';

/** The ticker select: keep what each screen has, clear it, or set one. */
export const TICKER_KEEP = '';
export const TICKER_NONE = '__none__';

export type AssignmentDraft = { playlistId: string; tickerChoice: string; screenIds: readonly string[] };

/** docs/PRODUCT.md#assignment: a playlist and at least one screen; returns the message to show, or null. */
export function validateAssignment(d: AssignmentDraft): string | null {
  return d.playlistId && d.screenIds.length > 0 ? null : tr.assignment.needSelection;
}

export function assignmentBody(d: AssignmentDraft): TAssignScreenRequest {
  // Assigning a layout replaces the playlist as what the screen shows, and a playlist the layout.
  const layout = layoutOfChoice(d.playlistId);
  const body: TAssignScreenRequest = layout ? { currentLayout: layout } : { currentPlaylist: d.playlistId };
  if (d.tickerChoice === TICKER_NONE) body.currentDirectionPlaylist = null;
  else if (d.tickerChoice !== TICKER_KEEP) body.currentDirectionPlaylist = d.tickerChoice;
  return body;
}

/**
 * docs/PRODUCT.md#assignment: one PUT per selected screen, all in parallel. Every request runs to its end
 * (a failure does not hide which others succeeded: the list is reloaded afterwards); then
 * the first failure is thrown.
 */
export async function assignScreens(
  d: AssignmentDraft,
  put: (screenId: string, body: TAssignScreenRequest) => Promise<unknown>,
): Promise<void> {
  const body = assignmentBody(d);
  const results = await Promise.allSettled(d.screenIds.map((id) => put(id, body)));
  const failed = results.find((r): r is PromiseRejectedResult => r.status === 'rejected');
  if (failed) throw failed.reason;
}
