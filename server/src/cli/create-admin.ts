// Makes an admin from the command line, so the first admin needs no registration key.
// Usage: npm run create-admin -- --email a@b.com --password secret [--first Ad --last Soyad]
import { createInterface } from 'node:readline/promises';
import { parseArgs } from 'node:util';
import { ZNewAdmin } from '@pano/contract';
import { ConfigError, loadConfig } from '../config/env.js';
import { DataDirBusyError } from '../db/data-dir-lock.js';
import { AppError } from '../http/errors.js';
import { LocalChannelUnreachable } from '../local-channel/local-channel.client.js';
import { createAdmin } from './admin-creation.js';

const { values } = parseArgs({
  options: { email: { type: 'string' }, password: { type: 'string' }, first: { type: 'string' }, last: { type: 'string' } },
});

async function ask(question: string): Promise<string> {
  const rl = createInterface({ input: process.stdin, output: process.stdout });
  try { return (await rl.question(question)).trim(); } finally { rl.close(); }
}

const parsed = ZNewAdmin.safeParse({
  email: values.email ?? (await ask('E-posta: ')),
  password: values.password ?? (await ask('Şifre (en az 6 karakter): ')),
  firstName: values.first ?? 'Admin',
  lastName: values.last ?? 'Pano',
});
if (!parsed.success) {
  console.error(`Hata: ${parsed.error.issues[0]?.message}`);
  process.exit(1);
}

try {
  const created = await createAdmin(loadConfig(), parsed.data);
  const via = created.via === 'server' ? ' (çalışan sunucu üzerinden)' : '';
  console.log(`Admin hesabı oluşturuldu: ${created.email}${via}`);
} catch (err) {
  const known = err instanceof AppError || err instanceof ConfigError || err instanceof DataDirBusyError || err instanceof LocalChannelUnreachable;
  console.error(known ? `Hata: ${err.message}` : err);
  process.exitCode = 1;
}
