import { Router } from 'express';
import { buildOpenApiDocument, openApiJson } from './document.js';
import { renderDocsPage } from './docs-page.js';

/** GET /api/openapi.json and GET /api/docs (docs/CONTRACT.md#openapi); both built on first request, then kept. */
export function openApiRoutes(): Router {
  const router = Router();
  let page: string | undefined;
  router.get('/openapi.json', (_req, res) => {
    res.type('application/json').send(openApiJson());
  });
  router.get('/docs', (_req, res) => {
    page ??= renderDocsPage(buildOpenApiDocument());
    // A page without script: nothing may run or load from elsewhere.
    res.setHeader('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'");
    res.type('html').send(page);
  });
  return router;
}
