// `npm run db:seed`: the default package catalogue, into PostgreSQL (DATABASE_URL) or the
// embedded database in $DATA_DIR/pg. Safe to run again: it only fills an empty table.
import { loadConfig } from '../server/src/config/env.js';
import { openMigratedDatabase } from '../server/src/db/client.js';
import { seedDefaultPackages } from '../server/src/modules/packages/default-catalogue.js';

const config = loadConfig();
const database = await openMigratedDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, log: (m) => console.log(m) });
try {
  const created = await seedDefaultPackages(database.db);
  const where = database.mode === 'postgres' ? 'PostgreSQL' : `${config.dataDir}/pg`;
  console.log(created > 0 ? `Seeded ${created} default packages (${where}).` : `Packages already exist; nothing seeded (${where}).`);
} finally {
  await database.close();
}
