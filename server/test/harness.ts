import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import supertest from 'supertest';
import { inject } from 'vitest';
import type { Express } from 'express';
import { createApp } from '../src/app.js';
import { createAppContext, withoutRealtime } from '../src/app-context.js';
import { loadConfig, type AppConfig } from '../src/config/env.js';
import type { AppContext } from '../src/context.js';
import { openDatabase, type Database } from '../src/db/client.js';
import { applyPendingMigrations } from '../src/db/migrate.js';
import { createLogger, type Logger } from '../src/logger.js';
import { Metrics } from '../src/metrics/metrics.js';
import { createInProcessRunner } from '../src/jobs/in-process-runner.js';
import { createJobRegistry } from '../src/jobs/job-registry.js';
import type { JobRunner } from '../src/jobs/job-runner.js';
import { jobHandlers } from '../src/job-handlers.js';
import { withOwnAccount } from '../src/modules/accounts/own-account.js';
import type { AccountRole } from '../src/db/generated/enums.js';
import { createTokenService } from '../src/http/tokens.js';
import { hashPassword } from '../src/modules/auth/passwords.js';
import type { PresenceReader, ScreenNotifier } from '../src/realtime/screen-notifier.js';

export type TestApp = {
  ctx: AppContext;
  app: Express;
  http: supertest.Agent;
  database: Database;
  dataDir: string;
  close: () => Promise<void>;
};

/**
 * One app per test file, against the run's migrated PostgreSQL database and a temp data
 * folder. Tests isolate by creating their own users, so nothing is ever wiped.
 */
export async function createTestApp(opts: {
  config?: Partial<AppConfig>; notifier?: ScreenNotifier; clock?: () => Date; jobs?: JobRunner;
  /** Which screens count as online (nobody without it): a test's own stand-in for the realtime layer's answer. */
  presence?: PresenceReader;
  /** A database of its own, for rules about every row of a table (such as "the last admin"). */
  ownDatabase?: boolean;
  /** Where the app logs (silent by default); a test that reads the access log passes its own. */
  logger?: Logger;
} = {}): Promise<TestApp> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'pano-test-'));
  const own = opts.ownDatabase ? await createOwnDatabase() : undefined;
  const config: AppConfig = {
    ...loadConfig({ DATA_DIR: dataDir, DATABASE_URL: own?.url ?? inject('databaseUrl'), LOG_LEVEL: 'silent' }),
    authRateLimitPer15Min: 10_000,
    adminRegistrationKey: 'test-admin-key-123',
    // A test waits on its conversions: they must not yield to the machine's other work, or a
    // busy machine starves them (the niceness itself: server/src/storage/video-tools.test.ts).
    ffmpegNiceness: 0,
    ...opts.config,
  };
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir, poolMax: 4 });
  // In-process jobs with the periodic sweep off: test files share one database.
  const jobs = opts.jobs ?? createInProcessRunner({ logger: createLogger('silent'), sweepEveryMs: 0 });
  // The same construction as an API instance's, without its realtime layer.
  const ctx = createAppContext({
    config,
    db: database.db,
    logger: opts.logger ?? createLogger('silent'),
    clock: opts.clock ?? (() => new Date()),
    tokens: createTokenService('test-secret-0123456789-0123456789-0123456789', config.jwtTtl),
    jobs,
    metrics: new Metrics(),
  }, { ...withoutRealtime(opts.notifier), ...(opts.presence ? { presence: opts.presence } : {}) });
  await jobs.start(createJobRegistry(jobHandlers(ctx), ctx.metrics, ctx.clock));
  const app = createApp(ctx);
  return {
    ctx, app, http: supertest(app), database, dataDir,
    close: async () => {
      // Mail made after an answer (forgot-password) still reads the database: it finishes first.
      await ctx.mailer.settled();
      ctx.mailer.close();
      await jobs.stop();
      await database.close();
      await own?.drop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

async function adminQuery(sql: string) {
  const client = new pg.Client({ connectionString: inject('pgAdminUrl') });
  await client.connect();
  try { await client.query(sql); } finally { await client.end(); }
}

/** A migrated database of a test's own (`url`), dropped by `drop`. */
export async function createOwnDatabase() {
  const name = `pano_test_${process.pid}_${randomUUID().slice(0, 8)}`;
  await adminQuery(`CREATE DATABASE ${name}`);
  const url = new URL(inject('pgAdminUrl'));
  url.pathname = `/${name}`;
  await applyPendingMigrations({ kind: 'postgres', url: url.toString() });
  return { url: url.toString(), drop: () => adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}

export type TestUser = { id: string; email: string; token: string; auth: { Authorization: string } };

export const uniqueEmail = (prefix = 'user') => `${prefix}-${randomUUID().slice(0, 8)}@test.pano`;

let cachedHash: Promise<string> | undefined;
const testPasswordHash = () => (cachedHash ??= hashPassword('secret123'));

/** A user made directly in the database (password 'secret123'), with a signed token. */
export async function newUser(t: TestApp, role: 'customer' | 'admin' = 'customer'): Promise<TestUser> {
  const user = await t.ctx.db.user.create({
    data: withOwnAccount({ email: uniqueEmail(role), passwordHash: await testPasswordHash(), firstName: 'Test', lastName: 'Kullanıcı', role }),
  });
  const token = await t.ctx.tokens.signUser(user.id, user.tokenVersion);
  return { id: user.id, email: user.email, token, auth: { Authorization: `Bearer ${token}` } };
}

export type PackageLimits = { maxMediaUploadGb?: number; maxScreens?: number; maxPlaylists?: number; maxMembers?: number; durationDays?: number };

/**
 * Gives a user a completed, running purchase (what a successful payment leaves behind), for the
 * account that has their id unless `accountId` names another.
 */
export async function grantPackage(t: TestApp, userId: string, limits: PackageLimits & { accountId?: string } = {}) {
  const now = t.ctx.clock();
  const durationDays = limits.durationDays ?? 30;
  return t.ctx.db.purchase.create({
    data: {
      userId,
      accountId: limits.accountId ?? userId,
      provider: 'test',
      status: 'completed',
      amount: 499,
      amountPaid: 499,
      packageName: 'Test Paketi',
      durationDays,
      maxMediaUploadGb: limits.maxMediaUploadGb ?? 5,
      maxScreens: limits.maxScreens ?? 3,
      maxPlaylists: limits.maxPlaylists ?? 10,
      maxMembers: limits.maxMembers ?? 5,
      mobileCode: randomUUID().replace(/-/g, '').slice(0, 8).toUpperCase(),
      completedAt: now,
      expiresAt: new Date(now.getTime() + durationDays * 86_400_000),
    },
  });
}

/** A customer with a running package: the usual actor of route tests. */
export async function newCustomer(t: TestApp, limits?: PackageLimits): Promise<TestUser> {
  const user = await newUser(t, 'customer');
  await grantPackage(t, user.id, limits);
  return user;
}

export const newAdmin = (t: TestApp) => newUser(t, 'admin');

/**
 * A person (with an account of their own, as everyone has) who is also a member of `accountId`
 * with `role`, limited to `groupIds` when given; the token works in that account.
 */
export async function newMember(t: TestApp, accountId: string, role: AccountRole, groupIds: string[] = []): Promise<TestUser> {
  const person = await newUser(t);
  await t.ctx.db.membership.create({
    data: { accountId, userId: person.id, role, groups: { create: groupIds.map((groupId) => ({ groupId })) } },
  });
  const token = await t.ctx.tokens.signUser(person.id, 0, accountId);
  return { ...person, token, auth: { Authorization: `Bearer ${token}` } };
}
