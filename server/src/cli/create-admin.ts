// Makes an admin from the command line, so the first admin needs no registration key.
// Usage: npm run create-admin -- --email a@b.com --password secret [--first Ad --last Soyad]
import { createInterface } from 'node:readline/promises';
import { parseArgs } from 'node:util';
import { ZAdminRegisterRequest } from '@pano/contract';
import { loadConfig } from '../config/env.js';
import { openMigratedDatabase } from '../db/client.js';
import { createUser } from '../modules/auth/auth.service.js';
import { AppError } from '../http/errors.js';

const { values } = parseArgs({
  options: { email: { type: 'string' }, password: { type: 'string' }, first: { type: 'string' }, last: { type: 'string' } },
});

async function ask(question: string): Promise<string> {
  const rl = createInterface({ input: process.stdin, output: process.stdout });
  try { return (await rl.question(question)).trim(); } finally { rl.close(); }
}

const input = {
  email: values.email ?? (await ask('E-posta: ')),
  password: values.password ?? (await ask('Şifre (en az 6 karakter): ')),
  firstName: values.first ?? 'Admin',
  lastName: values.last ?? 'Pano',
  adminKey: 'cli',
};
const parsed = ZAdminRegisterRequest.safeParse(input);
if (!parsed.success) {
  console.error(`Hata: ${parsed.error.issues[0]?.message}`);
  process.exit(1);
}

const config = loadConfig();
const database = await openMigratedDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
try {
  const user = await createUser(database, { ...parsed.data, role: 'admin' });
  console.log(`Admin hesabı oluşturuldu: ${user.email}`);
} catch (err) {
  console.error(err instanceof AppError ? `Hata: ${err.message}` : err);
  process.exitCode = 1;
} finally {
  await database.close();
}
