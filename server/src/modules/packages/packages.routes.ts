import { Router, type Request } from 'express';
import { ZIdParams, ZPackageUpdate, ZPackageWrite } from '@pano/contract';
import type { AppContext } from '../../context.js';
import { bearerToken, requireAdmin, requireAuth, sessionFromToken } from '../../http/authenticate.js';
import { AppError } from '../../http/errors.js';
import { presentPackage } from './packages.presenter.js';
import {
  createPackage, deletePackage, getPackage, listActivePackages, listAllPackages, packageUsage, updatePackage,
} from './packages.service.js';

/**
 * The catalogue is public, but an admin's token (if sent) also reveals inactive packages.
 * A stale or invalid token just means "anonymous" here: the packages page must load for
 * visitors whose old token lingers in storage.
 */
async function isAdminCaller(ctx: AppContext, req: Request): Promise<boolean> {
  const token = bearerToken(req);
  if (!token) return false;
  try {
    return (await sessionFromToken(ctx, token)).user.role === 'admin';
  } catch (err) {
    if (err instanceof AppError) return false;
    throw err;
  }
}

export function packageRoutes(ctx: AppContext): Router {
  const router = Router();
  const admin = [requireAuth(ctx), requireAdmin];

  // Admin routes first: otherwise '/:id' would capture '/admin'.
  router.get('/admin', ...admin, async (_req, res) => {
    res.json((await listAllPackages(ctx.db)).map(presentPackage));
  });

  router.post('/admin', ...admin, async (req, res) => {
    const created = await createPackage(ctx.db, ZPackageWrite.parse(req.body));
    res.status(201).json(presentPackage(created));
  });

  router.put('/admin/:id', ...admin, async (req, res) => {
    const { id } = ZIdParams.parse(req.params);
    res.json(presentPackage(await updatePackage(ctx.db, id, ZPackageUpdate.parse(req.body))));
  });

  router.get('/admin/:id/usage', ...admin, async (req, res) => {
    res.json(await packageUsage(ctx.db, ZIdParams.parse(req.params).id, ctx.clock()));
  });

  router.delete('/admin/:id', ...admin, async (req, res) => {
    await deletePackage(ctx.db, ZIdParams.parse(req.params).id);
    res.json({ message: 'Paket silindi' });
  });

  router.get('/', async (_req, res) => {
    res.json((await listActivePackages(ctx.db)).map(presentPackage));
  });

  router.get('/:id', async (req, res) => {
    const { id } = ZIdParams.parse(req.params);
    res.json(presentPackage(await getPackage(ctx.db, id, { includeInactive: await isAdminCaller(ctx, req) })));
  });

  return router;
}
