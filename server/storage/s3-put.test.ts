import { GetObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { hashStream, MiB, patternBody, startLocalS3 } from './contract-helpers';
import { PART_SIZE, putInParts } from './s3-put';

/**
 * The part-by-part put against s3rver: where the single PUT ends and the parts begin, parts filled
 * from chunks that do not line up with them, one buffer shared by puts one after the other but never
 * by two at once, and a failed body leaving no object (s3rver cannot list unfinished multipart
 * uploads: the AbortMultipartUpload sent is what is checked).
 */
const BUCKET = 'tasklane-parts';
let stopServer: () => Promise<void>;
let client: S3Client;

beforeAll(async () => {
  const local = await startLocalS3(BUCKET);
  stopServer = local.stop;
  client = new S3Client({
    endpoint: local.endpoint,
    region: 'us-east-1',
    forcePathStyle: true,
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
});

afterAll(async () => {
  client.destroy();
  await stopServer();
});

function target(key = `k-${randomBytes(4).toString('hex')}`) {
  return { client, bucket: BUCKET, key, signal: new AbortController().signal };
}

/** The commands `run` sends, by name (PutObjectCommand, UploadPartCommand…). */
async function commandsOf(run: () => Promise<void>): Promise<string[]> {
  const send = vi.spyOn(client, 'send');
  try {
    await run();
    return send.mock.calls.map(([command]) => command.constructor.name);
  } finally {
    send.mockRestore();
  }
}

async function stored(key: string): Promise<{ size: number; sha256: string }> {
  const output = await client.send(new GetObjectCommand({ Bucket: BUCKET, Key: key }));
  return hashStream(output.Body as Readable);
}

describe('putInParts', () => {
  const sizes: Array<[number, string[]]> = [
    [0, ['PutObjectCommand']],
    [1, ['PutObjectCommand']],
    [PART_SIZE - 1, ['PutObjectCommand']],
    [PART_SIZE, ['PutObjectCommand']],
    [
      PART_SIZE + 1,
      [
        'CreateMultipartUploadCommand',
        'UploadPartCommand',
        'UploadPartCommand',
        'CompleteMultipartUploadCommand',
      ],
    ],
    [
      2 * PART_SIZE,
      [
        'CreateMultipartUploadCommand',
        'UploadPartCommand',
        'UploadPartCommand',
        'CompleteMultipartUploadCommand',
      ],
    ],
    [
      2 * PART_SIZE + 7,
      [
        'CreateMultipartUploadCommand',
        'UploadPartCommand',
        'UploadPartCommand',
        'UploadPartCommand',
        'CompleteMultipartUploadCommand',
      ],
    ],
  ];

  it.each(sizes)('stores %i bytes whole, sent as %j', async (size, expected) => {
    // Chunks of a prime size: no part boundary falls on a chunk boundary.
    const source = patternBody(size, { seed: size + 1, chunkSize: 100_003 });
    const where = target();
    expect(await commandsOf(() => putInParts(where, source.body))).toEqual(expected);
    expect(await stored(where.key)).toEqual({ size, sha256: source.sent.sha256() });
  });

  it('gives every put of several at once its own buffer', async () => {
    const sources = [1, 2, 3].map((seed) =>
      patternBody(PART_SIZE * 2 + seed * 1000, { seed, chunkSize: 65_537 }),
    );
    const where = sources.map(() => target());
    await Promise.all(sources.map((source, i) => putInParts(where[i]!, source.body)));
    for (const [i, source] of sources.entries()) {
      expect(await stored(where[i]!.key)).toEqual({ size: source.sent.bytes, sha256: source.sent.sha256() });
    }
  });

  it('leaves no object when the body fails after a part (the parts aborted), and the next put is whole', async () => {
    const failure = new Error('The connection was reset.');
    const broken = patternBody(3 * PART_SIZE, {
      seed: 5,
      failAfter: { bytes: PART_SIZE + MiB, error: failure },
    });
    const where = target();
    const send = vi.spyOn(client, 'send');
    await expect(putInParts(where, broken.body)).rejects.toBe(failure);
    const names = send.mock.calls.map(([command]) => command.constructor.name);
    send.mockRestore();
    expect(names).toEqual([
      'CreateMultipartUploadCommand',
      'UploadPartCommand',
      'AbortMultipartUploadCommand',
    ]);
    await expect(stored(where.key)).rejects.toMatchObject({ name: 'NoSuchKey' });

    const next = patternBody(PART_SIZE + 3, { seed: 6, chunkSize: 4099 });
    const again = target();
    await putInParts(again, next.body);
    expect(await stored(again.key)).toEqual({ size: PART_SIZE + 3, sha256: next.sent.sha256() });
  });

  it('stops with the signal before the commit, aborting the parts sent', async () => {
    const controller = new AbortController();
    const where = { ...target(), signal: controller.signal };
    const source = patternBody(4 * PART_SIZE, {
      seed: 7,
      afterChunk: (sent) => {
        if (sent > PART_SIZE + 2 * MiB) controller.abort(new Error('Cancelled.'));
      },
    });
    const body = Readable.from(
      (async function* () {
        for await (const chunk of source.body) {
          if (controller.signal.aborted) throw controller.signal.reason;
          yield chunk as Buffer;
        }
      })(),
    );
    await expect(putInParts(where, body)).rejects.toThrow('Cancelled.');
    await expect(stored(where.key)).rejects.toMatchObject({ name: 'NoSuchKey' });
    expect(source.sent.bytes).toBeLessThan(4 * PART_SIZE);
  });
});
