import 'server-only';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  S3Client,
} from '@aws-sdk/client-s3';
import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
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
import { assertByteRange, readAll, sliceBytes } from './streams';
import { describeEndpoint, describeS3Failure, isMissingObject } from './s3-errors';
import { putInParts } from './s3-put';

/** How to reach the bucket (config.ts reads it from S3_* settings). */
export interface S3Config {
  /** An S3-compatible server's URL (MinIO, Garage, R2…); unset: AWS itself. */
  endpoint?: string;
  region: string;
  bucket: string;
  /** Both or neither; neither: the SDK's default chain (environment, profile, instance role). */
  accessKeyId?: string;
  secretAccessKey?: string;
  /** `https://host/bucket/key` rather than `https://bucket.host/key` (most self-hosted servers). */
  forcePathStyle: boolean;
  /** Every key is stored under this: '' or a prefix ending in '/' (S3_PREFIX). */
  prefix: string;
}

/** An endpoint that does not answer a connection within this is reported as unreachable. */
const CONNECTION_TIMEOUT_MS = 10_000;

/**
 * A store keeping each object in the bucket under `prefix + key`. Bodies stream through the meter
 * into one part-sized buffer sent as each part in turn (s3-put.ts; a single PUT below one part), so
 * memory stays at one part per upload whatever the size;
 * S3 replaces an object atomically, so writes go straight to the key. Failures are `StorageError`s
 * whose message names the setting to check, never the keys.
 */
export function createS3Store(config: S3Config): FileStore {
  return new S3Store(config);
}

class S3Store implements FileStore {
  readonly driver = 's3' as const;
  private readonly client: S3Client;

  constructor(private readonly config: S3Config) {
    const { accessKeyId, secretAccessKey } = config;
    this.client = new S3Client({
      region: config.region,
      endpoint: config.endpoint,
      forcePathStyle: config.forcePathStyle,
      credentials: accessKeyId && secretAccessKey ? { accessKeyId, secretAccessKey } : undefined,
      // S3-compatible servers often do not speak the newer flexible checksums: send them only when
      // an operation requires one. The meter's SHA-256 is the check that matters here.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
      requestHandler: { connectionTimeout: CONNECTION_TIMEOUT_MS },
    });
  }

  /**
   * Nothing is committed before the body has ended, so a body over the limit, a failing body or the
   * signal leave no object (an unfinished multipart upload is aborted). Once the whole body has
   * been read the commit (the last PUT) is finished rather than cut off halfway: a signal firing
   * during it does not undo the stored object, and `put` resolves.
   */
  async put(key: string, body: Readable, options: PutOptions): Promise<StoredObject> {
    checkBeforeReading(key, options);
    const meter = new ByteMeter(options.maxBytes);
    const failures = new FirstFailure().watch('source', body);
    const stop = new AbortController();
    const signal = options.signal ? AbortSignal.any([options.signal, stop.signal]) : stop.signal;
    const flowing = pipeline(body, meter, { signal });
    flowing.catch(() => undefined); // Settled below; a failure here also fails the upload.
    const target = { client: this.client, bucket: this.config.bucket, key: this.objectKey(key), signal };
    try {
      await putInParts(target, meter);
    } catch (error) {
      failures.record('store', error);
      // Make sure the body is never left half-read.
      stop.abort();
      await flowing.catch(() => undefined);
      throw classifyFlowFailure(meter, options, failures, (cause) => this.unavailable(cause));
    }
    await flowing;
    return meter.result();
  }

  async get(key: string, range?: ByteRange): Promise<Readable> {
    assertStorageKey(key);
    if (range) assertByteRange(range);
    try {
      const output = await this.client.send(
        new GetObjectCommand({
          Bucket: this.config.bucket,
          Key: this.objectKey(key),
          Range: range ? `bytes=${range.start}-${range.end}` : undefined,
        }),
      );
      if (!(output.Body instanceof Readable)) throw new TypeError('The S3 client returned no Node stream.');
      return range ? this.exactly(range, output.Body, output.ContentRange) : output.Body;
    } catch (error) {
      throw this.failure(error);
    }
  }

