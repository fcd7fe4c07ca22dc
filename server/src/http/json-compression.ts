import compression from 'compression';
import type { RequestHandler } from 'express';

/** Below this, an answer fits in a packet or two anyway and compressing it only costs CPU. */
export const JSON_COMPRESSION_THRESHOLD = 1024;

/**
 * JSON answers of at least 1 KB go out compressed (brotli or gzip, as accepted): the lists of
 * media, playlists and purchases shrink several times. JSON only: uploads' media and the APK
 * are compressed formats already and served in ranges, the apps' files were compressed at
 * build time (./static.ts), and socket.io answers its own requests before Express sees them
 * (docs/OPERATIONS.md#compression-and-caching). The API's HTML too: /api/docs, every route's
 * schemas inlined, is some 800 KB of text.
 */
export const compressJson: RequestHandler = compression({
  threshold: JSON_COMPRESSION_THRESHOLD,
  filter: (_req, res) => /^(application\/json|text\/html)\b/i.test(String(res.getHeader('Content-Type') ?? '')),
});
