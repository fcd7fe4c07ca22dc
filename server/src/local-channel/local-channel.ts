import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { createServer } from 'node:http';
import express from 'express';
import { ZNewAdmin } from '@pano/contract';
import type { AppContext } from '../context.js';
import type { LocalChannelAddress } from '../db/data-dir-lock.js';
import { errorHandler, notFoundHandler } from '../http/error-handler.js';
import { forbidden } from '../http/errors.js';
import { createUser } from '../modules/auth/auth.service.js';
import { LOCAL_ADMINS_PATH } from './local-channel.client.js';

/**
 * With the embedded database only the server may open `$DATA_DIR/pg`, so commands run
 * beside it (`npm run create-admin`) ask the server instead. The channel listens on
 * 127.0.0.1 only, on a port of its own (never the public one, whatever HOST and any
 * proxy in front say), and wants the secret the server wrote into `$DATA_DIR/pano.lock`
 * (mode 0600): whoever can read it can read the database files anyway.
 */
const digest = (value: string) => createHash('sha256').update(value).digest();
const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

export async function startLocalChannel(ctx: AppContext): Promise<{ address: LocalChannelAddress; close: () => Promise<void> }> {
  const secret = randomBytes(32).toString('base64url');
  const expected = digest(`Bearer ${secret}`);
  const app = express();
  app.disable('x-powered-by');
  app.use((req, _res, next) => {
    const given = digest(req.headers.authorization ?? '');
    const allowed = LOOPBACK.has(req.socket.remoteAddress ?? '') && timingSafeEqual(given, expected);
    next(allowed ? undefined : forbidden('Bu kanal yalnızca aynı makinedeki Pano komutları içindir'));
  });
  app.use(express.json({ limit: '16kb' }));
  app.post(LOCAL_ADMINS_PATH, async (req, res) => {
    const user = await createUser(ctx, { ...ZNewAdmin.parse(req.body), role: 'admin' });
    ctx.logger.info({ userId: user.id }, 'admin created through the local channel');
    res.status(201).json({ email: user.email });
  });
  app.use(notFoundHandler);
  app.use(errorHandler(ctx.logger));

  const http = createServer(app);
  await new Promise<void>((resolve, reject) => {
    http.once('error', reject);
    http.listen(0, '127.0.0.1', resolve);
  });
  const port = (http.address() as { port: number }).port;
  return {
    address: { port, secret },
    close: () => new Promise<void>((resolve) => {
      http.closeAllConnections();
      http.close(() => resolve());
    }),
  };
}
