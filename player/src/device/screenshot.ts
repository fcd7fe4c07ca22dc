import { SCREENSHOT_MAX_PIXELS, SCREENSHOT_MAX_WIDTH } from '@pano/contract/constants';
/**
 * Remote screenshots (docs/architecture/player.md#player, "Screenshots"): what the player shows now,
 * drawn again onto a canvas from the DOM it rendered: an alert takeover when one is shown,
 * else the visible image or the current video frame (object-fit: contain, as on screen), a
 * status line when there is no media, and the ticker bar at its current offset. Then a JPEG.
 */

export { SCREENSHOT_MAX_WIDTH };
export const THUMBNAIL_WIDTH = 320;
export const JPEG_QUALITY = 0.8;

/** The part of CanvasRenderingContext2D the drawing uses. */
export type Draw2D = Pick<
  CanvasRenderingContext2D,
  'fillStyle' | 'font' | 'textBaseline' | 'textAlign' | 'fillRect' | 'drawImage' | 'fillText' | 'measureText' | 'save' | 'restore'
  | 'beginPath' | 'rect' | 'clip' | 'scale'
>;

export type Box = { x: number; y: number; width: number; height: number };

/** Where media of this natural size lands in a box with object-fit: contain (centred, whole, aspect kept). */
export function containRect(box: Box, naturalWidth: number, naturalHeight: number): Box {
  if (!(naturalWidth > 0 && naturalHeight > 0 && box.width > 0 && box.height > 0)) return { ...box };
  const scale = Math.min(box.width / naturalWidth, box.height / naturalHeight);
  const width = naturalWidth * scale;
  const height = naturalHeight * scale;
  return { x: box.x + (box.width - width) / 2, y: box.y + (box.height - height) / 2, width, height };
}

/**
 * The canvas size for a screen of this size: at most `maxWidth` wide and SCREENSHOT_MAX_PIXELS in
 * all (a portrait screen more than twice as tall as wide), never enlarged; the server refuses more.
 */
export function outputSize(width: number, height: number, maxWidth: number): { width: number; height: number; scale: number } {
  const scale = Math.min(1, maxWidth / width, Math.sqrt(SCREENSHOT_MAX_PIXELS / (width * height)));
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)), scale };
}

