/**
 * Runs in the page (page.evaluate(layoutProblems, selector), so it is self-contained): what does
 * not fit inside `scope` at the current size, one line each. Checked:
 * - the document scrolls sideways (its scrollWidth beyond its clientWidth, which is innerWidth
 *   less a scrollbar, so stricter than innerWidth);
 * - an element reaches past the viewport's left or right edge (not inside a sideways-scrolling
 *   frame such as a wide table's);
 * - a box that hides overflow hides some of its text (an ellipsis with the full text in a title
 *   is a deliberate clamp);
 * - something sticks out of its card or dialog;
 * - two pieces of text or controls cover each other (a sticky preview over the fields it previews);
 * - a word is broken in the middle ('Kafetery/a'), outside code.
 */
export function layoutProblems(scope: string): string[] {
  const problems: string[] = [];
  const vw = document.documentElement.clientWidth;
  const root = document.scrollingElement ?? document.documentElement;
  if (scope === 'body' && root.scrollWidth > root.clientWidth) problems.push(`the page is ${root.scrollWidth} px wide`);

  const describe = (el: Element) => {
    const text = (el.getAttribute('aria-label') ?? el.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 40);
    const cls = typeof el.className === 'string' && el.className ? `.${el.className.trim().split(/\s+/).join('.')}` : '';
    return `<${el.tagName.toLowerCase()}${cls}> '${text}'`;
  };
  const visible = (el: Element) => {
    const r = el.getBoundingClientRect();
    if (r.width < 2 || r.height < 2) return false;
    const style = getComputedStyle(el);
    // A closed <details> keeps laying out its content (Chromium hides it with content-visibility), unseen.
    return style.visibility !== 'hidden' && style.display !== 'contents'
      && !el.closest('.sr-only, [inert], [aria-hidden="true"], details:not([open]) > :not(summary)');
  };
  // A frame that scrolls sideways on purpose (a table, the week grid): what is inside may be wider.
  const inScroller = (el: Element, until: Element | null) => {
    for (let p = el.parentElement; p && p !== until; p = p.parentElement) {
      const ox = getComputedStyle(p).overflowX;
      if ((ox === 'auto' || ox === 'scroll') && p.scrollWidth > p.clientWidth && !p.matches('.modal-body')) return true;
    }
    return false;
  };

  // What of an element can be seen: its box cut to every ancestor that clips (a list that scrolls
  // inside a dialog shows part of its items; the ticker's window shows part of its strip).
  const shown = (el: Element): DOMRect => {
    let { left, top, right, bottom } = el.getBoundingClientRect();
    for (let p = el.parentElement; p; p = p.parentElement) {
      const style = getComputedStyle(p);
      if (style.overflowX === 'visible' && style.overflowY === 'visible') continue;
      const c = p.getBoundingClientRect();
      left = Math.max(left, c.left);
      top = Math.max(top, c.top);
      right = Math.min(right, c.right);
      bottom = Math.min(bottom, c.bottom);
    }
    return new DOMRect(left, top, Math.max(0, right - left), Math.max(0, bottom - top));
  };

  const scopes = Array.from(document.querySelectorAll(scope));
  // In a page: its content, not the sidebar (off-screen on a phone until opened) or a dialog's backdrop.
  const roots = scope === 'body' ? Array.from(document.querySelectorAll('main, .public-main, header')) : scopes;
  const all = roots.flatMap((r) => [r, ...Array.from(r.querySelectorAll('*'))])
    .filter((el) => visible(el) && shown(el).width >= 2 && shown(el).height >= 2);
  // Content moved on purpose (the ticker's strip) is wider than the window it moves through.
  const moving = (el: Element) => Array.from(el.querySelectorAll('*')).some((d) => getComputedStyle(d).transform !== 'none');

  for (const el of all) {
    const r = shown(el);
    if ((r.left < -1 || r.right > vw + 1) && !inScroller(el, null) && getComputedStyle(el).position !== 'fixed') {
      problems.push(`${describe(el)} reaches past the viewport (${Math.round(r.left)}..${Math.round(r.right)} px)`);
    }
    const style = getComputedStyle(el);
    if ((style.overflowX === 'hidden' || style.overflowX === 'clip') && el.scrollWidth > el.clientWidth + 1
      && style.textOverflow !== 'ellipsis' && !el.matches('input, textarea, select, img, video, canvas, svg')
      && (el.textContent ?? '').trim() !== '' && !moving(el)) {
      problems.push(`${describe(el)} cuts off its content (${el.scrollWidth} px in ${el.clientWidth} px)`);
    }
  }

  // Nothing sticks out of the box it is drawn in.
  for (const box of all.filter((el) => el.matches('.card, .screen-card, .modal, [role="dialog"], [role="alertdialog"]'))) {
    const b = box.getBoundingClientRect();
    for (const el of all.filter((e) => e !== box && box.contains(e))) {
      if (inScroller(el, box)) continue;
      const r = shown(el);
      if (r.left < b.left - 1 || r.right > b.right + 1) problems.push(`${describe(el)} sticks out of ${describe(box)}`);
    }
  }

  // Of two leaves drawn at (x, y), the one below the player's alert takeover is hidden by design
  // (the takeover covers the whole screen, the ticker included): not text over text. Any other
  // layer over content (a preview over its form's fields) still counts.
  const underTakeover = (a: Element, b: Element, x: number, y: number): boolean => {
    const hit = document.elementFromPoint(x, y);
    const takeover = hit?.closest('[data-testid="alert-overlay"]');
    return !!takeover && takeover.contains(a) !== takeover.contains(b);
  };

  // Content that covers other content: leaves (controls, images, elements with text of their own).
  const ownText = (el: Element) => Array.from(el.childNodes).some((n) => n.nodeType === Node.TEXT_NODE && n.textContent!.trim() !== '');
  // Pictures are left out: text over a picture is the player's design (an alert over the playlist).
  const leaves = all.filter((el) => el.matches('input, textarea, select, button') || ownText(el))
    .filter((el) => getComputedStyle(el).position !== 'fixed');
  const rects = leaves.map(shown);
  for (let i = 0; i < leaves.length; i++) {
    for (let j = i + 1; j < leaves.length; j++) {
      const a = rects[i]!;
      const b = rects[j]!;
      const overlapX = Math.min(a.right, b.right) - Math.max(a.left, b.left);
      const overlapY = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top);
      if (overlapX <= 2 || overlapY <= 2) continue;
      if (leaves[i]!.contains(leaves[j]!) || leaves[j]!.contains(leaves[i]!)) continue;
      if (underTakeover(leaves[i]!, leaves[j]!, (Math.max(a.left, b.left) + Math.min(a.right, b.right)) / 2, (Math.max(a.top, b.top) + Math.min(a.bottom, b.bottom)) / 2)) continue;
      problems.push(`${describe(leaves[i]!)} and ${describe(leaves[j]!)} cover each other`);
    }
  }

  // A word of up to 20 letters broken over two lines (a longer one may have to be).
  for (const r of roots) {
    const walker = document.createTreeWalker(r, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      // Code (the API key's curl example) may break anywhere.
      if (!parent || !visible(parent) || parent.closest('pre, code')) continue;
      const text = node.textContent ?? '';
      for (const m of text.matchAll(/[\p{L}\p{N}]+/gu)) {
        if (m[0].length > 20 || m[0].length < 2) continue;
        const range = document.createRange();
        range.setStart(node, m.index);
        range.setEnd(node, m.index + m[0].length);
        const lines = new Set(Array.from(range.getClientRects()).filter((c) => c.width > 0).map((c) => Math.round(c.top)));
        if (lines.size > 1) problems.push(`'${m[0]}' is broken over ${lines.size} lines in ${describe(parent)}`);
      }
    }
  }
  return [...new Set(problems)];
}
