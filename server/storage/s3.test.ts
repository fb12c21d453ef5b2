import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectStorageError, listAll, MiB, patternBody, startLocalS3 } from './contract-helpers';
import { describeFileStoreContract } from './file-store.contract';
import type { FileStore } from './file-store';
import { createS3Store, type S3Config } from './s3';
import { describeS3Failure } from './s3-errors';

/**
 * The S3 driver against s3rver (a local S3 server on 127.0.0.1), or, when TEST_S3_ENDPOINT is set,
 * against that real store (with TEST_S3_BUCKET, TEST_S3_REGION, TEST_S3_ACCESS_KEY_ID and
 * TEST_S3_SECRET_ACCESS_KEY). Each test works under its own random prefix and removes it after.
 */
const real: S3Config | undefined = process.env.TEST_S3_ENDPOINT
  ? {
      endpoint: process.env.TEST_S3_ENDPOINT,
      region: process.env.TEST_S3_REGION || 'us-east-1',
      bucket: process.env.TEST_S3_BUCKET || 'tasklane-test',
      accessKeyId: process.env.TEST_S3_ACCESS_KEY_ID,
      secretAccessKey: process.env.TEST_S3_SECRET_ACCESS_KEY,
      forcePathStyle: process.env.TEST_S3_FORCE_PATH_STYLE !== 'false',
      prefix: '',
    }
  : undefined;

const BUCKET = 'tasklane-test';
let stopServer: (() => Promise<void>) | undefined;
let base: S3Config;

beforeAll(async () => {
  if (real) {
    base = real;
    return;
  }
  const local = await startLocalS3(BUCKET);
  stopServer = local.stop;
  base = {
    endpoint: local.endpoint,
    region: 'us-east-1',
    bucket: BUCKET,
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    forcePathStyle: true,
    prefix: '',
  };
});

afterAll(async () => {
  await stopServer?.();
});

function runPrefix(): string {
  return `tasklane-test-${randomBytes(6).toString('hex')}/`;
}

async function removeAll(store: FileStore): Promise<void> {
  for (const { key } of await listAll(store, '')) await store.delete(key);
}

describeFileStoreContract(real ? `S3 at ${real.endpoint}` : 'S3 (s3rver)', async () => {
  const store = createS3Store({ ...base, prefix: runPrefix() });
  return { store, cleanup: () => removeAll(store) };
});

/** A port on 127.0.0.1 nothing listens on (it was free a moment ago). */
async function closedPort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const address = probe.address();
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  if (!address || typeof address === 'string') throw new Error('No port.');
  return address.port;
}

describe('S3 store', () => {
  it('keeps every key under S3_PREFIX and strips it when listing', async () => {
    const prefix = runPrefix();
    const store = createS3Store({ ...base, prefix });
    const other = createS3Store({ ...base, prefix: runPrefix() });
    try {
      await store.put('a/b', patternBody(10).body, { maxBytes: 10 });
      const client = new S3Client({
        region: base.region,
        endpoint: base.endpoint,
        forcePathStyle: base.forcePathStyle,
        credentials:
          base.accessKeyId && base.secretAccessKey
            ? { accessKeyId: base.accessKeyId, secretAccessKey: base.secretAccessKey }
            : undefined,
      });
      const raw = await client.send(new ListObjectsV2Command({ Bucket: base.bucket, Prefix: prefix }));
      client.destroy();
      expect(raw.Contents?.map((item) => item.Key)).toEqual([`${prefix}a/b`]);
      expect(await listAll(store, '')).toEqual([{ key: 'a/b', size: 10 }]);
      expect(await listAll(other, '')).toEqual([]);
    } finally {
      await removeAll(store);
    }
  });

  it('names S3_BUCKET when the bucket does not exist', async () => {
    const store = createS3Store({ ...base, bucket: `missing-${randomBytes(4).toString('hex')}` });
    const error = await expectStorageError(store.probe(), 'UNAVAILABLE');
    expect(error.message).toMatch(
      /^The S3 bucket "missing-[0-9a-f]+" does not exist at .+: check S3_BUCKET\.$/,
    );
    const list = await expectStorageError(listAll(store, ''), 'UNAVAILABLE');
    expect(list.message).toContain('S3_BUCKET');
    await expectStorageError(store.get('some/key'), 'UNAVAILABLE');
  });

  it('names S3_ENDPOINT when nothing listens there, and stops reading the body', async () => {
    const port = await closedPort();
    const store = createS3Store({ ...base, endpoint: `http://127.0.0.1:${port}` });
    const error = await expectStorageError(store.probe(), 'UNAVAILABLE');
    expect(error.message).toBe(
      `The S3 endpoint http://127.0.0.1:${port} cannot be reached (ECONNREFUSED): check S3_ENDPOINT.`,
    );
    const source = patternBody(64 * MiB);
    const put = await expectStorageError(
      store.put('big', source.body, { maxBytes: 64 * MiB }),
      'UNAVAILABLE',
    );
    expect(put.message).toContain('S3_ENDPOINT');
    expect(source.sent.bytes).toBeLessThan(32 * MiB);
  });

  it('names the keys when the access key is unknown, without showing the secret', async () => {
    const secret = `secret-${randomBytes(8).toString('hex')}`;
    const store = createS3Store({ ...base, accessKeyId: 'NOT-A-KEY', secretAccessKey: secret });
    const error = await expectStorageError(store.probe(), 'UNAVAILABLE');
    expect(error.message).toBe(
      `The S3 store refused access to the bucket "${base.bucket}" (InvalidAccessKeyId): check ` +
        'S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY, or the bucket policy.',
    );
    expect(error.message).not.toContain(secret);
  });

  it('names the keys when the secret is wrong (a real store only)', async (context) => {
    context.skip(
      !real,
      's3rver does not verify V4 signatures, so a wrong secret with a known key id passes there; set TEST_S3_ENDPOINT to run this',
    );
    const secret = `wrong-${randomBytes(8).toString('hex')}`;
    const store = createS3Store({ ...base, secretAccessKey: secret });
    const error = await expectStorageError(store.probe(), 'UNAVAILABLE');
    expect(error.message).toContain('S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY');
    expect(error.message).not.toContain(secret);
  });
});

