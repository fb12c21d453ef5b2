import 'server-only';
import { StorageError, type FileStore, type StoredObject } from '../storage';
import { describeFile, fileCount, listFiles } from './file-refs';
import { backupError } from './format';
import type { FileItem, FileNotInBackup } from './reader-files';
import { checkStored, configuredStore, describeMismatch } from './store-check';

export interface FileRestoreOptions {
  /** The store the files go to (default: the configured one, whichever driver it is). */
  store?: FileStore;
  /** Restore although some files' bytes are neither in the backup nor in the store (they are listed). */
  forceMissingFiles?: boolean;
  /** For files the backup does not hold: read every stored one and compare its SHA-256, not only its size. */
  verifyStoredFiles?: boolean;
}

export interface FilesRestored {
  /** The driver the files went to (undefined when there were none to write or check). */
  driver?: FileStore['driver'];
  /** Files (thumbnails included) written from the backup, and their bytes. */
  written: number;
  bytes: number;
  /** Files the backup does not hold whose bytes the store already had. */
  alreadyStored: number;
  /** Files restored without their bytes (`forceMissingFiles`), as messages name them. */
  missing: string[];
}

/**
 * Writes a backup's files into the store while its rows go into the database (one transaction):
 * every `put` is checked against the SHA-256 the backup holds, and the keys it created are removed
 * again by `undo()` when the restore fails, so the store is left as it was. A key the store already
 * held is written over (keys are unique per upload, so its bytes are the same ones, or damaged) and
 * left in place by `undo()`.
 */
export class FileRestorer {
  private store: FileStore | undefined;
  private readonly created: string[] = [];
  readonly result: FilesRestored = { written: 0, bytes: 0, alreadyStored: 0, missing: [] };

  constructor(private readonly options: FileRestoreOptions = {}) {}

  /** Streams one file's bytes into the store; a skipped one (the backup says so) is left out. */
  async write(item: FileItem): Promise<void> {
    const store = this.target();
    const existed = await this.holds(store, item);
    let stored: StoredObject;
    try {
      stored = await store.put(item.key, item.body, { maxBytes: item.size, declaredSize: item.size });
    } catch (error) {
      if (item.state.outcome === 'skipped') return;
      if (item.state.outcome === 'failed') throw item.state.error;
      throw writeFailure(item, error);
    }
    if (!existed) this.created.push(item.key);
    if (stored.size !== item.size || stored.sha256 !== item.sha256) {
      throw backupError(
        `The file store kept other bytes than the backup holds for the file ${describeFile(item.file)}, so nothing was restored.`,
      );
    }
    this.result.written += 1;
    this.result.bytes += stored.size;
  }

  /**
   * The files whose bytes the backup does not hold must be in the store already (same key, same
   * size; same SHA-256 with `verifyStoredFiles`): otherwise the restore is refused naming them, or
   * with `forceMissingFiles` goes on and lists them.
   */
  async checkNotInBackup(needed: FileNotInBackup[]): Promise<void> {
    if (!needed.length) return;
    const store = this.target();
    const check = await checkStored(
      store,
      needed.map((entry) => entry.file),
      { hash: this.options.verifyStoredFiles },
    ).catch((error: unknown) => {
      throw error instanceof StorageError ? backupError(error.message) : error;
    });
    const problems = [...check.missing.map(describeFile), ...check.mismatched.map(describeMismatch)];
    this.result.alreadyStored = needed.length - problems.length;
    if (!problems.length) return;
    if (!this.options.forceMissingFiles) {
      throw backupError(
        `${fileCount(problems.length)} ${problems.length === 1 ? 'is' : 'are'} neither in the backup nor in the file store (${store.driver}), so nothing was restored: ${listFiles(problems)}; put their bytes in the store, or add --force-missing-files to restore without them.`,
        'CONFLICT',
      );
    }
    this.result.missing = problems;
  }

  /** Removes what this restore created in the store (after a failure); best effort, never throws. */
  async undo(): Promise<void> {
    const store = this.store;
    if (!store) return;
    for (const key of this.created.splice(0).reverse()) await store.delete(key).catch(() => undefined);
  }

  private target(): FileStore {
    this.store ??= this.options.store ?? configuredStore();
    this.result.driver = this.store.driver;
    return this.store;
  }

  /** Whether the store holds something under the item's key already. */
  private async holds(store: FileStore, item: FileItem): Promise<boolean> {
    try {
      await store.head(item.key);
      return true;
    } catch (error) {
      if (error instanceof StorageError && error.code === 'NOT_FOUND') return false;
      throw writeFailure(item, error);
    }
  }
}

/** The store refused a file: one sentence naming it, and the store's own reason. */
function writeFailure(item: FileItem, error: unknown): Error {
  const message = error instanceof Error ? error.message : String(error);
  return backupError(
    `The file ${describeFile(item.file)} could not be written to the file store (${message.replace(/\.$/, '')}), so nothing was restored.`,
  );
}
