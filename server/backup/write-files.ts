import 'server-only';
import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';
import { StorageError, type FileStore } from '../storage';
import type { Executor } from '../db';
import {
  chunkLine,
  describeFile,
  FILE_CHUNK_BYTES,
  fileCount,
  fileRefOf,
  isPastUndo,
  listFiles,
  SKIP_REASON_TEXT,
  THUMBNAIL_MAX_BYTES,
  type FileRef,
  type SkipReason,
} from './file-refs';
import { backupError } from './format';
import { readTable } from './snapshot';
import type { BackupTable } from './tables';

/** A file whose bytes could not be backed up. */
export interface FileProblem {
  file: FileRef;
  reason: SkipReason;
}

export interface FilesWritten {
  /** Files (thumbnails included) whose bytes are in the backup, and their total size. */
  count: number;
  bytes: number;
  /** Files whose bytes are not (the backup fails on any, unless told to skip them). */
  skipped: FileProblem[];
  /** Thumbnails missing from the store (they are made again from their files): left out. */
  thumbnailsLeftOut: number;
}

/** Writes one line of the backup (hashed and compressed by the caller), waiting for room. */
export type WriteLine = (line: string) => Promise<void>;

/**
 * After the tables, in the same snapshot: every file of `task_attachments` (in key order, a page of
 * rows at a time) but those deleted past their Undo, as a file line and its bytes read from `store`
 * in base64 lines of FILE_CHUNK_BYTES, so memory stays flat whatever a file's size. Bytes that are
 * missing or differ from the row (size or SHA-256) get a skipped line and are returned in `skipped`.
 */
export async function writeFiles(
  db: Executor,
  table: BackupTable,
  store: FileStore,
  createdAt: string,
  write: WriteLine,
): Promise<FilesWritten> {
  const result: FilesWritten = { count: 0, bytes: 0, skipped: [], thumbnailsLeftOut: 0 };
  const byName = (row: Record<string, unknown>) => (name: string) => {
    const column = table.columns.find((entry) => entry.name === name);
    return column ? row[column.key] : null;
  };
  for await (const batch of readTable(db, table)) {
    for (const row of batch) {
      const file = fileRefOf(byName(row));
      if (isPastUndo(file, createdAt)) continue;
      await write(JSON.stringify({ file: file.key, size: file.size, sha256: file.sha256 }));
      const reason = await copyFile(store, file, write);
      if (reason) {
        await write(JSON.stringify({ skipped: file.key, reason }));
        result.skipped.push({ file, reason });
      } else {
        result.count += 1;
        result.bytes += file.size;
      }
      if (file.thumbnailKey) {
        const size = await copyThumbnail(store, file, write);
        if (size === undefined) result.thumbnailsLeftOut += 1;
        else {
          result.count += 1;
          result.bytes += size;
        }
      }
    }
  }
  return result;
}

/** The sentence a backup fails with when files could not be backed up. */
export function filesProblemMessage(problems: FileProblem[]): string {
  const named = problems.map(({ file, reason }) => `${describeFile(file)} (${SKIP_REASON_TEXT[reason]})`);
  return `${fileCount(problems.length)} could not be backed up, so no backup was written: ${listFiles(named)}; run "storage verify" to see every problem, or add --skip-missing-files to back up without them.`;
}

/** The bytes under `key`, or undefined when the store has none. */
async function openStored(store: FileStore, key: string): Promise<Readable | undefined> {
  try {
    return await store.get(key);
  } catch (error) {
    if (error instanceof StorageError && error.code === 'NOT_FOUND') return undefined;
    throw error;
  }
}

/** The store failed while a file was read: one sentence, naming it. */
function readFailure(file: FileRef, error: unknown): Error {
  if (error instanceof StorageError && error.code !== 'NOT_FOUND') return backupError(error.message);
  const message = error instanceof Error ? error.message : String(error);
  return backupError(
    `The file store failed while the file ${describeFile(file)} was read (${message.replace(/\.$/, '')}), so no backup was written.`,
  );
}

/**
 * Streams the file's bytes into base64 lines while hashing them; resolves to why they are not the
 * row's (missing, differs), or undefined. Never writes more bytes than the row's size: a longer
 * object stops being read there.
 */
async function copyFile(store: FileStore, file: FileRef, write: WriteLine): Promise<SkipReason | undefined> {
  const source = await openStored(store, file.key).catch((error: unknown) => {
    throw readFailure(file, error);
  });
  if (!source) return 'missing';
  const hash = createHash('sha256');
  const lines = new ChunkLines(write);
  let size = 0;
  let writing = false;
  try {
    for await (const data of source as AsyncIterable<Buffer | string>) {
      const chunk = Buffer.isBuffer(data) ? data : Buffer.from(data);
      size += chunk.length;
      // Leaving the loop destroys the source: the rest is not wanted.
      if (size > file.size) break;
      hash.update(chunk);
      writing = true;
      await lines.add(chunk);
      writing = false;
    }
  } catch (error) {
    // The backup's own output failing is not the store's fault.
    throw writing ? error : readFailure(file, error);
  }
  await lines.flush();
  return size === file.size && hash.digest('hex') === file.sha256 ? undefined : 'differs';
}

/**
 * A thumbnail (its row has no size or hash): read whole, at most THUMBNAIL_MAX_BYTES, then written
 * with the size and SHA-256 counted. Resolves to its size, or undefined when it is missing (or too
 * large to be one): a thumbnail is made again from its file, so it is left out rather than failing.
 */
async function copyThumbnail(store: FileStore, file: FileRef, write: WriteLine): Promise<number | undefined> {
  const key = file.thumbnailKey!;
  const source = await openStored(store, key).catch((error: unknown) => {
    throw readFailure(file, error);
  });
  if (!source) return undefined;
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const data of source as AsyncIterable<Buffer | string>) {
      const chunk = Buffer.isBuffer(data) ? data : Buffer.from(data);
      size += chunk.length;
      if (size > THUMBNAIL_MAX_BYTES) return undefined;
      chunks.push(chunk);
    }
  } catch (error) {
    throw readFailure(file, error);
  }
  const bytes = Buffer.concat(chunks);
  const sha256 = createHash('sha256').update(bytes).digest('hex');
  await write(JSON.stringify({ file: key, size, sha256, thumbnail: true }));
  for (let start = 0; start < size; start += FILE_CHUNK_BYTES) {
    await write(chunkLine(bytes.subarray(start, start + FILE_CHUNK_BYTES)));
  }
  return size;
}

/** Gathers a stream's pieces into lines of FILE_CHUNK_BYTES (the last one shorter). */
class ChunkLines {
  private pieces: Buffer[] = [];
  private length = 0;

  constructor(private readonly write: WriteLine) {}

  async add(chunk: Buffer): Promise<void> {
    this.pieces.push(chunk);
    this.length += chunk.length;
    if (this.length < FILE_CHUNK_BYTES) return;
    let whole = Buffer.concat(this.pieces);
    while (whole.length >= FILE_CHUNK_BYTES) {
      await this.write(chunkLine(whole.subarray(0, FILE_CHUNK_BYTES)));
      whole = whole.subarray(FILE_CHUNK_BYTES);
    }
    this.pieces = whole.length ? [whole] : [];
    this.length = whole.length;
  }

  async flush(): Promise<void> {
    if (this.length) await this.write(chunkLine(Buffer.concat(this.pieces)));
    this.pieces = [];
    this.length = 0;
  }
}
