import { useEffect, useState } from 'react';
import { useQuery, type QueryClient } from '@tanstack/react-query';
import { type TScreenHealth, type TScreenHealthResponse, ZScreenHealth, ZScreenHealthResponse } from '@pano/contract';
import { api } from '../lib/api-client';
import { useDashboardEvents, type DashboardListener } from '../lib/dashboard-socket';
import { screenKeys } from './screens.api';

/** Under the screens' key: a screen added or deleted reloads the health list too. */
export const screenHealthKey = [...screenKeys.all, 'health'] as const;

/** setTimeout holds at most a 32-bit delay. */
const MAX_DELAY_MS = 2 ** 31 - 1;
/** Just past the moment, so the check at the timer sees it passed. */
const AFTER_MS = 50;

/**
 * One `screen:health` event into the cached GET /api/screens/health answer: the screen's entry
 * is replaced (or added: a screen created since the list was read). Nothing cached yet: the
 * list, when it comes, is newer than the event anyway.
 */
export function applyHealthEvent(old: TScreenHealthResponse | undefined, event: TScreenHealth): TScreenHealthResponse | undefined {
  if (!old) return old;
  const at = old.screens.findIndex((s) => s.screenId === event.screenId);
  const screens = at < 0 ? [...old.screens, event] : old.screens.map((s, i) => (i === at ? event : s));
  return { ...old, screens };
}

/** The socket's handler, exported for the tests that stand in for the socket (it is the boundary). */
export function receiveHealthEvent(qc: QueryClient, payload: unknown): void {
  const parsed = ZScreenHealth.safeParse(payload);
  if (!parsed.success) return;
  qc.setQueryData<TScreenHealthResponse>(screenHealthKey, (old) => applyHealthEvent(old, parsed.data));
}

/**
 * When a screen becomes 'sorunlu': the warning time after its trouble began; null while it is
 * fine. docs/PRODUCT.md#screens.
 */
export function problemAt(h: TScreenHealth, warnMinutes: number): number | null {
  if (!h.troubleSince) return null;
  const since = Date.parse(h.troubleSince);
  if (!Number.isFinite(since)) return h.problem ? 0 : null;
  return since + warnMinutes * 60_000;
}

/**
 * Sorunlu now: in trouble, and either the server already said so (its clock may be ahead of
 * ours) or the warning time has passed on ours.
 */
export function isProblem(h: TScreenHealth, warnMinutes: number, now: number): boolean {
  const at = problemAt(h, warnMinutes);
  return at !== null && (h.problem || now >= at);
}

/** The next moment a screen in trouble turns 'sorunlu', or null when none will. */
export function nextProblemAt(data: TScreenHealthResponse, now: number): number | null {
  const times = data.screens
    .filter((h) => !isProblem(h, data.warnMinutes, now))
    .map((h) => problemAt(h, data.warnMinutes))
    .filter((t): t is number => t !== null);
  return times.length ? Math.min(...times) : null;
}

/**
 * Every screen's health (GET /api/screens/health), kept live by `screen:health` on the dashboard
 * socket and asked afresh after a reconnect. Parsed: another shape leaves the health out instead
 * of breaking the page.
 */
export function useScreenHealth() {
  const query = useQuery({
    queryKey: screenHealthKey,
    queryFn: ({ signal }) => api.get('/api/screens/health', ZScreenHealthResponse, signal),
    retry: false,
  });

  useDashboardEvents(listenToHealth);
  return query;
}

const listenToHealth = (qc: QueryClient): DashboardListener => ({
  on: { 'screen:health': (event) => receiveHealthEvent(qc, event) },
  reconnected: () => void qc.invalidateQueries({ queryKey: screenHealthKey, exact: true }),
});

/**
 * The ids of the 'sorunlu' screens. A timer wakes the component when the next screen's warning
 * time passes, so the warning appears then without any event.
 */
export function useProblemScreens(data: TScreenHealthResponse | undefined): ReadonlySet<string> {
  const [, wake] = useState(0);
  const now = Date.now();
  const next = data ? nextProblemAt(data, now) : null;
  useEffect(() => {
    if (next === null) return;
    const timer = setTimeout(() => wake((n) => n + 1), Math.min(Math.max(next - Date.now(), 0) + AFTER_MS, MAX_DELAY_MS));
    return () => clearTimeout(timer);
  }, [next]);
  if (!data) return new Set();
  return new Set(data.screens.filter((h) => isProblem(h, data.warnMinutes, now)).map((h) => h.screenId));
}
