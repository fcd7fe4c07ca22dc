import type { TNewAdmin } from '@pano/contract';
import type { AppConfig } from '../config/env.js';
import { DataDirBusyError, liveLockHolder } from '../db/data-dir-lock.js';
import { createAdminThroughServer, LocalChannelUnreachable } from '../local-channel/local-channel.client.js';

export type AdminCreated = { email: string; via: 'server' | 'database' };

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * PostgreSQL takes any number of writers, so the command writes itself. PGlite takes one:
 * while a server holds `$DATA_DIR` the admin is made through its loopback channel, and
 * only a folder nobody holds is opened here (holding it meanwhile, so a server starting
 * now waits for us).
 */
export async function createAdmin(config: AppConfig, admin: TNewAdmin): Promise<AdminCreated> {
  if (config.databaseUrl) return { email: await createDirectly(config, admin), via: 'database' };
  for (let attempt = 1; ; attempt++) {
    const holder = await liveLockHolder(config.dataDir);
    try {
      if (holder?.channel) return { email: await createAdminThroughServer(holder.channel, admin), via: 'server' };
      return { email: await createDirectly(config, admin), via: 'database' };
    } catch (err) {
      // A server that stopped after we read the lock, or one that came up while we waited for it.
      const raced = err instanceof LocalChannelUnreachable || (err instanceof DataDirBusyError && err.holder.channel);
      if (!raced || attempt === 3) throw err;
      await sleep(300);
    }
  }
}

async function createDirectly(config: AppConfig, admin: TNewAdmin): Promise<string> {
  // Loaded only here: the path through the server needs neither Prisma nor PGlite.
  const { openMigratedDatabase } = await import('../db/client.js');
  const { createUser } = await import('../modules/auth/auth.service.js');
  const database = await openMigratedDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    return (await createUser(database, { ...admin, role: 'admin' })).email;
  } finally {
    await database.close();
  }
}
