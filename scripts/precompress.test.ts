import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { MIN_BYTES, precompressDir } from './precompress.mjs';

let dir: string;
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('precompressDir (what the vite builds of web and player run last)', () => {
  it('writes brotli and gzip copies of text files that decompress to the original', () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'pano-precompress-'));
    mkdirSync(path.join(dir, 'assets'));
    const js = 'console.log("Pano");\n'.repeat(200);
    writeFileSync(path.join(dir, 'assets/index-Ab12Cd34.js'), js);
    writeFileSync(path.join(dir, 'tiny.css'), 'a{}');
    writeFileSync(path.join(dir, 'icon.png'), Buffer.alloc(4096));
    mkdirSync(path.join(dir, '.vite'));
    writeFileSync(path.join(dir, '.vite/manifest.json'), JSON.stringify({ x: 'y'.repeat(4096) }));

    const written = precompressDir(dir).map((f) => path.relative(dir, f)).sort();

    expect(written).toEqual(['assets/index-Ab12Cd34.js.br', 'assets/index-Ab12Cd34.js.gz']);
    expect(brotliDecompressSync(readFileSync(path.join(dir, 'assets/index-Ab12Cd34.js.br'))).toString()).toBe(js);
    expect(gunzipSync(readFileSync(path.join(dir, 'assets/index-Ab12Cd34.js.gz'))).toString()).toBe(js);
  });

  it('removes copies an earlier build left when the file no longer gets one', () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'pano-precompress-'));
    const file = path.join(dir, 'index.html');
    writeFileSync(file, '<p>Pano</p>'.repeat(MIN_BYTES));
    precompressDir(dir);
    expect(existsSync(`${file}.br`) && existsSync(`${file}.gz`)).toBe(true);

    writeFileSync(file, '<p>Pano</p>');
    expect(precompressDir(dir)).toEqual([]);
    expect(existsSync(`${file}.br`) || existsSync(`${file}.gz`)).toBe(false);
  });
});
