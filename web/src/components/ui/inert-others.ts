/**
 * Makes everything on the page except `keep` inert while a modal is open, so neither Tab nor a screen
 * reader can reach the page behind it. Returns the undo. Nested modals work because each one only
 * un-inerts what it inerted itself (LIFO).
 */
export function inertOthers(keep: HTMLElement): () => void {
  const changed: HTMLElement[] = [];
  for (const el of Array.from(document.body.children)) {
    if (el === keep || !(el instanceof HTMLElement) || el.hasAttribute('inert')) continue;
    el.setAttribute('inert', '');
    changed.push(el);
  }
  return () => changed.forEach((el) => el.removeAttribute('inert'));
}
