import express, { Router } from 'express';
import { ZPackageIdParams, ZSalesQuery, ZUserIdParams } from '@pano/contract';
import type { AppContext } from '../../context.js';
import { currentAccount, currentUser, requireAdmin, requireAuth } from '../../http/authenticate.js';
import { getMyPackage } from './my-package.service.js';
import { paymentRoutes, paymentWebhookRoute } from './payment.routes.js';
import { currentPackage, purchasePlan } from './purchase-plan.service.js';
import { buyerOf } from './pending-purchase.js';
import { presentCurrentPackage, presentMyPackage, presentPurchasePlan } from './purchase.presenter.js';
import { presentSalesReport } from './sales.presenter.js';
import { salesReport } from './sales.service.js';

export function purchaseRoutes(ctx: AppContext): Router {
  const router = Router();
  // The payment webhook is registered here, before JSON parsing: its signature covers the raw body.
  router.use(paymentWebhookRoute(ctx));
  router.use(express.json({ limit: '1mb' }));
  router.use(paymentRoutes(ctx));

  router.get('/my-package/:userId', requireAuth(ctx), async (req, res) => {
    res.json(presentMyPackage(await getMyPackage(ctx, currentUser(req), req.account?.id, ZUserIdParams.parse(req.params).userId)));
  });

  router.get('/current', requireAuth(ctx), async (req, res) => {
    res.json(presentCurrentPackage(await currentPackage(ctx, currentAccount(req).id)));
  });

  router.get('/plan/:packageId', requireAuth(ctx), async (req, res) => {
    res.json(presentPurchasePlan(await purchasePlan(ctx, buyerOf(req), ZPackageIdParams.parse(req.params).packageId)));
  });

  router.get('/admin/sales', requireAuth(ctx), requireAdmin, async (req, res) => {
    res.json(presentSalesReport(await salesReport(ctx.db, ZSalesQuery.parse(req.query))));
  });

  return router;
}
