import type { AppConfig } from '../../config.js';
import { S3FileStorage } from './s3-storage.js';
import { LocalFileStorage, type FileStorage } from './storage.js';

const byConfig = new WeakMap<AppConfig, FileStorage>();

/**
 * The file storage of an application, chosen once from its config (FILE_STORAGE: `local`, the default,
 * the folder UPLOAD_DIR; `s3`, the bucket S3_BUCKET). Every caller of one application gets the same one.
 */
export function fileStorageFor(config: AppConfig): FileStorage {
  let storage = byConfig.get(config);
  if (!storage) {
    storage = config.fileStorage === 's3' && config.s3 ? new S3FileStorage(config.s3) : new LocalFileStorage(config.uploadDir);
    byConfig.set(config, storage);
  }
  return storage;
}
