import 'server-only';
import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CreateMultipartUploadCommand,
  PutObjectCommand,
  UploadPartCommand,
  type CompletedPart,
  type S3Client,
} from '@aws-sdk/client-s3';
import type { Readable } from 'node:stream';

/**
 * Writing one object from a stream with a single part-sized buffer (ADR 0051): the body fills the
 * buffer; a body that ends before it is full is one PutObject, a longer one a multipart upload whose
 * parts are each sent from that same buffer, one at a time, before it is filled again. lib-storage,
 * which this replaces, assembled every part with `Buffer.concat` into a new buffer: five 25 MB
 * uploads left about 30 MB of parts waiting for a full collection (docs/benchmarks.md).
 */

/** The size of a part: S3's minimum for every part but the last, 5 MiB. */
export const PART_SIZE = 5 * 1024 * 1024;
/** Free part buffers kept for the next uploads: the memory a quiet server keeps is at most this many parts. */
const KEPT_BUFFERS = 2;
const freeBuffers: Buffer[] = [];

/** Where the object goes, and the signal that may cut a part short (never the commit). */
export interface PartedPutTarget {
  client: S3Client;
  bucket: string;
  key: string;
  signal: AbortSignal;
}

/**
 * Sends everything `body` yields to `target`, committing the object only after the body ended:
 * a body that fails (the meter's limit, the caller's signal) leaves nothing, and a multipart upload
 * begun is aborted. The commit itself (the single PUT, or the last part and Complete) is not cut by
 * the signal, so an object is either wholly stored or not at all.
 */
export async function putInParts(target: PartedPutTarget, body: Readable): Promise<void> {
  const buffer = freeBuffers.pop() ?? Buffer.allocUnsafeSlow(PART_SIZE);
  const reader = new PartReader(body, buffer);
  let uploadId: string | undefined;
  let reusable = false;
  try {
    let filled = await reader.fill();
    if (reader.ended) {
      await putWhole(target, buffer.subarray(0, filled));
      reusable = true;
      return;
    }
    uploadId = await startParts(target);
    const parts: CompletedPart[] = [];
    while (filled > 0) {
      // The part in hand is the last once the body has ended: it is part of the commit.
      const last = reader.ended;
      parts.push(await sendPart(target, uploadId, parts.length + 1, buffer.subarray(0, filled), last));
      filled = last ? 0 : await reader.fill();
    }
    await finishParts(target, uploadId, parts);
    uploadId = undefined;
    reusable = true;
  } catch (error) {
    if (uploadId) await abortParts(target, uploadId);
    throw error;
  } finally {
    reader.release();
    // After a failure a cut request might still hold the buffer: it is left to the collector.
    if (reusable && freeBuffers.length < KEPT_BUFFERS) freeBuffers.push(buffer);
  }
}

/** Fills one buffer at a time from a byte stream, keeping what did not fit for the next fill. */
class PartReader {
  private readonly chunks: AsyncIterator<Buffer>;
  private rest: Buffer | undefined;
  ended = false;

  constructor(
    body: Readable,
    private readonly buffer: Buffer,
  ) {
    this.chunks = body[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
  }

  /** Fills the buffer from its start; the bytes now in it (fewer than its size only at the end). */
  async fill(): Promise<number> {
    let filled = 0;
    while (filled < this.buffer.length) {
      const chunk = this.rest ?? (await this.next());
      this.rest = undefined;
      if (!chunk) break;
      const taken = chunk.copy(this.buffer, filled);
      filled += taken;
      if (taken < chunk.length) this.rest = chunk.subarray(taken);
    }
    // A full buffer with nothing left over may still be the end: look once more, so that the last
    // part is known to be the last before it is sent.
    if (filled === this.buffer.length && !this.rest && !this.ended) this.rest = await this.next();
    return filled;
  }

  /** Stops reading: the iterator's return destroys the body, if it is still flowing. */
  release(): void {
    this.rest = undefined;
    void this.chunks.return?.().catch(() => undefined);
  }

  private async next(): Promise<Buffer | undefined> {
    if (this.ended) return undefined;
    const step = await this.chunks.next();
    if (step.done) this.ended = true;
    return step.done ? undefined : step.value;
  }
}

async function putWhole(target: PartedPutTarget, bytes: Buffer): Promise<void> {
  await target.client.send(
    new PutObjectCommand({
      Bucket: target.bucket,
      Key: target.key,
      Body: bytes,
      ContentLength: bytes.length,
    }),
  );
}

async function startParts(target: PartedPutTarget): Promise<string> {
  const started = await target.client.send(
    new CreateMultipartUploadCommand({ Bucket: target.bucket, Key: target.key }),
    { abortSignal: target.signal },
  );
  if (!started.UploadId) throw new TypeError('The S3 store started a multipart upload without an id.');
  return started.UploadId;
}

async function sendPart(
  target: PartedPutTarget,
  uploadId: string,
  partNumber: number,
  bytes: Buffer,
  last: boolean,
): Promise<CompletedPart> {
  const sent = await target.client.send(
    new UploadPartCommand({
      Bucket: target.bucket,
      Key: target.key,
      UploadId: uploadId,
      PartNumber: partNumber,
      Body: bytes,
      ContentLength: bytes.length,
    }),
    last ? {} : { abortSignal: target.signal },
  );
  return { PartNumber: partNumber, ETag: sent.ETag };
}

async function finishParts(target: PartedPutTarget, uploadId: string, parts: CompletedPart[]): Promise<void> {
  await target.client.send(
    new CompleteMultipartUploadCommand({
      Bucket: target.bucket,
      Key: target.key,
      UploadId: uploadId,
      MultipartUpload: { Parts: parts },
    }),
  );
}

/** Best effort: a store that cannot be reached now keeps the parts until its own lifecycle rule. */
async function abortParts(target: PartedPutTarget, uploadId: string): Promise<void> {
  await target.client
    .send(new AbortMultipartUploadCommand({ Bucket: target.bucket, Key: target.key, UploadId: uploadId }))
    .catch(() => undefined);
}
