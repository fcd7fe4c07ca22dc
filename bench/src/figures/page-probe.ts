/**
 * Runs in the page before the player (plain JS text: the bench's own compiled functions
 * would carry tsx helpers the page does not have). Remembers the pairing as a paired
 * device would, optionally shortens the player's 1 s item timer, and records the moment each
 * new item becomes the visible one, in a preallocated array so the probe does not grow the heap.
 */
export const pageProbe = (args: { creds: string; itemMs: number; max: number }): string => `(() => {
  const args = ${JSON.stringify(args)};
  localStorage.setItem('pano.device', args.creds);
  if (args.itemMs !== 1000) {
    const original = window.setTimeout.bind(window);
    // Only the playback timer of a 1 s item is exactly 1000 ms; other timers keep their pace.
    window.setTimeout = function (fn, ms, ...rest) { return original(fn, ms === 1000 ? args.itemMs : ms, ...rest); };
  }
  const loop = { times: new Float64Array(args.max + 16), count: 0 };
  window.__loop = loop;
  let last = '';
  const check = () => {
    let visible = null;
    document.querySelectorAll('[data-testid="player-image"]').forEach((img) => { if (img.style.opacity === '1') visible = img; });
    if (visible && visible.src !== last) {
      last = visible.src;
      if (loop.count < loop.times.length) loop.times[loop.count++] = performance.now();
    }
  };
  new MutationObserver(check).observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ['style', 'src'] });
})();`;
