import pg from 'pg';

/** The server tests that need a database of their own create and drop it as this user. */
export const ADMIN_URL = process.env.TEST_PG_ADMIN_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres';

/** One statement as that user (CREATE DATABASE, DROP DATABASE …), on a connection of its own. */
export async function asAdmin(sql: string): Promise<void> {
  const c = new pg.Client({ connectionString: ADMIN_URL });
  await c.connect();
  try {
    await c.query(sql);
  } finally {
    await c.end();
  }
}

/** The address of database `name` on the same server. */
export const databaseUrl = (name: string): string => Object.assign(new URL(ADMIN_URL), { pathname: `/${name}` }).toString();