/** The x of `translate3d(Xpx, …)` / `translateX(Xpx)` as the ticker strip carries it; 0 for none. */
export function translateX(transform: string): number {
  const m = /translate(?:3d|X)?\(\s*(-?[\d.]+)px/.exec(transform);
  return m ? Number(m[1]) : 0;
}

/**
 * How far the ticker strip has scrolled now: its transform as drawn, its running animation's
 * included (a computed `matrix(…)`, read by the browser's DOMMatrix; jsdom, without one, gives
 * the transform as written).
 */
function stripOffset(strip: HTMLElement | null | undefined, view: Window): number {
  const transform = strip ? view.getComputedStyle(strip).transform : '';
  if (!transform || transform === 'none') return 0;
  const Matrix = (view as Window & { DOMMatrixReadOnly?: typeof DOMMatrixReadOnly }).DOMMatrixReadOnly;
  return Matrix ? new Matrix(transform).m41 : translateX(transform);
}

const boxOf = (el: Element, root: Element): Box => {
  const r = el.getBoundingClientRect();
  const o = root.getBoundingClientRect();
  return { x: r.left - o.left, y: r.top - o.top, width: r.width, height: r.height };
};

const fontOf = (style: CSSStyleDeclaration) =>
  `${style.fontWeight || 'normal'} ${style.fontSize || '16px'} ${style.fontFamily || 'system-ui, sans-serif'}`;

const px = (value: string, fallback: number) => {
  const n = parseFloat(value);
  return Number.isFinite(n) ? n : fallback;
};

/** Draws `root` (the player's frame, `[data-testid=player]`) onto `ctx`, in CSS pixels of `root`. */
export function drawScreen(root: HTMLElement, ctx: Draw2D, size: { width: number; height: number }): void {
  const view = root.ownerDocument.defaultView ?? window;
  const background = view.getComputedStyle(root).backgroundColor;
  ctx.fillStyle = !background || background === 'transparent' || background === 'rgba(0, 0, 0, 0)' ? '#000' : background;
  ctx.fillRect(0, 0, size.width, size.height);

  const alert = root.querySelector<HTMLElement>('[data-testid=alert-overlay]');
  if (alert) {
    drawAlert(root, alert, ctx, size, view);
    return;
  }

  const media = [...root.querySelectorAll<HTMLImageElement | HTMLVideoElement>('[data-testid=player-image],[data-testid=player-video]')]
    .filter((el) => el.style.opacity !== '0');
  for (const el of media) {
    const box = boxOf(el, root);
    const frame = box.width > 0 && box.height > 0 ? box : { x: 0, y: 0, ...size };
    const [w, h] = el instanceof HTMLVideoElement ? [el.videoWidth, el.videoHeight] : [el.naturalWidth, el.naturalHeight];
    // A video with no frame yet, or an image not decoded, draws nothing (the canvas stays black there).
    if (!(w > 0 && h > 0)) continue;
    const fit = containRect(frame, w, h);
    ctx.drawImage(el, fit.x, fit.y, fit.width, fit.height);
  }

  if (media.length === 0) {
    const status = root.querySelector<HTMLElement>('[role=status],[role=alert]');
    if (status?.textContent) drawCentredLine(ctx, status.textContent, view.getComputedStyle(status), size.width / 2, size.height / 2);
  }

  const bar = root.querySelector<HTMLElement>('[data-testid=ticker-bar]');
  if (bar) drawTicker(root, bar, ctx, view, size);
}

function drawCentredLine(ctx: Draw2D, text: string, style: CSSStyleDeclaration, x: number, y: number): void {
  ctx.font = fontOf(style);
  ctx.fillStyle = style.color || '#fff';
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  ctx.fillText(text.trim(), x, y);
}

function drawTicker(root: HTMLElement, bar: HTMLElement, ctx: Draw2D, view: Window, size: { width: number; height: number }): void {
  const style = view.getComputedStyle(bar);
  const box = boxOf(bar, root);
  // Where layout is unknown (no box), the bar sits at the bottom, full width, as ticker-bar.tsx places it.
  const height = box.height || px(bar.style.height, 50);
  const bottom = box.height ? box : { x: 0, y: size.height - height, width: size.width, height };
  ctx.save();
  ctx.beginPath();
  ctx.rect(bottom.x, bottom.y, bottom.width, bottom.height);
  ctx.clip();
  ctx.fillStyle = style.backgroundColor || bar.style.background;
  ctx.fillRect(bottom.x, bottom.y, bottom.width, bottom.height);

  const strip = bar.querySelector<HTMLElement>('[data-testid=ticker-strip]');
  const copy = strip?.firstElementChild as HTMLElement | null | undefined;
  const spans = copy ? [...copy.querySelectorAll('span')] : [];
  const fontSize = px(style.fontSize, 24);
  ctx.font = fontOf(style);
  ctx.fillStyle = style.color || '#fff';
  ctx.textAlign = 'left';
  ctx.textBaseline = 'middle';
  const gap = 5 * fontSize; // each text is followed by a 5em gap (ticker-bar.tsx)
  const measured = spans.reduce((sum, s) => sum + ctx.measureText(s.textContent ?? '').width + gap, 0);
  // The copy is at least as wide as the screen (ticker-bar.tsx): its laid-out width when there is one.
  const copyWidth = Math.max(copy?.offsetWidth ?? 0, measured, bottom.width);
  const offset = stripOffset(strip, view);
  const y = bottom.y + bottom.height / 2;
  for (let start = bottom.x + offset; start < bottom.x + bottom.width && copyWidth > 0; start += copyWidth) {
    let x = start;
    for (const span of spans) {
      const text = span.textContent ?? '';
      if (x < bottom.x + bottom.width) ctx.fillText(text, x, y);
      x += ctx.measureText(text).width + gap;
    }
  }
  ctx.restore();
}

function drawAlert(root: HTMLElement, alert: HTMLElement, ctx: Draw2D, size: { width: number; height: number }, view: Window): void {
  const style = view.getComputedStyle(alert);
  ctx.fillStyle = style.backgroundColor || alert.style.background || '#b91c1c';
  ctx.fillRect(0, 0, size.width, size.height);
  // Every line of the takeover (label, title, message, count) where it is laid out, in its own font and colour.
  const lines = [...alert.querySelectorAll<HTMLElement>('div, h1, p')].filter((el) => !el.hasAttribute('data-alert-border') && el.textContent);
  const fallbackY = [0.3, 0.45, 0.65, 0.9];
  lines.forEach((el, i) => {
    const box = boxOf(el, root);
    const laidOut = box.width > 0 && box.height > 0;
    const x = laidOut ? box.x + box.width / 2 : size.width / 2;
    const y = laidOut ? box.y + box.height / 2 : size.height * (fallbackY[i] ?? 0.5);
    drawCentredLine(ctx, el.textContent ?? '', view.getComputedStyle(el), x, y);
  });
}

/**
 * The screen as a JPEG at most `maxWidth` wide, or null where the browser cannot draw it
 * (no canvas, or a tainted one).
 */
export async function captureScreen(root: HTMLElement, maxWidth: number): Promise<Blob | null> {
  const rect = root.getBoundingClientRect();
  const width = rect.width || root.clientWidth;
  const height = rect.height || root.clientHeight;
  if (!(width > 0 && height > 0)) return null;
  const out = outputSize(width, height, maxWidth);
  const canvas = root.ownerDocument.createElement('canvas');
  canvas.width = out.width;
  canvas.height = out.height;
  const ctx = canvas.getContext('2d');
  if (!ctx) return null;
  ctx.scale(out.scale, out.scale);
  drawScreen(root, ctx, { width, height });
  return new Promise((resolve) => {
    try {
      canvas.toBlob((blob) => resolve(blob), 'image/jpeg', JPEG_QUALITY);
    } catch {
      resolve(null);
    }
  });
}
