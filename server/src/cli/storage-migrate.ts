import { ConfigError, loadConfig } from '../config/env.js';
import { migrateToBucket } from '../storage/migrate-to-bucket.js';
import { S3Storage, s3TempDir } from '../storage/s3-storage.js';

/**
 * `npm run storage:migrate`: copies $DATA_DIR's stored files into the STORAGE_URL bucket
 * (docs/OPERATIONS.md#moving-files-into-a-bucket). Re-runnable: what is there already is
 * skipped. Exits 1 when anything could not be copied, so a script notices.
 */
async function main(): Promise<number> {
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      return 1;
    }
    throw err;
  }
  if (config.storage.kind !== 's3') {
    console.error('STORAGE_URL ayarlanmamış: dosyaların kopyalanacağı kovayı (s3://…) STORAGE_URL ile verin.');
    return 1;
  }
  const bucket = new S3Storage(config.storage, s3TempDir(config.uploadsDir));
  try {
    await bucket.check();
  } catch (err) {
    console.error(`Kovaya (${config.storage.bucket}) ulaşılamıyor: ${(err as Error).name} ${(err as Error).message}`);
    return 1;
  }
  console.log(`${config.dataDir} → s3://${config.storage.bucket}`);
  const counts = await migrateToBucket(config, bucket, (key, outcome, err) => {
    if (outcome === 'failed') console.error(`kopyalanamadı: ${key}: ${(err as Error).message}`);
  });
  console.log(`Kopyalanan: ${counts.copied}, zaten kovada olan: ${counts.skipped}, kopyalanamayan: ${counts.failed}`);
  bucket.client.destroy();
  return counts.failed ? 1 : 0;
}

process.exitCode = await main();
