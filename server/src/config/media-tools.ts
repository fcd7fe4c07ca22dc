import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

/**
 * The path of the ffmpeg or ffprobe binary an npm package ships for this platform
 * (`@ffmpeg-installer/ffmpeg`, `@ffprobe-installer/ffprobe`: the binaries are platform packages
 * in the npm registry, so `npm ci` is all a machine needs; docs/OPERATIONS.md#media-processing).
 * Loaded only when no FFMPEG_PATH/FFPROBE_PATH is set: the package throws on a platform it has
 * no binary for, and then the name alone is tried from PATH.
 */
export function bundledBinary(name: 'ffmpeg' | 'ffprobe'): string {
  try {
    return (require(name === 'ffmpeg' ? '@ffmpeg-installer/ffmpeg' : '@ffprobe-installer/ffprobe') as { path: string }).path;
  } catch {
    return name;
  }
}
