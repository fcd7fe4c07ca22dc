import express, { Router } from 'express';
import type { AppContext } from '../../context.js';

export function purchaseRoutes(_ctx: AppContext): Router {
  const router = Router();
  // The payment webhook (payments work) is registered here, before JSON parsing.
  router.use(express.json({ limit: '1mb' }));
  return router;
}
