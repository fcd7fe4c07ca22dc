import express, { type Express } from 'express';
import type { AppContext } from './context.js';
import { compressJson } from './http/json-compression.js';
import { authRoutes } from './modules/auth/auth.routes.js';
import { mediaRoutes } from './modules/media/media.routes.js';
import { playlistRoutes } from './modules/playlists/playlists.routes.js';
import { appDataRoutes } from './modules/app-data/app-data.routes.js';
import { resumableUploadRoutes } from './modules/media/resumable-uploads.routes.js';
import { layoutRoutes } from './modules/layouts/layouts.routes.js';
import { contentPreviewRoutes } from './modules/screens/content-preview.routes.js';
import { tickerRoutes } from './modules/tickers/tickers.routes.js';
import { screenNowRoutes } from './modules/screens/screen-now.routes.js';
import { screenRoutes } from './modules/screens/screens.routes.js';
import { SCREEN_CONFIG_PATH, screenConfigRoute } from './modules/screens/screen-config.routes.js';
import { settingsRoutes } from './modules/settings/settings.routes.js';
import { packageRoutes } from './modules/packages/packages.routes.js';
import { purchaseRoutes } from './modules/purchases/purchases.routes.js';
import { deviceRoutes } from './modules/devices/devices.routes.js';
import { screenGroupRoutes } from './modules/screen-groups/screen-groups.routes.js';
import { scheduleRoutes } from './modules/schedules/schedules.routes.js';
import { alertRoutes } from './modules/alerts/alerts.routes.js';
import { alertTemplateRoutes } from './modules/alerts/alert-templates.routes.js';
import { alertSendLimit } from './modules/alerts/alert-send-limit.js';
import { apiKeyRoutes } from './modules/api-keys/api-keys.routes.js';
import { apiKeyAuthentication } from './modules/api-keys/api-key-auth.js';
import { webhookRoutes } from './modules/webhooks/webhooks.routes.js';
import { capFeedRoutes, capMessageRoutes, capSettingsRoutes } from './modules/cap/cap.routes.js';
import { screenHealthRoutes } from './modules/screen-health/screen-health.routes.js';
import { devicePlayRoutes, reportRoutes } from './modules/plays/plays.routes.js';
import { accountRoutes } from './modules/team/accounts.routes.js';
import { teamRoutes } from './modules/team/team.routes.js';
import { ssoSettingsRoutes, ssoSignInRoutes } from './modules/sso/sso.routes.js';
import { invitationRoutes } from './modules/team/invitations.routes.js';
import { auditRoutes } from './modules/audit/audit.routes.js';
import { openApiRoutes } from './http/openapi/openapi.routes.js';
import { approvalGate, approvalRoutes, fileReplacementGate, notificationRoutes } from './modules/approvals/approvals.routes.js';

export function mountApiRoutes(app: Express, ctx: AppContext): void {
  // Before every route: the one place a request with an API key is let through, or not
  // (http/key-routes.ts). Any other request costs it one look at its Authorization header.
  app.use('/api', apiKeyAuthentication(ctx));
  // First: the API's busiest request (every player, after each reconnect and push) is a GET
  // with no body that needs none of the routers or the JSON parser below.
  app.get(SCREEN_CONFIG_PATH, screenConfigRoute(ctx));
  // After it: a push makes every player of a customer fetch its config at once, and
  // compressing each copy again would cost the API CPU per player (docs/OPERATIONS.md#compression-and-caching).
  app.use('/api', compressJson);
  // Routers that need the raw body (payment webhooks) are mounted inside their module
  // before this JSON parser sees the request; purchaseRoutes handles that itself.
  app.use('/api/purchase', purchaseRoutes(ctx));
  // tus streams each PATCH's body into the upload itself.
  app.use('/api/uploads', resumableUploadRoutes(ctx, fileReplacementGate(ctx)));
  app.use('/api', express.json({ limit: '1mb' }));
  // After the parser, which reads (or refuses) any body sent with a GET like every other route's.
  // The API's own description (docs/CONTRACT.md#openapi).
  app.use('/api', openApiRoutes());
  // Ahead of the screens router, whose package guard would answer /api/screens/health first.
  app.use('/api', screenHealthRoutes(ctx));
  app.use('/api/auth/sso', ssoSignInRoutes(ctx));
  app.use('/api/auth', authRoutes(ctx));
  // /api/accounts and /api/auth/switch-account.
  app.use('/api', accountRoutes(ctx));
  app.use('/api/team/sso', ssoSettingsRoutes(ctx));
  app.use('/api/team', teamRoutes(ctx));
  app.use('/api/invitations', invitationRoutes(ctx));
  app.use('/api/media/apps/preview', appDataRoutes(ctx));
  app.use('/api/media', mediaRoutes(ctx, approvalGate(ctx, 'app')));
  app.use('/api/playlists', playlistRoutes(ctx, approvalGate(ctx, 'playlist')));
  app.use('/api/direction-playlists', tickerRoutes(ctx, approvalGate(ctx, 'ticker')));
  app.use('/api/layouts/preview', contentPreviewRoutes(ctx));
  app.use('/api/layouts', layoutRoutes(ctx, approvalGate(ctx, 'layout')));
  app.use('/api/screens', screenNowRoutes(ctx));
  app.use('/api/screens', screenRoutes(ctx));
  app.use('/api/settings', settingsRoutes(ctx));
  app.use('/api/packages', packageRoutes(ctx));
  app.use('/api/devices', deviceRoutes(ctx));
  // 500 play records are about 170 KB: within the JSON limit above.
  app.use('/api/devices', devicePlayRoutes(ctx));
  app.use('/api/screen-groups', screenGroupRoutes(ctx));
  app.use('/api/schedules', scheduleRoutes(ctx));
  // One count for both routes that send an alert.
  const alertSends = alertSendLimit(ctx);
  // CAP 1.2 messages (an XML body) count as sends too; ahead of /api/alerts/:id.
  app.use('/api/alerts/cap', capMessageRoutes(ctx, alertSends));
  app.use('/api/alerts', alertRoutes(ctx, alertSends));
  app.use('/api/alert-templates', alertTemplateRoutes(ctx, alertSends));
  app.use('/api/api-keys', apiKeyRoutes(ctx));
  app.use('/api/webhooks', webhookRoutes(ctx));
  app.use('/api/cap-feeds', capFeedRoutes(ctx));
  app.use('/api/cap-settings', capSettingsRoutes(ctx));
  app.use('/api/reports', reportRoutes(ctx));
  app.use('/api/audit', auditRoutes(ctx));
  app.use('/api/approvals', approvalRoutes(ctx));
  app.use('/api/notifications', notificationRoutes(ctx));
}
