import 'server-only';
import { createHash } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import S3rver from 's3rver';
import { expect } from 'vitest';
import { readAll } from './streams';
import { StorageError, type FileStore, type StorageErrorCode } from './file-store';

/**
 * Bodies and checks for the file store contract (file-store.contract.ts) and the drivers' own
 * tests. Test code only: nothing in the app imports it.
 */

/** The test's store, rebuilt before each test. */
export type StoreRef = { readonly current: FileStore };

export { readAll } from './streams';

export const KiB = 1024;
export const MiB = 1024 * KiB;

/** The lower-case hex SHA-256 of `bytes`. */
export function sha256(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}

/** What a generated body has handed out so far: its byte count and the SHA-256 of those bytes. */
export interface Sent {
  readonly bytes: number;
  /** The SHA-256 of everything handed out; call once the body has ended. */
  sha256(): string;
}

export interface PatternOptions {
  /** Picks the pattern: the same seed and size always give the same bytes. */
  seed?: number;
  chunkSize?: number;
  /** Called after each chunk is handed out, with the bytes handed out so far. */
  afterChunk?: (sentBytes: number) => void;
  /** Throws this instead of the next chunk once this many bytes were handed out. */
  failAfter?: { bytes: number; error: Error };
}

/**
 * A body of `size` pseudo-random bytes (xorshift32 from `seed`, little-endian words), generated a
 * chunk at a time so it is never in memory whole. `sent` counts and hashes what was handed out.
 */
export function patternBody(size: number, options: PatternOptions = {}): { body: Readable; sent: Sent } {
  const { seed = 1, chunkSize = 64 * KiB, afterChunk, failAfter } = options;
  const hash = createHash('sha256');
  let bytes = 0;
  let digest: string | undefined;
  let state = seed >>> 0 || 1;
  async function* generate() {
    while (bytes < size) {
      if (failAfter && bytes >= failAfter.bytes) throw failAfter.error;
      const length = Math.min(chunkSize, size - bytes);
      const chunk = Buffer.alloc(Math.ceil(length / 4) * 4);
      for (let offset = 0; offset < chunk.length; offset += 4) {
        state ^= state << 13;
        state ^= state >>> 17;
        state ^= state << 5;
        chunk.writeUInt32LE(state >>> 0, offset);
      }
      const piece = chunk.subarray(0, length);
      bytes += length;
      hash.update(piece);
      yield piece;
      afterChunk?.(bytes);
    }
  }
  const sent: Sent = {
    get bytes() {
      return bytes;
    },
    sha256: () => (digest ??= hash.digest('hex')),
  };
  return { body: Readable.from(generate()), sent };
}

/** The whole pattern body in one buffer (for small expected values, such as range checks). */
export async function patternBytes(size: number, seed = 1): Promise<Buffer> {
  return readAll(patternBody(size, { seed }).body);
}

/** A body that hands out `bytes` in one chunk, with what was sent. */
export function bytesBody(bytes: Buffer): { body: Readable; sent: Sent } {
  let handed = 0;
  async function* generate() {
    handed = bytes.length;
    if (bytes.length > 0) yield bytes;
  }
  const sent: Sent = {
    get bytes() {
      return handed;
    },
    sha256: () => sha256(bytes),
  };
  return { body: Readable.from(generate()), sent };
}

/** The size and SHA-256 of what a stream gives, read chunk by chunk. */
export async function hashStream(stream: Readable): Promise<{ size: number; sha256: string }> {
  const hash = createHash('sha256');
  let size = 0;
  for await (const chunk of stream) {
    const bytes = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk);
    size += bytes.length;
    hash.update(bytes);
  }
  return { size, sha256: hash.digest('hex') };
}

/** Expects `promise` to reject with a StorageError of `code`, and returns that error. */
export async function expectStorageError(
  promise: Promise<unknown>,
  code: StorageErrorCode,
): Promise<StorageError> {
  const outcome = await promise.then(
    () => ({ resolved: true as const }),
    (error: unknown) => ({ resolved: false as const, error }),
  );
  expect(outcome.resolved, `expected ${code}, but it succeeded`).toBe(false);
  const error = outcome.resolved ? undefined : outcome.error;
  expect(error).toBeInstanceOf(StorageError);
  expect((error as StorageError).code).toBe(code);
  return error as StorageError;
}

/** Everything `list(prefix)` yields, sorted by key. */
export async function listAll(
  store: FileStore,
  prefix: string,
): Promise<Array<{ key: string; size: number }>> {
  const items: Array<{ key: string; size: number }> = [];
  for await (const item of store.list(prefix)) items.push(item);
  return items.sort((a, b) => a.key.localeCompare(b.key));
}

/** Expects the store not to hold `key`: `head` and `get` say NOT_FOUND and `list` does not show it. */
export async function expectAbsent(store: FileStore, key: string): Promise<void> {
  await expectStorageError(store.head(key), 'NOT_FOUND');
  await expectStorageError(store.get(key), 'NOT_FOUND');
  expect((await listAll(store, '')).map((item) => item.key)).not.toContain(key);
}

/**
 * s3rver (a local S3-compatible server, tests only) on a free 127.0.0.1 port with `bucket`, its
 * objects in a temporary folder; `stop` closes it and removes the folder. Accepts the keys S3RVER/S3RVER.
 */
export async function startLocalS3(bucket: string): Promise<{ endpoint: string; stop: () => Promise<void> }> {
  const folder = await mkdtemp(path.join(tmpdir(), 'tasklane-s3rver-'));
  const server = new S3rver({
    port: 0,
    address: '127.0.0.1',
    silent: true,
    directory: folder,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = await server.run();
  return {
    endpoint: `http://127.0.0.1:${port}`,
    stop: async () => {
      await server.close();
      await rm(folder, { recursive: true, force: true });
    },
  };
}
