import 'server-only';
import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import fs, { type FileHandle } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { ensurePrivateDir, PRIVATE_FILE_MODE } from '../private-files';
import {
  aborted,
  assertKeyPrefix,
  ByteMeter,
  checkBeforeReading,
  classifyFlowFailure,
  FirstFailure,
} from './byte-meter';
import {
  assertStorageKey,
  isStorageKey,
  StorageError,
  type ByteRange,
  type FileStore,
  type ObjectHead,
  type PutOptions,
  type StoredObject,
} from './file-store';
import { assertByteRange, readAll } from './streams';

/** Where a write's bytes wait until they are complete: inside the root, so the rename stays on one disk. */
export const TEMPORARY_FOLDER = '.tmp';
/** A temporary untouched this long belongs to no running upload (`cleanTemporaries`' default). */
export const TEMPORARY_MAX_AGE_MS = 24 * 60 * 60 * 1000;

/** The local driver: a `FileStore` plus the folder it writes to and its temporaries' sweep. */
export interface LocalDiskStore extends FileStore {
  readonly driver: 'local';
  /** The absolute root folder (FILES_DIR). */
  readonly root: string;
  /** Removes temporaries older than `olderThanMs` (default a day); resolves to how many. */
  cleanTemporaries(olderThanMs?: number): Promise<number>;
}

/**
 * A store keeping each object as the file `root/<key>` (folders 0700, files 0600). A write goes to a
 * temporary in `root/.tmp/`, is synced to disk and only then renamed onto the key, so a crash or a
 * failure never leaves a partial file under a key.
 */
export function createLocalDiskStore(root: string): LocalDiskStore {
  return new LocalDisk(path.resolve(root));
}

/**
 * Removes the files in `root/.tmp/` last written more than `olderThanMs` ago (the remains of a
 * process that died mid-upload; a running upload writes to its temporary all the time). Resolves to
 * how many were removed; a missing folder is not an error.
 */
export async function cleanTemporaries(root: string, olderThanMs = TEMPORARY_MAX_AGE_MS): Promise<number> {
  const folder = path.join(path.resolve(root), TEMPORARY_FOLDER);
  let names: string[];
  try {
    names = await fs.readdir(folder);
  } catch (error) {
    if (codeOf(error) === 'ENOENT') return 0;
    throw unavailable(path.resolve(root), 'read', error);
  }
  const cutoff = Date.now() - olderThanMs;
  let removed = 0;
  for (const name of names) {
    const file = path.join(folder, name);
    const stats = await fs.lstat(file).catch(() => undefined);
    if (!stats || stats.mtimeMs >= cutoff) continue;
    await fs.rm(file, { force: true, recursive: true });
    removed += 1;
  }
  return removed;
}

class LocalDisk implements LocalDiskStore {
  readonly driver = 'local' as const;

  constructor(readonly root: string) {}

  async put(key: string, body: Readable, options: PutOptions): Promise<StoredObject> {
    checkBeforeReading(key, options);
    const temporary = path.join(this.root, TEMPORARY_FOLDER, `${randomBytes(16).toString('hex')}.part`);
    try {
      const written = await this.writeTemporary(temporary, body, options);
      // The last moment to honour the signal: after the rename the object is stored.
      if (options.signal?.aborted) throw aborted(options.signal.reason);
      await this.moveIntoPlace(temporary, key);
      return written;
    } catch (error) {
      await fs.rm(temporary, { force: true }).catch(() => undefined);
      throw error;
    }
  }

  async get(key: string, range?: ByteRange): Promise<Readable> {
    assertStorageKey(key);
    if (range) assertByteRange(range);
    let handle: FileHandle;
    try {
      handle = await fs.open(this.pathOf(key), 'r');
    } catch (error) {
      throw this.readFailure(error);
    }
    const stats = await handle.stat().catch(async (error: unknown) => {
      await handle.close();
      throw this.readFailure(error);
    });
    if (!stats.isFile()) {
      await handle.close();
      throw notFound();
    }
    // The stream closes the handle when it ends or is destroyed.
    return handle.createReadStream(range ? { start: range.start, end: range.end } : {});
  }

  async head(key: string): Promise<ObjectHead> {
    assertStorageKey(key);
    try {
      const stats = await fs.stat(this.pathOf(key));
      if (!stats.isFile()) throw notFound();
      return { size: stats.size, modifiedAt: stats.mtime };
    } catch (error) {
      throw this.readFailure(error);
    }
  }

  async delete(key: string): Promise<void> {
    assertStorageKey(key);
    try {
      await fs.unlink(this.pathOf(key));
    } catch (error) {
      if (isAbsence(error)) return;
      throw unavailable(this.root, 'written', error);
    }
    await this.removeEmptyFolders(path.dirname(this.pathOf(key)));
  }

  async *list(prefix: string): AsyncIterable<{ key: string; size: number }> {
    assertKeyPrefix(prefix);
    const folders = [prefix.slice(0, prefix.lastIndexOf('/') + 1)];
    for (let folder = folders.pop(); folder !== undefined; folder = folders.pop()) {
      for (const entry of await this.readFolder(folder)) {
        const key = folder + entry.name;
        if (entry.isDirectory()) {
          if (folder === '' && entry.name === TEMPORARY_FOLDER) continue;
          if (`${key}/`.startsWith(prefix) || prefix.startsWith(`${key}/`)) folders.push(`${key}/`);
        } else if (entry.isFile() && key.startsWith(prefix) && isStorageKey(key)) {
          const stats = await fs.stat(this.pathOf(key)).catch(() => undefined);
          if (stats) yield { key, size: stats.size };
        }
      }
    }
  }

