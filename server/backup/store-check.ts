import 'server-only';
import { createHash } from 'node:crypto';
import { getFileStore, StorageError, type FileStore } from '../storage';
import { describeFile, type FileRef } from './file-refs';
import { backupError } from './format';

/** The configured file store; settings that cannot be read are one sentence (a backupError). */
export function configuredStore(): FileStore {
  try {
    return getFileStore();
  } catch (error) {
    throw backupError(error instanceof Error ? error.message : String(error));
  }
}

/** Runs `work` on every item, at most `limit` at a time; the first failure rejects (after the running ones end). */
export async function eachLimit<T>(
  items: readonly T[],
  limit: number,
  work: (item: T) => Promise<void>,
): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await work(items[next++]!);
  };
  const results = await Promise.allSettled(Array.from({ length: Math.min(limit, items.length) }, worker));
  const failed = results.find((result) => result.status === 'rejected');
  if (failed) throw failed.reason;
}

/** The size and SHA-256 of what `store` holds under `key`, read through; undefined when it holds nothing. */
export async function hashStored(
  store: FileStore,
  key: string,
): Promise<{ size: number; sha256: string } | undefined> {
  let source;
  try {
    source = await store.get(key);
  } catch (error) {
    if (error instanceof StorageError && error.code === 'NOT_FOUND') return undefined;
    throw error;
  }
  const hash = createHash('sha256');
  let size = 0;
  for await (const data of source as AsyncIterable<Buffer | string>) {
    const chunk = Buffer.isBuffer(data) ? data : Buffer.from(data);
    size += chunk.length;
    hash.update(chunk);
  }
  return { size, sha256: hash.digest('hex') };
}

/** What the store holds under a key: its size, or undefined for nothing. */
async function storedSize(store: FileStore, key: string): Promise<number | undefined> {
  try {
    return (await store.head(key)).size;
  } catch (error) {
    if (error instanceof StorageError && error.code === 'NOT_FOUND') return undefined;
    throw error;
  }
}

/** A file whose stored bytes are not its row's: their size (and hash, when read). */
export interface Mismatch {
  file: FileRef;
  size: number;
  sha256?: string;
}

export interface StoreCheck {
  missing: FileRef[];
  mismatched: Mismatch[];
}

/** Up to this many files are looked up one by one (HEAD); more, and the store is listed once. */
const LOOKUP_LIMIT = 200;

/**
 * Whether `store` holds each file's bytes under its key with its row's size, and with `hash` its
 * SHA-256 too (every byte read). A few files are looked up one by one, more by listing the store.
 */
export async function checkStored(
  store: FileStore,
  files: readonly FileRef[],
  options: { hash?: boolean } = {},
): Promise<StoreCheck> {
  const sizes = new Map<string, number>();
  if (files.length <= LOOKUP_LIMIT) {
    await eachLimit(files, 8, async (file) => {
      const size = await storedSize(store, file.key);
      if (size !== undefined) sizes.set(file.key, size);
    });
  } else {
    const wanted = new Set(files.map((file) => file.key));
    for await (const { key, size } of store.list('')) if (wanted.has(key)) sizes.set(key, size);
  }
  const check: StoreCheck = { missing: [], mismatched: [] };
  const sameSize: FileRef[] = [];
  for (const file of files) {
    const size = sizes.get(file.key);
    if (size === undefined) check.missing.push(file);
    else if (size !== file.size) check.mismatched.push({ file, size });
    else sameSize.push(file);
  }
  if (options.hash) {
    await eachLimit(sameSize, 4, async (file) => {
      const stored = await hashStored(store, file.key);
      if (!stored) check.missing.push(file);
      else if (stored.sha256 !== file.sha256) check.mismatched.push({ file, ...stored });
    });
  }
  return check;
}

/** How a mismatch reads in a message: `"a.pdf" of task t1 (10 bytes stored, 12 in its row)`. */
export function describeMismatch({ file, size, sha256 }: Mismatch): string {
  const what =
    size !== file.size
      ? `${size} bytes stored, ${file.size} in its row`
      : `stored SHA-256 ${sha256?.slice(0, 12)}…, ${file.sha256.slice(0, 12)}… in its row`;
  return `${describeFile(file)} (${what})`;
}
