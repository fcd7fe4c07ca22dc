/**
 * P15's probe, run in the page before the player (plain JS text, as page-probe.ts). Remembers
 * the pairing, and from `start()` to `stop()` records in preallocated arrays:
 * - every requestAnimationFrame interval;
 * - the video elements' getVideoPlaybackQuality (a removed element's counts are banked before
 *   it goes), read every 15th frame so that each drop has a time, beside the times of the image
 *   zone's changes and of the clip's next rounds (a video looping alone wraps back to the start
 *   in its element, a `seeked`; a player before that added a new element each round; both are
 *   recorded): what a drop came with;
 * - with `zone`: each change of the image shown in that zone (the topmost <img> at opacity 1
 *   gets another src), and whether, in that frame and the next WATCH_FRAMES frames, the zone had
 *   an image whose pixels, drawn onto a 4 × 4 canvas, are not all black or transparent. This sees
 *   what the page hands the compositor (the element, its opacity and its decoded pixels), not
 *   the composited screen itself. Frames in which the zone had no visible image at all count too.
 */
export const layoutProbe = (args: { creds: string; maxFrames: number; zone: string | null }): string => `(() => {
  const args = ${JSON.stringify(args)};
  const WATCH_FRAMES = 6;
  localStorage.setItem('pano.device', args.creds);
  const frames = new Float32Array(args.maxFrames);
  const s = { measuring: false, nFrames: 0, changes: 0, blankChanges: 0, blankFrames: 0, unreadable: 0, lastSrc: null, seen: false };
  let bankDropped = 0, bankTotal = 0, videos = 0, t0 = 0, lastDropped = 0, frameNo = 0;
  const drops = [], changeTimes = [], videoTimes = [];
  const quality = (v) => { try { return v.getVideoPlaybackQuality(); } catch { return { droppedVideoFrames: 0, totalVideoFrames: 0 }; } };
  new MutationObserver((records) => {
    for (const r of records) for (const n of r.addedNodes) {
      if (s.measuring && n.nodeType === 1 && (n.tagName === 'VIDEO' || n.querySelector('video'))) videoTimes.push(Math.round(performance.now() - t0));
    }
    for (const r of records) for (const n of r.removedNodes) {
      if (n.nodeType !== 1) continue;
      const list = n.tagName === 'VIDEO' ? [n] : n.querySelectorAll('video');
      for (const v of list) { const q = quality(v); bankDropped += q.droppedVideoFrames; bankTotal += q.totalVideoFrames; videos++; }
    }
  }).observe(document, { subtree: true, childList: true });
  document.addEventListener('seeked', (e) => {
    if (s.measuring && e.target.tagName === 'VIDEO') videoTimes.push(Math.round(performance.now() - t0));
  }, true);
  const video = () => {
    let dropped = bankDropped, total = bankTotal, n = videos;
    document.querySelectorAll('video').forEach((v) => { const q = quality(v); dropped += q.droppedVideoFrames; total += q.totalVideoFrames; n++; });
    return { dropped, total, elements: n };
  };
  const canvas = document.createElement('canvas');
  canvas.width = canvas.height = 4;
  const ctx = canvas.getContext('2d', { willReadFrequently: true });
  const picture = (img) => {
    if (!img || !img.complete || img.naturalWidth === 0) return false;
    try {
      ctx.clearRect(0, 0, 4, 4);
      ctx.drawImage(img, 0, 0, 4, 4);
      const d = ctx.getImageData(0, 0, 4, 4).data;
      for (let i = 0; i < d.length; i += 4) if (d[i + 3] > 0 && d[i] + d[i + 1] + d[i + 2] > 24) return true;
      return false;
    } catch { s.unreadable++; return true; }
  };
  let last = 0, watch = 0, thisBlank = false, gap = false;
  const tick = (t) => {
    if (s.measuring && last && s.nFrames < frames.length) frames[s.nFrames++] = t - last;
    last = t;
    if (s.measuring && ++frameNo % 15 === 0) {
      const d = video().dropped;
      if (d > lastDropped) drops.push([Math.round(t - t0), d - lastDropped]);
      lastDropped = d;
    }
    if (args.zone) {
      const zone = document.querySelector('[data-zone="' + args.zone + '"]');
      let top = null;
      if (zone) zone.querySelectorAll('img').forEach((img) => { if (img.style.opacity === '1') top = img; });
      const src = top ? top.src : null;
      if (src === null && s.lastSrc !== null) { gap = true; if (s.measuring) s.blankFrames++; }
      if (src !== null && src !== s.lastSrc) {
        if (s.measuring && s.lastSrc !== null) { s.changes++; changeTimes.push(Math.round(t - t0)); watch = WATCH_FRAMES + 1; thisBlank = gap; }
        s.lastSrc = src;
        s.seen = true;
        gap = false;
      }
      if (watch > 0) {
        if (!picture(top)) thisBlank = true;
        if (--watch === 0 && thisBlank) s.blankChanges++;
      }
    }
    requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
  let base = { dropped: 0, total: 0, elements: 0 };
  window.__p15 = {
    ready: () => video().total > 0 && (!args.zone || s.seen),
    start: () => { base = video(); lastDropped = base.dropped; t0 = performance.now(); s.nFrames = 0; s.changes = 0; s.blankChanges = 0; s.blankFrames = 0; s.unreadable = 0; s.measuring = true; },
    stop: () => {
      s.measuring = false;
      const v = video();
      return {
        frames: Array.from(frames.subarray(0, s.nFrames)),
        dropped: v.dropped - base.dropped, total: v.total - base.total, videoElements: v.elements - base.elements + 1,
        changes: s.changes, blankChanges: s.blankChanges, blankFrames: s.blankFrames, unreadable: s.unreadable,
        drops, changeTimes, videoTimes,
      };
    },
  };
})();`;

