/**
 * Where focus goes back to when a dialog closes.
 *
 * A dialog opened by an action often finds focus on the body: the button that started the action was
 * disabled while busy (a submit button during an upload), and browsers drop focus from a disabled control.
 * So we remember the last element that had focus, and on close wait a moment for it to be usable again.
 */
const recent: HTMLElement[] = [];
const KEEP = 20;

if (typeof document !== 'undefined') {
  document.addEventListener('focusin', (e) => {
    if (!(e.target instanceof HTMLElement)) return;
    recent.push(e.target);
    if (recent.length > KEEP) recent.shift();
  }, true);
}

/**
 * The element to return to: what has focus now, or the last thing that had it if focus fell to the
 * body. Elements inside `dialog` don't count: when the dialog's effect runs again (Suspense, StrictMode)
 * its own button has had focus, and that is not where focus should go back to.
 */
export function focusBeforeDialog(dialog: HTMLElement): HTMLElement | null {
  const usable = (el: Element | null): el is HTMLElement =>
    el instanceof HTMLElement && el !== document.body && el.isConnected && !dialog.contains(el);
  const active = document.activeElement;
  if (usable(active)) return active;
  for (let i = recent.length - 1; i >= 0; i--) {
    const el = recent[i]!;
    if (usable(el)) return el;
  }
  return null;
}

const RETRY_MS = 16;
const GIVE_UP_MS = 1000;

/**
 * Focuses `el`; while it can't take focus yet (still disabled), retries briefly unless focus has
 * moved elsewhere. Focus still inside `closing` (the dialog being closed) counts as nowhere.
 */
export function returnFocus(el: HTMLElement | null, closing?: HTMLElement): void {
  if (!el) return;
  const deadline = Date.now() + GIVE_UP_MS;
  const attempt = () => {
    if (!el.isConnected) return;
    const active = document.activeElement;
    // Someone (another dialog, the user) put focus somewhere on purpose: leave it there.
    if (active && active !== document.body && active !== el && !closing?.contains(active)) return;
    el.focus();
    if (document.activeElement !== el && Date.now() < deadline) setTimeout(attempt, RETRY_MS);
  };
  attempt();
}