describe('describeS3Failure', () => {
  const place = {
    endpoint: 'https://user:hunter2@s3.example.com:9000/path?x=1',
    region: 'eu-west-3',
    bucket: 'files',
  };
  const sdkError = (name: string, status?: number, message = '') =>
    Object.assign(new Error(message), { name, $metadata: { httpStatusCode: status } });

  it('names S3_REGION for a redirect or a malformed header about the region', () => {
    expect(describeS3Failure(sdkError('PermanentRedirect', 301), place)).toBe(
      'The S3 bucket "files" is not in the region eu-west-3 (PermanentRedirect): check S3_REGION.',
    );
    const malformed = sdkError(
      'AuthorizationHeaderMalformed',
      400,
      "the region 'eu-west-3' is wrong; expecting 'us-east-1'",
    );
    expect(describeS3Failure(malformed, place)).toContain('check S3_REGION.');
    expect(describeS3Failure(sdkError('AuthorizationHeaderMalformed', 400, 'bad'), place)).toContain(
      'check S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY',
    );
  });

  it('names S3_ENDPOINT for timeouts and failed connections, showing only scheme and host', () => {
    const timeout = Object.assign(new Error('timed out'), { name: 'TimeoutError' });
    expect(describeS3Failure(timeout, place)).toBe(
      'The S3 endpoint https://s3.example.com:9000 cannot be reached (TimeoutError): check S3_ENDPOINT.',
    );
    const everyAddress = Object.assign(
      new AggregateError([Object.assign(new Error('x'), { code: 'ECONNREFUSED' })]),
    );
    expect(describeS3Failure(everyAddress, place)).toContain('(ECONNREFUSED): check S3_ENDPOINT.');
    const dns = Object.assign(new Error('getaddrinfo ENOTFOUND'), { code: 'ENOTFOUND' });
    expect(describeS3Failure(dns, { region: 'us-east-1', bucket: 'files' })).toBe(
      'The S3 endpoint AWS S3 (us-east-1) cannot be reached (ENOTFOUND): check S3_ENDPOINT.',
    );
    expect(describeS3Failure(timeout, place)).not.toContain('hunter2');
  });

  it('names the keys for AccessDenied and a bare 403, and the error name for anything else', () => {
    expect(describeS3Failure(sdkError('AccessDenied', 403), place)).toContain(
      '(AccessDenied): check S3_ACCESS_KEY_ID',
    );
    expect(describeS3Failure(sdkError('UnknownError', 403), place)).toContain('or the bucket policy.');
    expect(describeS3Failure(sdkError('SlowDown', 503), place)).toBe(
      'The S3 store at https://s3.example.com:9000 failed for the bucket "files" (SlowDown, HTTP 503): check S3_ENDPOINT, S3_BUCKET and S3_REGION.',
    );
    expect(describeS3Failure(sdkError('CredentialsProviderError'), place)).toContain('set S3_ACCESS_KEY_ID');
  });
});
