import 'server-only';
import type { Readable } from 'node:stream';

/**
 * Where attachment bytes live (docs/decisions/0051-file-storage.md): one interface, two drivers —
 * the local disk under the data folder (the default, ./local-disk.ts) and S3-compatible object
 * storage (`STORAGE=s3`, ./s3.ts). Keys are opaque to the drivers: `[a-z0-9/._-]`, no `..`, no
 * leading `/`, at most 512 characters (`isStorageKey`). The database says which files exist; the
 * store only holds their bytes.
 */

/** What a stored object is: its length in bytes and the SHA-256 of its bytes (lower-case hex). */
export interface StoredObject {
  size: number;
  sha256: string;
}

export interface PutOptions {
  /**
   * The most bytes the object may have: one byte more and `put` stops reading, stores nothing and
   * throws `StorageError` with code `TOO_LARGE`.
   */
  maxBytes: number;
  /** The length the sender declared, when known: over `maxBytes` is refused before reading. */
  declaredSize?: number;
  /** Aborts the write (a cancelled upload): nothing is stored. */
  signal?: AbortSignal;
}

/** A byte range, both ends inclusive, as in an HTTP `Range: bytes=start-end`. */
export interface ByteRange {
  start: number;
  end: number;
}

export interface ObjectHead {
  size: number;
  /** When the store wrote it (local disk: the file's modification time). */
  modifiedAt: Date;
}

export type StorageErrorCode =
  /** More bytes than `maxBytes` (declared or counted): nothing was stored. */
  | 'TOO_LARGE'
  /** `get`/`head` of a key the store does not hold. */
  | 'NOT_FOUND'
  /** The write was aborted (the signal, or the source stream failed): nothing was stored. */
  | 'ABORTED'
  /** The store refused or could not be reached; the message names the setting to check. */
  | 'UNAVAILABLE'
  /** A key outside `isStorageKey`. */
  | 'BAD_KEY';

export class StorageError extends Error {
  constructor(
    readonly code: StorageErrorCode,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'StorageError';
  }
}

export interface FileStore {
  /** `local` or `s3`: for logs, the admin's usage view and the backup's manifest. */
  readonly driver: 'local' | 's3';
  /**
   * Streams `body` into the object `key` (replacing one there), hashing and counting on the way.
   * Never holds the whole body in memory. All or nothing: on any failure (too large, aborted, the
   * source erroring, the store refusing) no object is left under `key` and no temporary remains.
   */
  put(key: string, body: Readable, options: PutOptions): Promise<StoredObject>;
  /** The object's bytes (or the inclusive `range` of them) as a stream; `NOT_FOUND` when absent. */
  get(key: string, range?: ByteRange): Promise<Readable>;
  /** Its size and time; `NOT_FOUND` when absent. */
  head(key: string): Promise<ObjectHead>;
  /** Removes it; removing an absent key is not an error. */
  delete(key: string): Promise<void>;
  /** Every key under `prefix` (all keys for ''), with sizes, in no promised order. */
  list(prefix: string): AsyncIterable<{ key: string; size: number }>;
  /**
   * The start-up check: writes, reads back and deletes a small probe object. Throws `StorageError`
   * `UNAVAILABLE` whose message is one sentence naming the setting to check (the bucket, the keys,
   * the endpoint, the region, the folder's permissions).
   */
  probe(): Promise<void>;
}

const KEY_PATTERN = /^[a-z0-9][a-z0-9._/-]{0,511}$/;

/** A key the drivers accept: lower-case letters, digits, `.`, `_`, `-`, `/`; no `..`, no empty part. */
export function isStorageKey(key: string): boolean {
  return (
    KEY_PATTERN.test(key) && !key.split('/').some((part) => part === '' || part === '.' || part === '..')
  );
}

/** Throws `BAD_KEY` for a key outside `isStorageKey`. */
export function assertStorageKey(key: string): void {
  if (!isStorageKey(key)) throw new StorageError('BAD_KEY', 'That is not a valid storage key.');
}
