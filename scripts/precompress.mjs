// Writes a brotli (.br) and a gzip (.gz) copy next to every compressible file of a built app,
// so the server sends them as they are instead of compressing each answer again
// (server/src/http/static.ts, docs/OPERATIONS.md#compression-and-caching). Done once at build
// time, the strongest settings cost no request anything.
import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/** Text formats: images, fonts and media are compressed already. */
const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|webmanifest|txt|xml|map)$/;
/** Below this, headers outweigh what compression saves. */
export const MIN_BYTES = 1024;

const VARIANTS = [
  {
    ext: '.br',
    compress: (data) => brotliCompressSync(data, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
      },
    }),
  },
  { ext: '.gz', compress: (data) => gzipSync(data, { level: 9 }) },
];

function filesUnder(dir, out = []) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    // `.vite` (the manifest) and `.inputs-hash` are for the build, never served.
    if (entry.name.startsWith('.')) continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) filesUnder(full, out);
    else if (entry.isFile()) out.push(full);
  }
  return out;
}

/**
 * Precompresses every compressible file of `dir` of at least MIN_BYTES. A copy that would not
 * be smaller is not written, and one left from an earlier build into the same folder is
 * removed (e2e builds keep the old files: --emptyOutDir=false). Returns the files written.
 */
export function precompressDir(dir) {
  const written = [];
  for (const file of filesUnder(dir)) {
    if (!COMPRESSIBLE.test(file)) continue;
    const data = readFileSync(file);
    for (const variant of VARIANTS) {
      const target = file + variant.ext;
      const packed = data.length >= MIN_BYTES ? variant.compress(data) : undefined;
      if (packed && packed.length < data.length) {
        writeFileSync(target, packed);
        written.push(target);
      } else if (existsSync(target)) {
        rmSync(target);
      }
    }
  }
  return written;
}

/**
 * The same as a vite plugin, so every `vite build` precompresses: `npm run build`, `npm start`
 * and the e2e setup (which passes vite arguments after `--`, so a step after `vite build` in
 * the package script would receive them).
 */
export function precompressPlugin() {
  let outDir = '';
  return {
    name: 'pano-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      precompressDir(outDir);
    },
  };
}

