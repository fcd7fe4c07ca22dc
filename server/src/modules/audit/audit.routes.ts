import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { Router, type Response } from 'express';
import { ZAuditQuery, type TAuditQuery } from '@pano/contract';
import type { AppContext } from '../../context.js';
import { currentAccount, requireAdmin, requireAuth } from '../../http/authenticate.js';
import { requireAllScreens, requireRole } from '../../http/policy.js';
import { PLATFORM_CHAIN } from './audit.js';
import { auditCsv, listAuditEvents, verifyChain } from './audit-log.service.js';

/**
 * 'Etkinlik Geçmişi' (docs/architecture/audit.md#reading): an account's admins read its events,
 * platform administrators the platform's. There is no route that changes or deletes an event.
 */
export function auditRoutes(ctx: AppContext): Router {
  const router = Router();
  router.use(requireAuth(ctx));

  const answer = async (res: Response, chain: string, query: TAuditQuery, fileName: string) => {
    if (query.format === 'csv') {
      res.setHeader('Content-Type', 'text/csv; charset=utf-8');
      res.setHeader('Content-Disposition', `attachment; filename="${fileName}"`);
      // Streamed: a client that goes away stops the reads (pipeline ends the generator).
      await pipeline(Readable.from(auditCsv(ctx.db, chain, query)), res).catch((err: unknown) => {
        if ((err as { code?: string }).code !== 'ERR_STREAM_PREMATURE_CLOSE') throw err;
      });
      return;
    }
    res.json(await listAuditEvents(ctx.db, chain, query));
  };

  router.get('/platform', requireAdmin, async (req, res) => {
    await answer(res, PLATFORM_CHAIN, ZAuditQuery.parse(req.query), 'pano-platform-etkinlik.csv');
  });
  router.get('/platform/verify', requireAdmin, async (_req, res) => {
    res.json(await verifyChain(ctx.db, PLATFORM_CHAIN));
  });

  // An account's history names every screen, group and person of it: a member limited to screen
  // groups does not read it, whatever the role (docs/architecture/audit.md#reading).
  const accountAdmin = [requireRole('admin'), requireAllScreens('Etkinlik geçmişini yalnızca tüm ekranlara erişen yöneticiler görebilir')];

  router.get('/', ...accountAdmin, async (req, res) => {
    await answer(res, currentAccount(req).id, ZAuditQuery.parse(req.query), 'pano-etkinlik-gecmisi.csv');
  });
  router.get('/verify', ...accountAdmin, async (req, res) => {
    res.json(await verifyChain(ctx.db, currentAccount(req).id));
  });
  return router;
}
