import { linkBaseUrl, loadConfig } from './config/env.js';
import { checkPayments } from './config/startup-checks.js';
import { issueAdminSetupToken } from './modules/auth/admin-setup.service.js';
import { handleShutdownSignals, startOrExit } from './process-lifecycle.js';
import { startServer } from './server.js';

// First, so a SIGTERM while migrations run is kept, and the server stops once it is up.
const signals = handleShutdownSignals();
const { config, server } = await startOrExit(async () => {
  const config = loadConfig();
  checkPayments(config);
  return { config, server: await startServer(config) };
});
const mode = server.database.mode === 'embedded' ? `gömülü veritabanı (${config.dataDir})` : 'PostgreSQL';
// The dev card processor sells every package for a test card: say so loudly outside the embedded mode.
const payments = config.stripe.secretKey ? 'Stripe' : 'test kartları (dev; gerçek ödeme için STRIPE_* ayarlayın)';
if (!config.stripe.secretKey && server.database.mode === 'postgres') {
  server.ctx.logger.warn('payments: dev provider in use with PostgreSQL; packages are sold for test cards only');
}
// Mail links name PUBLIC_URL; without it they name this machine, which nobody else can open.
const mailTo = config.smtpUrl ? `SMTP (${new URL(config.smtpUrl).host})` : 'gönderilmiyor; davet ve şifre sıfırlama metinleri günlüğe yazılır (göndermek için SMTP_URL)';
const mailWarning = config.smtpUrl && !config.publicUrl
  ? `\n  UYARI: PUBLIC_URL ayarlanmamış: postalardaki bağlantılar ${linkBaseUrl(config)} adresini gösterir ve başka bir bilgisayardan açılmaz. PUBLIC_URL'yi sitenin adresine ayarlayın.`
  : '';
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
  Posta: ${mailTo}${mailWarning}
${firstAdmin}`);
signals.ready({ what: 'server', stop: server.stop, logger: server.ctx.logger, timeoutMs: config.shutdownTimeoutMs });
