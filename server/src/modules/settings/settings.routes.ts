import { Router, type RequestHandler } from 'express';
import { ZUpdateDisplaySettingsRequest, type TApkInfo } from '@pano/contract';
import type { AppContext } from '../../context.js';
import { currentAccount, currentUser, requireAuth } from '../../http/authenticate.js';
import { requireAllScreens, requireRole } from '../../http/policy.js';
import { forbidden, notFound } from '../../http/errors.js';
import { apkKey, downloadName, latestApk, uploadApk } from './apk.service.js';
import { presentDisplaySettings } from './display-settings.presenter.js';
import { getDisplaySettings, updateDisplaySettings } from './display-settings.service.js';

/** The spec's own wording for a customer on the APK page (docs/PRODUCT.md#admin-apk). */
const adminOnly: RequestHandler = (req, _res, next) => {
  if (req.user?.role !== 'admin') throw forbidden('Bu sayfayı sadece admin kullanabilir');
  next();
};

/** /api/settings: display settings (per user) and the Android installer (public download). */
export function settingsRoutes(ctx: AppContext): Router {
  const r = Router();

  r.get('/', requireAuth(ctx), async (req, res) => {
    res.json(presentDisplaySettings(await getDisplaySettings(ctx.db, currentAccount(req).id)));
  });

  r.put('/', requireAuth(ctx), requireRole('admin'), requireAllScreens(), async (req, res) => {
    const input = ZUpdateDisplaySettingsRequest.parse(req.body);
    res.json(presentDisplaySettings(await updateDisplaySettings(ctx, currentAccount(req).id, input)));
  });

  r.post('/apk', requireAuth(ctx), adminOnly, async (req, res) => {
    const release = await uploadApk(ctx, req, res, currentUser(req).id);
    res.status(201).json(apkInfo(release));
  });

  r.get('/apk', async (_req, res) => {
    res.setHeader('Cache-Control', 'no-cache');
    res.json(apkInfo(await latestApk(ctx)));
  });

  r.get('/apk/download', async (_req, res) => {
    const release = await latestApk(ctx);
    const sent = await ctx.storage.send(res, apkKey(release), {
      // downloadName() keeps only [0-9A-Za-z._-], so quoting it needs no escaping.
      headers: {
        'Cache-Control': 'no-cache', 'Content-Disposition': `attachment; filename="${downloadName(release)}"`,
        'Content-Type': 'application/vnd.android.package-archive', 'X-Content-Type-Options': 'nosniff',
      },
      conditional: true,
    });
    // A row whose file was lost (restored backup, manual cleanup) is "no APK", not a 500.
    if (!sent) throw notFound('APK');
  });

  return r;
}

function apkInfo(release: Awaited<ReturnType<typeof latestApk>>): TApkInfo {
  return {
    version: release.version,
    updatedAt: release.createdAt.toISOString(),
    apkUrl: '/api/settings/apk/download',
    size: Number(release.sizeBytes),
  };
}
