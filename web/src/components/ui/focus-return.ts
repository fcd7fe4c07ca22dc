/**
 * Where focus goes back to when a dialog closes.
 *
 * A dialog opened by an action often finds focus on the body: the button that started the action was
 * disabled while busy (a submit button during an upload), and browsers drop focus from a disabled control.
 * So we remember the last element that had focus, and on close wait a moment for it to be usable again.
 */
let lastFocused: HTMLElement | null = null;

if (typeof document !== 'undefined') {
  document.addEventListener('focusin', (e) => {
    if (e.target instanceof HTMLElement) lastFocused = e.target;
  }, true);
}

/** The element to return to: what has focus now, or the last thing that had it if focus fell to the body. */
export function focusBeforeDialog(): HTMLElement | null {
  const active = document.activeElement;
  if (active instanceof HTMLElement && active !== document.body) return active;
  return lastFocused?.isConnected ? lastFocused : null;
}

const RETRY_MS = 16;
const GIVE_UP_MS = 1000;

/** Focuses `el`; while it can't take focus yet (still disabled), retries briefly unless focus has moved elsewhere. */
export function returnFocus(el: HTMLElement | null): void {
  if (!el) return;
  const deadline = Date.now() + GIVE_UP_MS;
  const attempt = () => {
    if (!el.isConnected) return;
    const active = document.activeElement;
    // Someone (another dialog, the user) put focus somewhere on purpose: leave it there.
    if (active && active !== document.body && active !== el) return;
    el.focus();
    if (document.activeElement !== el && Date.now() < deadline) setTimeout(attempt, RETRY_MS);
  };
  attempt();
}
