/**
 * sharp (libvips), loaded on first use: the native library stays out of the server's start.
 * Used for thumbnails (thumbnails.ts) and to check screenshots (screen-health/screenshots.ts).
 */
let sharpModule: Promise<typeof import('sharp')> | undefined;

export const loadSharp = async () => {
  sharpModule ??= import('sharp').then((m) => {
    // No cache of decoded images in memory: each picture is read once, then from disk.
    m.default.cache(false);
    return m;
  });
  return (await sharpModule).default;
};
