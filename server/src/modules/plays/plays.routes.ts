import { Router } from 'express';
import { ZPlaysReportQuery, ZPlaysUpload } from '@pano/contract';
import type { AppContext } from '../../context.js';
import { currentAccount, currentUser, requireAuth } from '../../http/authenticate.js';
import { assertTargetsInScope, screenScopeOf } from '../accounts/screen-scope.js';
import { forbidden } from '../../http/errors.js';
import { currentDevice, requireDevice } from '../devices/device-auth.js';
import { requireActivePackage } from '../entitlements/active-package.js';
import { recordPlays } from './plays-ingest.service.js';
import { reportCsv, reportFileName } from './plays-report.csv.js';
import { playsReport } from './plays-report.service.js';
import { presentPlaysReport, presentRecordedPlays } from './plays.presenter.js';

/** POST /api/devices/plays: a player's play records (device token; docs/PRODUCT.md#plays-api). */
export function devicePlayRoutes(ctx: AppContext): Router {
  const router = Router();
  router.post('/plays', requireDevice(ctx), async (req, res) => {
    const body = ZPlaysUpload.parse(req.body);
    res.json(presentRecordedPlays(await recordPlays(ctx, currentDevice(req), body)));
  });
  return router;
}

/** 'Raporlar': /api/reports (docs/PRODUCT.md#reports-api); a customer's own plays only. */
export function reportRoutes(ctx: AppContext): Router {
  const router = Router();
  router.use(requireAuth(ctx), requireActivePackage(ctx));

  router.get('/plays', async (req, res) => {
    if (!req.apiKey && currentUser(req).role !== 'customer') throw forbidden('Raporlar yalnızca müşteriler içindir');
    const query = ZPlaysReportQuery.parse(req.query);
    // A member limited to screen groups reads their screens' plays only.
    await assertTargetsInScope(ctx.db, req, { screens: query.screen ? [query.screen] : [], groups: query.group ? [query.group] : [] });
    const scope = await screenScopeOf(ctx.db, req);
    const report = presentPlaysReport(await playsReport(ctx, currentAccount(req).id, query, scope ? [...scope] : undefined));
    if (query.format === 'csv') {
      res.setHeader('Content-Type', 'text/csv; charset=utf-8');
      res.setHeader('Content-Disposition', `attachment; filename="${reportFileName(report)}"`);
      res.send(reportCsv(report));
      return;
    }
    res.json(report);
  });
  return router;
}
