import 'server-only';
import { readStorageConfig } from './config';
import type { FileStore } from './file-store';
import { createLocalDiskStore } from './local-disk';
import { createS3Store } from './s3';

export type {
  ByteRange,
  FileStore,
  ObjectHead,
  PutOptions,
  StorageErrorCode,
  StoredObject,
} from './file-store';
export { assertStorageKey, isStorageKey, StorageError } from './file-store';
export type { StorageConfig } from './config';
export type { LocalDiskStore } from './local-disk';
export type { S3Config } from './s3';

let store: FileStore | undefined;

/**
 * The process's file store, built on first use from the environment (readStorageConfig). Throws
 * the configuration's one-sentence error when the settings are wrong; it does not probe the store
 * (the start-up check calls `probe()`).
 */
export function getFileStore(): FileStore {
  if (!store) {
    const config = readStorageConfig();
    store = config.driver === 'local' ? createLocalDiskStore(config.root) : createS3Store(config);
  }
  return store;
}

/** Forgets the store so the next getFileStore() reads the environment again (tests only). */
export function resetFileStoreForTests(): void {
  store = undefined;
}