export type ProbeResult = {
  frames: number[];
  dropped: number;
  total: number;
  videoElements: number;
  changes: number;
  blankChanges: number;
  blankFrames: number;
  unreadable: number;
  /** [ms since start, frames] of each rise of the dropped count, read every 15th frame. */
  drops: [number, number][];
  /** When the image zone changed picture, and when the clip's next round began (a seek back or a new element), ms since start. */
  changeTimes: number[];
  videoTimes: number[];
};

/**
 * Where a run's drops fell: how many within `windowMs` after an image change, after the start
 * of the clip's next round, or neither; the first few times listed.
 */
export function dropsBeside(run: Pick<ProbeResult, 'drops' | 'changeTimes' | 'videoTimes'>, windowMs = 500): string {
  const after = (times: number[], t: number) => times.some((x) => t >= x && t - x <= windowMs);
  let image = 0, video = 0, both = 0, neither = 0;
  for (const [t, n] of run.drops) {
    const [v, i] = [after(run.videoTimes, t), after(run.changeTimes, t)];
    if (v && i) both += n;
    else if (v) video += n;
    else if (i) image += n;
    else neither += n;
  }
  const times = run.drops.slice(0, 12).map(([t, n]) => `${(t / 1000).toFixed(1)} s${n > 1 ? ` ×${n}` : ''}`).join(', ');
  return `${video} within ${windowMs} ms of the clip's next round alone (${run.videoTimes.length} rounds), ${image} of an image change alone, ${both} of both at once, ${neither} beside neither${times ? ` (at ${times})` : ''}`;
}

/** Goal of P15's dropped frames: the layout's share of dropped frames at most `factor` × the video alone's. */
export function droppedWithin(layout: { dropped: number; total: number }, alone: { dropped: number; total: number }, factor: number): boolean {
  const rate = (r: { dropped: number; total: number }) => (r.total > 0 ? r.dropped / r.total : NaN);
  const b = rate(layout);
  const a = rate(alone);
  if (!Number.isFinite(a) || !Number.isFinite(b)) return false;
  return b <= factor * a;
}
