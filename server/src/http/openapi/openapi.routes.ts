import { Router, type RequestHandler } from 'express';
import { buildOpenApiDocument, openApiJson } from './document.js';
import { renderDocsPage } from './docs-page.js';

/** GET /api/openapi.json and GET /api/docs (docs/CONTRACT.md#openapi); both built on first request, then kept. */
export function openApiRoutes(): Router {
  const router = Router();
  // Both answer at once from memory: a body sent along (not JSON, so no parser read it) is read
  // and dropped first, or the answer would race the upload and the client see its connection cut.
  const bodyDropped: RequestHandler = (req, _res, next) => {
    if (req.readableEnded) return next();
    req.once('end', () => next()).once('error', next).resume();
  };
  let page: string | undefined;
  router.get('/openapi.json', bodyDropped, (_req, res) => {
    res.type('application/json').send(openApiJson());
  });
  router.get('/docs', bodyDropped, (_req, res) => {
    page ??= renderDocsPage(buildOpenApiDocument());
    // A page without script: nothing may run or load from elsewhere.
    res.setHeader('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'");
    res.type('html').send(page);
  });
  return router;
}
