import sharp from 'sharp';

/** A real JPEG of this size, as a player's canvas.toBlob('image/jpeg') makes one. */
export const jpegOf = (width: number, height: number): Promise<Buffer> => sharp({
  create: { width, height, channels: 3, background: { r: 30, g: 90, b: 160 } },
}).jpeg({ quality: 80 }).toBuffer();

/**
 * The same bytes with another size written into the frame header (SOFn): a small file that
 * declares 16,000 × 16,000 px, as the 1.5 MB upload did.
 */
export function declaringSize(jpeg: Buffer, width: number, height: number): Buffer {
  const out = Buffer.from(jpeg);
  // Segments after SOI (FF D8): FF, marker, 2-byte length (counting itself), body.
  for (let i = 2; i + 9 < out.length; i += 2 + out.readUInt16BE(i + 2)) {
    const marker = out[i + 1]!;
    if (out[i] !== 0xff) break;
    if (marker >= 0xc0 && marker <= 0xcf && ![0xc4, 0xc8, 0xcc].includes(marker)) {
      out.writeUInt16BE(height, i + 5);
      out.writeUInt16BE(width, i + 7);
      return out;
    }
  }
  throw new Error('no frame header in this JPEG');
}

/** The JPEG's headers (up to and with the start of scan), then other bytes instead of the image data. */
export function withScanReplaced(jpeg: Buffer, scan: Buffer): Buffer {
  for (let i = 2; i + 3 < jpeg.length; i += 2 + jpeg.readUInt16BE(i + 2)) {
    if (jpeg[i + 1] === 0xda) return Buffer.concat([jpeg.subarray(0, i + 2 + jpeg.readUInt16BE(i + 2)), scan, Buffer.from([0xff, 0xd9])]);
  }
  throw new Error('no start of scan in this JPEG');
}