  async probe(): Promise<void> {
    const key = `probe/${randomBytes(8).toString('hex')}`;
    const bytes = randomBytes(32);
    try {
      await this.put(key, Readable.from([bytes]), { maxBytes: bytes.length });
      const back = await readAll(await this.get(key));
      if (!back.equals(bytes)) {
        throw new StorageError(
          'UNAVAILABLE',
          `The file storage folder ${this.root} gave back other bytes than were written: check FILES_DIR and the disk.`,
        );
      }
      await this.delete(key);
    } catch (error) {
      await this.delete(key).catch(() => undefined);
      if (error instanceof StorageError && error.code === 'UNAVAILABLE') throw error;
      throw unavailable(this.root, 'written', error);
    }
  }

  cleanTemporaries(olderThanMs?: number): Promise<number> {
    return cleanTemporaries(this.root, olderThanMs);
  }

  private pathOf(key: string): string {
    return path.join(this.root, ...key.split('/'));
  }

  /** Streams the body into a new 0600 temporary, synced to disk; resolves to what was counted. */
  private async writeTemporary(
    temporary: string,
    body: Readable,
    options: PutOptions,
  ): Promise<StoredObject> {
    try {
      ensurePrivateDir(path.dirname(temporary));
    } catch (error) {
      throw unavailable(this.root, 'written', error);
    }
    const meter = new ByteMeter(options.maxBytes);
    const file = createWriteStream(temporary, { flags: 'wx', mode: PRIVATE_FILE_MODE });
    const failures = new FirstFailure().watch('source', body).watch('store', file);
    try {
      // Resolves once the file is closed (its data written, not yet synced).
      await pipeline(body, meter, file, options.signal ? { signal: options.signal } : {});
    } catch {
      throw classifyFlowFailure(meter, options, failures, (error) =>
        unavailable(this.root, 'written', error),
      );
    }
    try {
      // fsync flushes the file, whichever descriptor asks.
      const handle = await fs.open(temporary, 'r+');
      await handle.sync().finally(() => handle.close());
    } catch (error) {
      throw unavailable(this.root, 'written', error);
    }
    return meter.result();
  }

  /**
   * Renames the complete temporary onto the key (creating its folders) and syncs the folder so the
   * rename survives a crash. A key whose folder was just removed by a delete is tried once more.
   */
  private async moveIntoPlace(temporary: string, key: string): Promise<void> {
    const target = this.pathOf(key);
    for (let attempt = 1; ; attempt += 1) {
      try {
        ensurePrivateDir(path.dirname(target));
        await fs.rename(temporary, target);
        break;
      } catch (error) {
        const code = codeOf(error);
        if (code === 'ENOENT' && attempt === 1) continue;
        if (code === 'EISDIR' || code === 'ENOTDIR' || code === 'EEXIST' || code === 'ENOTEMPTY') {
          throw new StorageError(
            'BAD_KEY',
            'That key clashes with a folder of other keys on the local disk.',
            {
              cause: error,
            },
          );
        }
        throw unavailable(this.root, 'written', error);
      }
    }
    await syncFolder(path.dirname(target));
  }

  /** Removes the folders a delete left empty, up to (not including) the root. */
  private async removeEmptyFolders(folder: string): Promise<void> {
    for (let current = folder; current.startsWith(this.root + path.sep); current = path.dirname(current)) {
      try {
        await fs.rmdir(current);
      } catch {
        return; // Not empty (or already gone): the folders above are not empty either.
      }
    }
  }

  private async readFolder(folderKey: string) {
    try {
      return await fs.readdir(path.join(this.root, folderKey), { withFileTypes: true });
    } catch (error) {
      if (isAbsence(error)) return [];
      throw unavailable(this.root, 'read', error);
    }
  }

  private readFailure(error: unknown): StorageError {
    if (error instanceof StorageError) return error;
    return isAbsence(error) ? notFound() : unavailable(this.root, 'read', error);
  }
}

/** Best effort: some file systems cannot sync a folder, and the data itself is already synced. */
async function syncFolder(folder: string): Promise<void> {
  const handle = await fs.open(folder, 'r').catch(() => undefined);
  if (!handle) return;
  await handle.sync().catch(() => undefined);
  await handle.close().catch(() => undefined);
}

function notFound(): StorageError {
  return new StorageError('NOT_FOUND', 'There is no stored file under that key.');
}

function codeOf(error: unknown): string {
  if (error && typeof error === 'object') {
    const { code, name } = error as { code?: unknown; name?: unknown };
    if (typeof code === 'string') return code;
    if (typeof name === 'string') return name;
  }
  return 'unknown error';
}

/** No such file: the key's file, or a folder on its way, is missing (or is the wrong kind). */
function isAbsence(error: unknown): boolean {
  const code = codeOf(error);
  return code === 'ENOENT' || code === 'ENOTDIR' || code === 'EISDIR';
}

/** `UNAVAILABLE` with one sentence naming the folder, the cause and what to check. */
function unavailable(root: string, action: 'read' | 'written', error: unknown): StorageError {
  const code = codeOf(error);
  const folder = `The file storage folder ${root}`;
  let message: string;
  if (code === 'ENOSPC' || code === 'EDQUOT') {
    message = `${folder} is full (${code}): free some space or point FILES_DIR at a larger disk.`;
  } else if (code === 'EROFS') {
    message = `${folder} is on a read-only file system (EROFS): check FILES_DIR and how the volume is mounted.`;
  } else if (code === 'ENOTDIR' || code === 'EEXIST') {
    message = `${folder} is not a folder (${code}): check FILES_DIR.`;
  } else {
    message = `${folder} cannot be ${action} (${code}): check FILES_DIR and the folder's owner.`;
  }
  return new StorageError('UNAVAILABLE', message, { cause: error });
}
