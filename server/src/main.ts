import { loadConfig } from './config/env.js';
import { startServer } from './server.js';

const config = loadConfig();
const server = await startServer(config);
const mode = server.database.mode === 'embedded' ? `gömülü veritabanı (${config.dataDir})` : 'PostgreSQL';
console.log(`
  Pano çalışıyor: ${server.url}
  Veritabanı: ${mode}
  İlk yönetici hesabını oluşturmak için: npm run create-admin -- --email admin@ornek.com --password <şifre>
`);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    server.ctx.logger.info({ signal }, 'shutting down');
    server.stop().then(() => process.exit(0), () => process.exit(1));
  });
}
