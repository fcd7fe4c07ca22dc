import sharp from 'sharp';

/** A decoded screenshot: RGB(A) bytes row by row (sharp is the server's image library already). */
export type Picture = { width: number; height: number; channels: number; data: Buffer };

export async function decodePng(png: Buffer): Promise<Picture> {
  const { data, info } = await sharp(png).raw().toBuffer({ resolveWithObject: true });
  return { width: info.width, height: info.height, channels: info.channels, data };
}

export type Rect = { x: number; y: number; width: number; height: number };

/** The colour at (x, y) in CSS pixels of a page `cssWidth` wide (a screencast frame may be smaller). */
export function rgbAt(p: Picture, x: number, y: number, cssWidth = p.width): [number, number, number] {
  const scale = p.width / cssWidth;
  const px = Math.min(p.width - 1, Math.round(x * scale));
  const py = Math.min(p.height - 1, Math.round(y * scale));
  const i = (py * p.width + px) * p.channels;
  return [p.data[i]!, p.data[i + 1]!, p.data[i + 2]!];
}

/** A grid of `n` × `n` points inside `r`, kept `inset` (a share of its size) away from its edges. */
export function gridIn(r: Rect, n = 4, inset = 0.12): [number, number][] {
  const points: [number, number][] = [];
  for (let i = 0; i < n; i++) {
    for (let j = 0; j < n; j++) {
      points.push([
        r.x + r.width * (inset + ((1 - 2 * inset) * i) / (n - 1)),
        r.y + r.height * (inset + ((1 - 2 * inset) * j) / (n - 1)),
      ]);
    }
  }
  return points;
}