  async head(key: string): Promise<ObjectHead> {
    assertStorageKey(key);
    try {
      const output = await this.client.send(
        new HeadObjectCommand({ Bucket: this.config.bucket, Key: this.objectKey(key) }),
      );
      return { size: output.ContentLength ?? 0, modifiedAt: output.LastModified ?? new Date(0) };
    } catch (error) {
      throw this.failure(error);
    }
  }

  async delete(key: string): Promise<void> {
    assertStorageKey(key);
    try {
      await this.client.send(
        new DeleteObjectCommand({ Bucket: this.config.bucket, Key: this.objectKey(key) }),
      );
    } catch (error) {
      if (isMissingObject(error)) return;
      throw this.unavailable(error);
    }
  }

  async *list(prefix: string): AsyncIterable<{ key: string; size: number }> {
    assertKeyPrefix(prefix);
    let token: string | undefined;
    do {
      const page = await this.client
        .send(
          new ListObjectsV2Command({
            Bucket: this.config.bucket,
            Prefix: this.config.prefix + prefix,
            ContinuationToken: token,
          }),
        )
        .catch((error: unknown) => {
          throw this.unavailable(error);
        });
      for (const item of page.Contents ?? []) {
        const key = item.Key?.slice(this.config.prefix.length);
        if (key !== undefined && isStorageKey(key)) yield { key, size: item.Size ?? 0 };
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }

  async probe(): Promise<void> {
    const key = `probe/${randomBytes(8).toString('hex')}`;
    const bytes = randomBytes(32);
    let stored = false;
    try {
      await this.put(key, Readable.from([bytes]), { maxBytes: bytes.length });
      stored = true;
      const back = await readAll(await this.get(key));
      if (!back.equals(bytes)) throw this.differentBytes('gave back other bytes than were written');
      await this.delete(key);
    } catch (error) {
      if (stored) await this.delete(key).catch(() => undefined);
      if (error instanceof StorageError && error.code === 'UNAVAILABLE') throw error;
      if (error instanceof StorageError) throw this.differentBytes(`lost the probe object (${error.code})`);
      throw this.unavailable(error);
    }
  }

  /**
   * The bytes of `range` from a ranged GET's body. A server may ignore the Range header (a 200 with
   * the whole object) or serve a wider range (s3rver 3.7 treats `bytes=0-0` as `bytes=0-`): then the
   * body is cut to the range asked for.
   */
  private exactly(range: ByteRange, body: Readable, contentRange: string | undefined): Readable {
    const served = /^bytes (\d+)-(\d+)\//.exec(contentRange ?? '');
    const first = served ? Number(served[1]) : 0;
    if (served && first === range.start && Number(served[2]) === range.end) return body;
    if (first > range.start) {
      body.destroy();
      throw this.differentBytes(`answered a range read with bytes from ${first} on`);
    }
    return sliceBytes(body, range.start - first, range.end - range.start + 1);
  }

  private objectKey(key: string): string {
    return this.config.prefix + key;
  }

  private failure(error: unknown): StorageError {
    if (error instanceof StorageError) return error;
    if (isMissingObject(error)) {
      return new StorageError('NOT_FOUND', 'There is no stored file under that key.', { cause: error });
    }
    return this.unavailable(error);
  }

  private unavailable(error: unknown): StorageError {
    return new StorageError('UNAVAILABLE', describeS3Failure(error, this.config), { cause: error });
  }

  private differentBytes(what: string): StorageError {
    const where = `${describeEndpoint(this.config)} (bucket "${this.config.bucket}")`;
    return new StorageError('UNAVAILABLE', `The S3 store at ${where} ${what}: check S3_ENDPOINT.`);
  }
}
