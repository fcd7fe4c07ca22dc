import type { AppConfig } from '../config/env.js';
import type { FileStorage } from './file-storage.js';
import { LocalStorage } from './local-storage.js';
import { S3Storage, s3TempDir } from './s3-storage.js';

/** The process's one FileStorage, from STORAGE_URL: a bucket, else the local folder. */
export function createFileStorage(config: Pick<AppConfig, 'storage' | 'dataDir' | 'uploadsDir'>): FileStorage {
  return config.storage.kind === 's3' ? new S3Storage(config.storage, s3TempDir(config.uploadsDir)) : new LocalStorage(config);
}
