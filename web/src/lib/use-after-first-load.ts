import { startTransition, useEffect, useState } from 'react';

/**
 * After the load event, how long a page's own reads and pictures get first. The load event alone
 * is too early: a page's list is read, and its pictures asked for, after the app has started.
 */
const SETTLE_MS = 1_000;
/** How long an idle moment is waited for, at most, after that. */
const IDLE_TIMEOUT_MS = 2_000;

/** Resolves once the page has loaded, had its moment, and the browser is idle. */
function afterFirstLoad(): Promise<void> {
  return new Promise((resolve) => {
    const whenIdle = () => {
      if (typeof requestIdleCallback === 'function') requestIdleCallback(() => resolve(), { timeout: IDLE_TIMEOUT_MS });
      else resolve();
    };
    const settle = () => setTimeout(whenIdle, SETTLE_MS);
    if (document.readyState === 'complete') settle();
    else window.addEventListener('load', settle, { once: true });
  });
}

let firstLoad: Promise<void> | undefined;

/**
 * False until the page has loaded and the browser is idle, then true for good. For what every
 * page shows but no page is about (the sidebar's health count): it waits until the page's own
 * content has been fetched and painted, so it never competes with it for the network or the main
 * thread (docs/PERFORMANCE.md#dashboard-first-load-p13).
 */
export function useAfterFirstLoad(): boolean {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    let live = true;
    firstLoad ??= afterFirstLoad();
    void firstLoad.then(() => {
      // What it shows is drawn as a transition, in slices between which the page answers input.
      if (live) startTransition(() => setReady(true));
    });
    return () => {
      live = false;
    };
  }, []);
  return ready;
}
