import path from 'node:path';
import type { Config } from '../config.js';
import { createLocalStorage, createMemoryStorage, createS3Storage, type FileStorage } from './storage.js';

/** The storage the configuration asks for (README "Configuration": FILES_DIR, S3_*). */
export async function storageFromConfig(config: Config): Promise<FileStorage> {
  if (config.S3_BUCKET) {
    return createS3Storage({
      bucket: config.S3_BUCKET,
      region: config.S3_REGION,
      endpoint: config.S3_ENDPOINT,
      accessKeyId: config.S3_ACCESS_KEY_ID,
      secretAccessKey: config.S3_SECRET_ACCESS_KEY,
      forcePathStyle: config.S3_FORCE_PATH_STYLE === 'true',
      prefix: config.S3_PREFIX,
    });
  }
  if (config.FILES_DIR) return createLocalStorage(path.resolve(config.FILES_DIR));
  if (config.DATA_DIR.startsWith('memory://')) return createMemoryStorage();
  return createLocalStorage(path.resolve(config.DATA_DIR, 'files'));
}
