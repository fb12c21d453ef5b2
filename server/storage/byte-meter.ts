import 'server-only';
import { createHash } from 'node:crypto';
import type { EventEmitter } from 'node:events';
import { Transform, type TransformCallback } from 'node:stream';
import { isStorageKey, StorageError, type PutOptions, type StoredObject } from './file-store';

/**
 * What both drivers share on the way in: the byte meter every body passes through, the checks made
 * before reading anything, and the sorting of a failed write into the interface's error codes.
 */

/** The error `put` throws for a body over its limit (declared or counted). */
export function tooLarge(maxBytes: number): StorageError {
  return new StorageError('TOO_LARGE', `The file is larger than the limit of ${maxBytes} bytes.`);
}

/**
 * Passes the bytes through unchanged while counting and hashing them; one byte past `maxBytes`
 * and it fails with `TOO_LARGE` instead of passing that chunk on, so the store never sees it.
 */
export class ByteMeter extends Transform {
  private readonly hash = createHash('sha256');
  private count = 0;
  /** Set once the count went past the limit (the meter then failed with TOO_LARGE). */
  exceeded = false;

  constructor(private readonly maxBytes: number) {
    super();
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    this.count += chunk.length;
    if (this.count > this.maxBytes) {
      this.exceeded = true;
      callback(tooLarge(this.maxBytes));
      return;
    }
    this.hash.update(chunk);
    callback(null, chunk);
  }

  /** The size and SHA-256 of everything that passed; call once, after the stream ended. */
  result(): StoredObject {
    return { size: this.count, sha256: this.hash.digest('hex') };
  }
}

/**
 * The checks made before reading the body: a valid key, a sane limit, a declared size within it and
 * a signal not yet aborted. The body is left untouched when one fails.
 */
export function checkBeforeReading(key: string, options: PutOptions): void {
  if (!isStorageKey(key)) throw new StorageError('BAD_KEY', 'That is not a valid storage key.');
  const { maxBytes, declaredSize, signal } = options;
  if (!Number.isSafeInteger(maxBytes) || maxBytes < 0) {
    throw new RangeError('maxBytes must be a whole number of bytes, 0 or more.');
  }
  if (declaredSize !== undefined && declaredSize > maxBytes) throw tooLarge(maxBytes);
  if (signal?.aborted) throw aborted(signal.reason);
}

/** The error `put` throws when its signal fired or its body failed: nothing was stored. */
export function aborted(cause: unknown): StorageError {
  return new StorageError('ABORTED', 'The upload was cancelled before it finished.', { cause });
}

/**
 * Which side of a write failed first: the caller's body (`source`) or the store (`store`). Each
 * side's failure makes the pipeline destroy the other with the same error, so only the first one
 * says whose fault it was. The listeners stay on (a late error on a finished body must not crash).
 */
export class FirstFailure {
  private first: { side: 'source' | 'store'; error: unknown } | undefined;

  /** Records the first 'error' `emitter` emits, as `side`. */
  watch(side: 'source' | 'store', emitter: EventEmitter): this {
    emitter.on('error', (error: unknown) => this.record(side, error));
    return this;
  }

  /** Records a failure seen some other way (a rejected promise), unless one came first. */
  record(side: 'source' | 'store', error: unknown): void {
    this.first ??= { side, error };
  }

  /** The side that failed first and its error, if any did. */
  get(): { side: 'source' | 'store'; error: unknown } | undefined {
    return this.first;
  }
}

/**
 * The interface's error for a write that failed while the body was flowing: too large wins, then
 * the caller's signal, then whichever side failed first (`storeFailure` describes the store's).
 */
export function classifyFlowFailure(
  meter: ByteMeter,
  options: PutOptions,
  failures: FirstFailure,
  storeFailure: (error: unknown) => StorageError,
): StorageError {
  if (meter.exceeded) return tooLarge(options.maxBytes);
  if (options.signal?.aborted) return aborted(options.signal.reason);
  const first = failures.get();
  if (first?.side === 'store') {
    return first.error instanceof StorageError ? first.error : storeFailure(first.error);
  }
  return aborted(first?.error);
}

/** A key prefix `list` accepts: '' or the start of a valid key (no `..`, no leading `/`). */
export function assertKeyPrefix(prefix: string): void {
  const folder = prefix.slice(0, prefix.lastIndexOf('/') + 1).replace(/\/$/, '');
  const rest = prefix.slice(prefix.lastIndexOf('/') + 1);
  const folderOk = folder === '' ? !prefix.startsWith('/') : isStorageKey(folder);
  // The last part may be any start of a part ('.' could begin '.x'): it names no folder to enter.
  const restOk = /^[a-z0-9._-]*$/.test(rest);
  if (!folderOk || !restOk) throw new StorageError('BAD_KEY', 'That is not a valid storage key prefix.');
}
