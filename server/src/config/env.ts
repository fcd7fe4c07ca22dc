import path from 'node:path';
import { z } from 'zod';
import { parseTrustProxy, type TrustProxy } from './trust-proxy.js';
import { bundledBinary } from './media-tools.js';
import { parseStorageUrl, type StorageConfig } from './storage-url.js';
import { isTokenLifetime } from './token-lifetime.js';

const ZEnv = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  /** The address people and players reach; used for absolute media URLs. */
  PUBLIC_URL: z.string().url().optional(),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().optional(),
  /** PostgreSQL connections per process (docs/SCALING.md); PostgreSQL's max_connections bounds the sum. */
  DATABASE_POOL_MAX: z.coerce.number().int().min(1).max(200).default(10),
  REDIS_URL: z.string().optional(),
  JWT_SECRET: z.string().min(32, 'JWT_SECRET must be at least 32 characters').optional(),
  /** Checked at the start with jose's own reading, which signing uses (a bad one failed every login). */
  JWT_TTL: z.string().default('7d').refine(isTokenLifetime),
  ADMIN_REGISTRATION_KEY: z.string().optional(),
  /** Largest media upload, in MB; the package's storage limit applies as well. */
  MAX_UPLOAD_MB: z.coerce.number().positive().default(2048),
  MAX_APK_MB: z.coerce.number().positive().default(300),
  RATE_LIMIT_AUTH_PER_15MIN: z.coerce.number().int().positive().default(30),
  /** Requests one API key may make in a minute (docs/architecture/security.md#api-keys). */
  API_KEY_REQUESTS_PER_MINUTE: z.coerce.number().int().positive().default(300),
  /** Which proxies may tell the client's address (X-Forwarded-For); none by default. */
  TRUST_PROXY: z.string().optional().transform((value, c) => {
    const parsed = parseTrustProxy(value);
    if (parsed !== null) return parsed;
    c.addIssue({ code: 'custom', message: 'TRUST_PROXY must be a hop count (1-10) or a comma-separated list of addresses, CIDR ranges, loopback, linklocal or uniquelocal' });
    return z.NEVER;
  }),
  WORKERS: z.enum(['0', '1']).optional(),
  /** How often the purchase sweep runs; 0 turns it off (test servers that share one database). */
  JOBS_SWEEP_EVERY_S: z.coerce.number().min(0).default(60),
  /** Days play records are kept (docs/architecture/plays.md#plays): at least 13 months. */
  PLAYS_RETENTION_DAYS: z.coerce.number().int().min(396).max(3650).default(400),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  STRIPE_SECRET_KEY: z.string().optional(),
  STRIPE_PUBLISHABLE_KEY: z.string().optional(),
  STRIPE_WEBHOOK_SECRET: z.string().optional(),
  STRIPE_API_BASE: z.string().optional(),
  /** How long shutdown waits for requests and uploads still running (docs/OPERATIONS.md#shutdown). */
  SHUTDOWN_TIMEOUT_S: z.coerce.number().min(0).max(3600).default(25),
  /** `dev`: allow the in-memory test-card processor where it is refused by default (docs/OPERATIONS.md#payments). */
  PAYMENTS: z.enum(['dev']).optional(),
  NODE_ENV: z.string().optional(),
  /** When set, GET /metrics needs `Authorization: Bearer <METRICS_TOKEN>` (docs/OPERATIONS.md#monitoring). */
  METRICS_TOKEN: z.string().optional(),
  /** The worker's /metrics port (`npm run worker`); the API serves /metrics on its own port. */
  METRICS_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  /** `1`: feeds, weather and web checks may reach private and loopback addresses (docs/architecture/security.md#server-side-fetches). */
  FETCH_ALLOW_PRIVATE: z.enum(['0', '1']).optional(),
  /** An Open-Meteo-compatible forecast endpoint for the weather app. */
  /** ffmpeg and ffprobe for media processing; unset: the binaries the npm packages ship (docs/OPERATIONS.md#media-processing). */
  FFMPEG_PATH: z.string().optional(),
  FFPROBE_PATH: z.string().optional(),
  /** ffmpeg's scheduling priority (nice, 0-19): conversions yield to the API by default (docs/OPERATIONS.md#media-processing). */
  FFMPEG_NICENESS: z.coerce.number().int().min(0).max(19).default(10),
  WEATHER_API_URL: z.string().url().refine((s) => /^https?:\/\//.test(s)).default('https://api.open-meteo.com/v1/forecast'),
  /** `s3://bucket?endpoint=…&region=…&forcePathStyle=true`: stored files live in that bucket (docs/OPERATIONS.md#object-storage). */
  STORAGE_URL: z.string().optional(),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  /** A CDN in front of the bucket: players and the dashboard fetch uploads there instead of through signed URLs. */
  MEDIA_PUBLIC_URL: z.string().url().refine((s) => /^https?:\/\//.test(s)).optional(),
  /** `smtp://user:pass@host:587` or `smtps://…:465`: invitations and password resets go out by mail (docs/OPERATIONS.md#mail). */
  SMTP_URL: z.string().refine((s) => /^smtps?:\/\/[^/?#]+/.test(s)).optional(),
  /** The sender of those mails: `Pano <pano@ornek.com>` or a bare address. */
  MAIL_FROM: z.string().min(3).max(320).optional(),
});

/**
 * What each variable must hold, said to the person who set it: a bad value stops the start
 * with one line per variable instead of a validation dump. A variable missing here still gets
 * a line, with a general wording.
 */
const EXPECTED: Partial<Record<keyof z.infer<typeof ZEnv>, string>> = {
  PORT: '0 ile 65535 arasında bir tam sayı olmalı',
  PUBLIC_URL: 'http:// ya da https:// ile başlayan tam bir adres olmalı (örnek: https://pano.ornek.com)',
  DATABASE_POOL_MAX: '1 ile 200 arasında bir tam sayı olmalı',
  JWT_SECRET: 'en az 32 karakter olmalı',
  JWT_TTL: "0'dan uzun bir süre olmalı (örnek: 7d, 12h, 30m)",
  MAX_UPLOAD_MB: "0'dan büyük bir sayı olmalı (MB)",
  MAX_APK_MB: "0'dan büyük bir sayı olmalı (MB)",
  RATE_LIMIT_AUTH_PER_15MIN: "0'dan büyük bir tam sayı olmalı",
  API_KEY_REQUESTS_PER_MINUTE: "0'dan büyük bir tam sayı olmalı",
  TRUST_PROXY: '1 ile 10 arasında bir vekil sunucu (proxy) sayısı ya da virgülle ayrılmış adresler, CIDR aralıkları, loopback, linklocal veya uniquelocal olmalı',
  WORKERS: '0 ya da 1 olmalı',
  JOBS_SWEEP_EVERY_S: '0 ya da daha büyük bir sayı olmalı (saniye; 0 taramayı kapatır)',
  FFMPEG_NICENESS: '0 ile 19 arasında bir tam sayı olmalı',
  PLAYS_RETENTION_DAYS: '396 ile 3650 arasında bir tam sayı olmalı (gün; en az 13 ay)',
  LOG_LEVEL: 'fatal, error, warn, info, debug, trace ya da silent olmalı',
  SHUTDOWN_TIMEOUT_S: '0 ile 3600 arasında bir sayı olmalı (saniye)',
  PAYMENTS: 'yalnızca dev olabilir (ya da hiç ayarlanmaz)',
  METRICS_PORT: '1 ile 65535 arasında bir tam sayı olmalı',
  FETCH_ALLOW_PRIVATE: '0 ya da 1 olmalı',
  WEATHER_API_URL: 'http:// ya da https:// ile başlayan tam bir adres olmalı',
  MEDIA_PUBLIC_URL: 'http:// ya da https:// ile başlayan tam bir adres olmalı (örnek: https://cdn.ornek.com)',
  SMTP_URL: 'smtp:// ya da smtps:// ile başlayan bir adres olmalı (örnek: smtp://kullanici:sifre@smtp.ornek.com:587)',
  MAIL_FROM: 'bir gönderen adresi olmalı (örnek: Pano <pano@ornek.com>)',
};
/** Never echoed back: secrets, and URLs that may carry a password. */
const SECRET = new Set(['JWT_SECRET', 'ADMIN_REGISTRATION_KEY', 'DATABASE_URL', 'REDIS_URL', 'STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET', 'METRICS_TOKEN', 'S3_SECRET_ACCESS_KEY', 'SMTP_URL']);

/** Invalid environment values, one Turkish line per variable (`PORT="abc": … olmalı`). */
export class ConfigError extends Error {
  constructor(readonly lines: string[]) {
    super(`Ortam değişkenlerinde geçersiz değer var:\n${lines.map((l) => `    ${l}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

function configError(issues: z.core.$ZodIssue[], env: Record<string, string | undefined>): ConfigError {
  const names = [...new Set(issues.map((i) => String(i.path[0] ?? '')))];
  return new ConfigError(names.map((name) => {
    const shown = SECRET.has(name) ? name : `${name}=${JSON.stringify(env[name] ?? '')}`;
    return `${shown}: ${EXPECTED[name as keyof typeof EXPECTED] ?? 'geçersiz değer'}`;
  }));
}

export type AppConfig = {
  port: number;
  host: string;
  publicUrl: string | undefined;
  dataDir: string;
  uploadsDir: string;
  databaseUrl: string | undefined;
  databasePoolMax: number;
  redisUrl: string | undefined;
  jwtSecret: string | undefined;
  jwtTtl: string;
  adminRegistrationKey: string | undefined;
  maxUploadBytes: number;
  maxApkBytes: number;
  authRateLimitPer15Min: number;
  apiKeyRequestsPerMinute: number;
  trustProxy: TrustProxy;
  runWorkers: boolean;
  sweepEveryMs: number;
  playsRetentionDays: number;
  logLevel: z.infer<typeof ZEnv>['LOG_LEVEL'];
  stripe: { secretKey?: string; publishableKey?: string; webhookSecret?: string; apiBase?: string };
  shutdownTimeoutMs: number;
  /** PAYMENTS=dev: the operator asked for the dev processor where it is refused by default. */
  devPaymentsAllowed: boolean;
  production: boolean;
  /** Bearer token for GET /metrics; unset: /metrics is open (keep it off the public proxy). */
  metricsToken: string | undefined;
  /** Where the worker serves /metrics; unset: the worker serves none. */
  metricsPort: number | undefined;
  /** FETCH_ALLOW_PRIVATE=1: server-side fetches of customers' addresses may reach the intranet. */
  fetchAllowPrivate: boolean;
  /** Where the weather app's forecasts come from (WEATHER_API_URL). */
  weatherApiUrl: string;
  /** The ffmpeg and ffprobe media processing runs (FFMPEG_PATH, FFPROBE_PATH, else the npm packages' binaries). */
  ffmpegPath: string;
  ffprobePath: string;
  /** The priority ffmpeg runs at (FFMPEG_NICENESS, default 10). */
  ffmpegNiceness: number;
  /** Where stored files live: the local folder (default) or an S3-compatible bucket (STORAGE_URL). */
  storage: StorageConfig;
  /** Where mail goes out (SMTP_URL); unset: each mail is written to the log instead. */
  smtpUrl: string | undefined;
  /** The From of every mail (MAIL_FROM, default `Pano <pano@localhost>`). */
  mailFrom: string;
};

/**
 * A relative DATA_DIR means the folder the command was typed in: npm runs workspace
 * scripts (`npm run create-admin`, `npm run dev`, `npm run worker`) inside `server/`, so
 * resolving against the process's cwd gave them `server/data` while `npm start` used
 * `./data`, and an admin made from the README landed in a database nobody reads. npm
 * records where it was invoked in INIT_CWD; outside npm the cwd is that place.
 */
export function resolveDataDir(dataDir: string, env: NodeJS.ProcessEnv = process.env): string {
  return path.resolve(env.INIT_CWD || process.cwd(), dataDir);
}

/** Reads the environment once; blank values count as unset. Throws a ConfigError for bad values. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<AppConfig> = {}): AppConfig {
  const clean = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = ZEnv.safeParse(clean);
  if (!parsed.success) throw configError(parsed.error.issues, clean);
  const e = parsed.data;
  const dataDir = resolveDataDir(e.DATA_DIR, env);
  const storage = storageConfig(e);
  return {
    port: e.PORT,
    host: e.HOST,
    publicUrl: e.PUBLIC_URL?.replace(/\/$/, ''),
    dataDir,
    uploadsDir: path.join(dataDir, 'uploads'),
    databaseUrl: e.DATABASE_URL,
    databasePoolMax: e.DATABASE_POOL_MAX,
    redisUrl: e.REDIS_URL,
    jwtSecret: e.JWT_SECRET,
    jwtTtl: e.JWT_TTL,
    adminRegistrationKey: e.ADMIN_REGISTRATION_KEY,
    maxUploadBytes: Math.floor(e.MAX_UPLOAD_MB * 1024 * 1024),
    maxApkBytes: Math.floor(e.MAX_APK_MB * 1024 * 1024),
    authRateLimitPer15Min: e.RATE_LIMIT_AUTH_PER_15MIN,
    apiKeyRequestsPerMinute: e.API_KEY_REQUESTS_PER_MINUTE,
    trustProxy: e.TRUST_PROXY,
    // With Redis, workers run in the API unless WORKERS=0 (then `npm run worker` does it).
    runWorkers: e.WORKERS !== '0',
    sweepEveryMs: Math.round(e.JOBS_SWEEP_EVERY_S * 1000),
    playsRetentionDays: e.PLAYS_RETENTION_DAYS,
    logLevel: e.LOG_LEVEL,
    stripe: {
      secretKey: e.STRIPE_SECRET_KEY,
      publishableKey: e.STRIPE_PUBLISHABLE_KEY,
      webhookSecret: e.STRIPE_WEBHOOK_SECRET,
      apiBase: e.STRIPE_API_BASE,
    },
    shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT_S * 1000,
    devPaymentsAllowed: e.PAYMENTS === 'dev',
    production: e.NODE_ENV === 'production',
    metricsToken: e.METRICS_TOKEN,
    metricsPort: e.METRICS_PORT,
    fetchAllowPrivate: e.FETCH_ALLOW_PRIVATE === '1',
    weatherApiUrl: e.WEATHER_API_URL,
    ffmpegPath: e.FFMPEG_PATH ?? bundledBinary('ffmpeg'),
    ffprobePath: e.FFPROBE_PATH ?? bundledBinary('ffprobe'),
    ffmpegNiceness: e.FFMPEG_NICENESS,
    storage,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM ?? 'Pano <pano@localhost>',
    ...overrides,
  };
}

/** STORAGE_URL read whole, or a ConfigError saying what is wrong with it. */
function storageConfig(e: z.infer<typeof ZEnv>): StorageConfig {
  if (!e.STORAGE_URL) {
    if (e.MEDIA_PUBLIC_URL) throw new ConfigError([`MEDIA_PUBLIC_URL=${JSON.stringify(e.MEDIA_PUBLIC_URL)}: yalnızca STORAGE_URL ile (bir kovanın önündeki CDN için) kullanılabilir`]);
    return { kind: 'local' };
  }
  const parsed = parseStorageUrl(e.STORAGE_URL, { accessKeyId: e.S3_ACCESS_KEY_ID, secretAccessKey: e.S3_SECRET_ACCESS_KEY, publicUrl: e.MEDIA_PUBLIC_URL });
  // Keys written into the URL by mistake are not echoed.
  if (typeof parsed === 'string') throw new ConfigError([`STORAGE_URL=${JSON.stringify(e.STORAGE_URL.replace(/\/\/[^@/?]*@/, '//…@'))}: ${parsed}`]);
  return parsed;
}

/**
 * Where links sent to people point (mails): PUBLIC_URL, else this machine's own port, which only
 * serves someone at the machine. Never the request's Host header: a forged one would send a
 * reset link, token and all, to a stranger's site.
 */
export const linkBaseUrl = (config: Pick<AppConfig, 'publicUrl' | 'port'>): string =>
  config.publicUrl ?? `http://localhost:${config.port}`;
