import { randomUUID } from 'node:crypto';
import express, { type Express } from 'express';
import helmet from 'helmet';
import type { AppContext } from './context.js';
import { errorHandler, notFoundHandler } from './http/error-handler.js';
import { mountApiRoutes } from './http/routes.js';
import { mountStatic } from './http/static.js';
import { useTurkishValidationMessages } from './http/turkish-validation.js';
import './http/request-types.js';

/** The HTTP app without a listening socket, so route tests drive it directly. */
export function createApp(ctx: AppContext): Express {
  useTurkishValidationMessages();
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', 'loopback, linklocal, uniquelocal');
  app.use(helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        // Stripe.js and its card / 3-D Secure frames (js.stripe.com, *.js.stripe.com, hooks.stripe.com).
        scriptSrc: ["'self'", 'https://js.stripe.com', 'https://*.js.stripe.com'],
        frameSrc: ["'self'", 'https://js.stripe.com', 'https://*.js.stripe.com', 'https://hooks.stripe.com', 'https://checkout.stripe.com'],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        mediaSrc: ["'self'", 'blob:', 'https:'],
        connectSrc: ["'self'", 'ws:', 'wss:', 'https://api.stripe.com'],
        styleSrc: ["'self'", "'unsafe-inline'"],
        workerSrc: ["'self'"],
        // Helmet's default would send every request of a page opened as http://<server>:3000
        // (a screen on the LAN) to https, where nothing listens: the page would not load.
        upgradeInsecureRequests: null,
      },
    },
    // Uploaded media is shown by players on other origins (kiosk apps).
    crossOriginResourcePolicy: { policy: 'cross-origin' },
  }));
  app.use((req, res, next) => {
    // A proxy's request id is kept for correlation, but only if it looks like one: it is
    // echoed into logs and 500 bodies.
    const given = req.headers['x-request-id'];
    req.id = typeof given === 'string' && /^[\w.-]{1,64}$/.test(given) ? given : randomUUID();
    res.setHeader('X-Request-Id', req.id);
    next();
  });
  app.get('/healthz', (_req, res) => void res.json({ ok: true }));
  mountApiRoutes(app, ctx);
  app.use('/api', notFoundHandler);
  mountStatic(app, ctx);
  app.use(notFoundHandler);
  app.use(errorHandler(ctx.logger));
  return app;
}
