import { loadConfig } from './config/env.js';
import { DataDirBusyError } from './db/data-dir-lock.js';
import { issueAdminSetupToken } from './modules/auth/admin-setup.service.js';
import { startServer } from './server.js';

const config = loadConfig();
const server = await startServer(config).catch((err: unknown) => {
  if (!(err instanceof DataDirBusyError)) throw err;
  // Another server (or a command) has this database folder: say so instead of a stack trace.
  console.error(`\n  Pano başlatılamadı: ${err.message}\n`);
  process.exit(1);
});
const mode = server.database.mode === 'embedded' ? `gömülü veritabanı (${config.dataDir})` : 'PostgreSQL';
// The dev card processor sells every package for a test card: say so loudly outside the embedded mode.
const payments = config.stripe.secretKey ? 'Stripe' : 'test kartları (dev; gerçek ödeme için STRIPE_* ayarlayın)';
if (!config.stripe.secretKey && server.database.mode === 'postgres') {
  server.ctx.logger.warn('payments: dev provider in use with PostgreSQL; packages are sold for test cards only');
}
// Printed here and nowhere else (never through the logger), and only while no admin exists.
const setupToken = await issueAdminSetupToken(server.ctx);
const firstAdmin = setupToken
  ? `
  Henüz yönetici hesabı yok. İlk yönetici hesabını bu tek kullanımlık bağlantıyla oluşturun:
    ${server.url}/register-admin?setup=${setupToken}
  (ya da: npm run create-admin -- --email admin@ornek.com --password <şifre>)
`
  : '';
console.log(`
  Pano çalışıyor: ${server.url}
  Veritabanı: ${mode}
  Ödeme: ${payments}
${firstAdmin}`);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    server.ctx.logger.info({ signal }, 'shutting down');
    server.stop().then(() => process.exit(0), () => process.exit(1));
  });
}
