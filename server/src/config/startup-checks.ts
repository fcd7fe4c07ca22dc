import { randomBytes } from 'node:crypto';
import { mkdir, unlink, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import path from 'node:path';
import type { AppConfig } from './env.js';

/**
 * A start that cannot succeed, told in Turkish to whoever started it (printed without a stack
 * trace by main.ts and worker.ts). These are checked before the database is opened or migrated,
 * so a wrong setting changes nothing (docs/OPERATIONS.md#start-up-errors).
 */
export class StartupError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'StartupError';
  }
}

const errCode = (err: unknown) => (err as NodeJS.ErrnoException | undefined)?.code;

/**
 * DATA_DIR holds the embedded database, uploads and the generated JWT secret. Writes a probe
 * file rather than asking access(2): only a real write notices every reason it would fail.
 */
export async function checkDataDirWritable(dataDir: string): Promise<void> {
  const probe = path.join(dataDir, `.yazma-denemesi-${randomBytes(4).toString('hex')}`);
  try {
    await mkdir(dataDir, { recursive: true });
    await writeFile(probe, '');
    await unlink(probe);
  } catch (err) {
    throw new StartupError(`DATA_DIR klasörüne (${dataDir}) yazılamıyor: ${dataDirReason(errCode(err))}`);
  }
}

function dataDirReason(code: string | undefined): string {
  switch (code) {
    case 'EACCES':
    case 'EPERM':
      return 'bu kullanıcının orada yazma izni yok. Klasörün sahibini ya da izinlerini düzeltin veya DATA_DIR ile yazılabilir bir klasör seçin.';
    case 'EROFS':
      return 'klasör salt okunur bir dosya sisteminde. DATA_DIR ile yazılabilir bir klasör (ya da birim) seçin.';
    case 'ENOTDIR':
    case 'EEXIST':
      return 'bu yol (ya da üstündeki bir parça) klasör değil, bir dosya. DATA_DIR ile bir klasör yolu verin.';
    case 'ENOSPC':
    case 'EDQUOT':
      return 'diskte yer kalmamış. Yer açın ya da DATA_DIR ile başka bir diskteki klasörü seçin.';
    case undefined:
    default:
      return `işletim sistemi yazmayı reddetti (${code ?? 'bilinmeyen hata'}).`;
  }
}

/** The Turkish reason a listen on PORT/HOST failed, or undefined for an error nobody can explain better. */
export function listenFailure(err: unknown, port: number, host: string): StartupError | undefined {
  switch (errCode(err)) {
    case 'EADDRINUSE':
      return new StartupError(
        `${port} numaralı port kullanımda: başka bir program (belki çalışan başka bir Pano) onu dinliyor. ` +
        'O programı durdurun ya da PORT ile başka bir port seçin.',
      );
    case 'EACCES':
      return new StartupError(
        `${port} numaralı portu dinleme izni yok (1024'ten küçük portlar yönetici izni ister). PORT ile 1024 ya da üstü bir port seçin.`,
      );
    case 'EADDRNOTAVAIL':
      return new StartupError(`HOST=${host} bu makinenin bir adresi değil. HOST'u silin (tüm adresler) ya da bu makinenin bir adresini verin.`);
    case undefined:
    default:
      return undefined;
  }
}

/**
 * Whether PORT can be listened on, by listening and letting go at once: the real listen comes
 * only after migrations, which a taken port must not reach. (Another program can still take
 * the port in between; the real listen reports that the same way.)
 */
export async function checkPortFree(port: number, host: string): Promise<void> {
  if (port === 0) return;
  const probe = createServer();
  await new Promise<void>((resolve, reject) => {
    probe.once('error', (err) => reject(listenFailure(err, port, host) ?? err));
    probe.listen(port, host, () => probe.close(() => resolve()));
  });
}

/**
 * The dev card processor keeps its payments in this process's memory: behind several API
 * instances (they share REDIS_URL) a payment started on one is unknown to the next, and in
 * production it would sell packages for test cards. There it must be asked for by name.
 */
export function checkPayments(config: Pick<AppConfig, 'stripe' | 'redisUrl' | 'production' | 'devPaymentsAllowed'>): void {
  if (config.stripe.secretKey || config.devPaymentsAllowed) return;
  if (!config.redisUrl && !config.production) return;
  const where = config.production ? 'NODE_ENV=production iken' : 'birden çok API sunucusuyla (REDIS_URL ayarlı) çalışırken';
  throw new StartupError(
    `Stripe anahtarları (STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY, STRIPE_WEBHOOK_SECRET) ayarlanmamış. ${where} ` +
    'test kartlarıyla satış yapan geliştirme ödeme sağlayıcısı kendiliğinden açılmaz: ödemeleri yalnızca bu işlemin belleğinde tutar. ' +
    'Gerçek ödeme için Stripe anahtarlarını ayarlayın; bilerek test kartlarıyla çalışmak için PAYMENTS=dev ayarlayın.',
  );
}

