import { createHash, timingSafeEqual } from 'node:crypto';
import { finished } from 'node:stream/promises';
import type { Request, RequestHandler } from 'express';
import { ErrorCode, type TErrorBody } from '@pano/contract';
import type { AppContext } from '../context.js';

const digest = (text: string) => createHash('sha256').update(text).digest();

/**
 * GET /metrics in Prometheus' text format (docs/OPERATIONS.md#monitoring). With METRICS_TOKEN
 * set, only `Authorization: Bearer <token>` reads it; without, anyone who reaches the port can,
 * so the bundled nginx does not pass /metrics on.
 */
export function metricsRoute(ctx: Pick<AppContext, 'config' | 'metrics'>): RequestHandler {
  const token = ctx.config.metricsToken;
  // Hashes of equal length, so the comparison takes the same time whatever was sent.
  const expected = token ? digest(token) : undefined;
  return async (req, res) => {
    await bodyDiscarded(req);
    if (expected) {
      const given = /^Bearer\s+(\S+)\s*$/i.exec(req.headers.authorization ?? '')?.[1] ?? '';
      if (!timingSafeEqual(digest(given), expected)) {
        res.setHeader('WWW-Authenticate', 'Bearer realm="metrics"');
        return void res.status(401).json({ message: 'Ölçümleri okumak için geçerli bir erişim anahtarı gerekiyor', code: ErrorCode.UNAUTHORIZED } satisfies TErrorBody);
      }
    }
    const { registry } = ctx.metrics;
    res.set('Content-Type', registry.contentType).set('Cache-Control', 'no-store').send(await registry.metrics());
  };
}

/**
 * A GET may still carry a body, which nothing here reads. A large answer written while a large
 * body is still arriving stalls both directions, and the connection was cut mid-answer (the
 * fuzz test's GET with a 1 MB body); so the body is read and dropped first, as the JSON parser
 * does on the other routes. Node's requestTimeout bounds a body that never ends.
 */
async function bodyDiscarded(req: Request): Promise<void> {
  if (req.readableEnded) return;
  req.resume();
  await finished(req).catch(() => undefined);
}
