import { deflateSync } from 'node:zlib';
import type { Page } from 'playwright-core';

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(buf: Buffer): number {
  let c = 0xffffffff;
  for (const b of buf) c = CRC_TABLE[(c ^ b) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function chunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const td = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(td));
  return Buffer.concat([len, td, crc]);
}

/** A real PNG (RGB, diagonal gradient in the given colour) so the card shows something; stored uncompressed unless a zlib level is given. */
export function makePng(width = 160, height = 90, rgb: [number, number, number] = [37, 99, 235], level = 0): Buffer {
  const raw = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y++) {
    const row = y * (width * 3 + 1);
    raw[row] = 0;
    for (let x = 0; x < width; x++) {
      const shade = 0.5 + 0.5 * ((x + y) / (width + height));
      raw[row + 1 + x * 3] = Math.round(rgb[0] * shade);
      raw[row + 2 + x * 3] = Math.round(rgb[1] * shade);
      raw[row + 3 + x * 3] = Math.round(rgb[2] * shade);
    }
  }
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // colour type RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw, { level })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/**
 * A small, real, playable WebM recorded by the browser itself (canvas + MediaRecorder):
 * no ffmpeg and no sample file needed. `solid`: one colour throughout (for pixel checks),
 * instead of a changing hue with a counter.
 */
export async function recordWebm(page: Page, ms = 1200, solid?: [number, number, number]): Promise<Buffer> {
  const base64 = await page.evaluate(async ({ duration, solid }) => {
    const canvas = document.createElement('canvas');
    canvas.width = 320;
    canvas.height = 180;
    const g = canvas.getContext('2d')!;
    const stream = canvas.captureStream(25);
    const rec = new MediaRecorder(stream, { mimeType: 'video/webm;codecs=vp8' });
    const parts: Blob[] = [];
    rec.ondataavailable = (e) => parts.push(e.data);
    const done = new Promise<void>((r) => (rec.onstop = () => r()));
    rec.start(100);
    const t0 = performance.now();
    await new Promise<void>((resolve) => {
      const draw = () => {
        const t = performance.now() - t0;
        g.fillStyle = solid ? `rgb(${solid.join(' ')})` : `hsl(${(t / 5) % 360} 70% 45%)`;
        g.fillRect(0, 0, 320, 180);
        if (!solid) {
          g.fillStyle = '#fff';
          g.font = 'bold 40px sans-serif';
          g.fillText(`Pano ${Math.floor(t / 100)}`, 40, 105);
        }
        if (t < duration) requestAnimationFrame(draw);
        else resolve();
      };
      draw();
    });
    rec.stop();
    await done;
    const buf = await new Blob(parts, { type: 'video/webm' }).arrayBuffer();
    let s = '';
    const bytes = new Uint8Array(buf);
    for (let i = 0; i < bytes.length; i++) s += String.fromCharCode(bytes[i]!);
    return btoa(s);
  }, { duration: ms, solid });
  return Buffer.from(base64, 'base64');
}
