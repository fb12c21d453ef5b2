import 'server-only';
import { Readable } from 'node:stream';
import type { ByteRange } from './file-store';

/** Throws a RangeError unless `0 <= start <= end` are whole numbers (callers keep ranges inside the object). */
export function assertByteRange(range: ByteRange): void {
  const { start, end } = range;
  if (!Number.isSafeInteger(start) || !Number.isSafeInteger(end) || start < 0 || end < start) {
    throw new RangeError('A byte range needs whole numbers with 0 <= start <= end.');
  }
}

/** The whole stream in one buffer: only for small things (the probe, tests). */
export async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk));
  return Buffer.concat(chunks);
}

async function* slice(source: Readable, skip: number, length: number): AsyncGenerator<Buffer> {
  let toSkip = skip;
  let left = length;
  // Leaving the loop early destroys the source (the rest is not wanted).
  for await (const data of source) {
    let chunk: Buffer = Buffer.isBuffer(data) ? data : Buffer.from(data);
    if (toSkip >= chunk.length) {
      toSkip -= chunk.length;
      continue;
    }
    chunk = chunk.subarray(toSkip, toSkip + left);
    toSkip = 0;
    left -= chunk.length;
    if (chunk.length > 0) yield chunk;
    if (left === 0) return;
  }
}

/** `length` bytes of `source` after skipping `skip`, as a byte stream; the source is read no further. */
export function sliceBytes(source: Readable, skip: number, length: number): Readable {
  return Readable.from(slice(source, skip, length), { objectMode: false });
}
