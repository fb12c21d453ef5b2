import 'server-only';
import { expect, it } from 'vitest';
import {
  expectAbsent,
  expectStorageError,
  hashStream,
  MiB,
  patternBody,
  type StoreRef,
} from './contract-helpers';

/**
 * The all-or-nothing half of the contract (file-store.contract.ts): a body over the limit, an
 * aborted write or a failing body leaves nothing under the key, and `put` stops reading early.
 */
export function describeFailureContract(store: StoreRef): void {
  describeLimits(store);
  describeAborts(store);
}

function describeLimits(store: StoreRef): void {
  it('refuses a declared size over maxBytes before reading anything', async () => {
    const source = patternBody(2000);
    const put = store.current.put('declared', source.body, { maxBytes: 1000, declaredSize: 2000 });
    await expectStorageError(put, 'TOO_LARGE');
    expect(source.sent.bytes).toBe(0);
    await expectAbsent(store.current, 'declared');
  });

  it('refuses a body counted over maxBytes when no size was declared', async () => {
    const source = patternBody(1_000_000);
    await expectStorageError(store.current.put('counted', source.body, { maxBytes: 100_000 }), 'TOO_LARGE');
    await expectAbsent(store.current, 'counted');
  });

  it('refuses one byte over maxBytes', async () => {
    const source = patternBody(4097, { seed: 3 });
    await expectStorageError(store.current.put('one-over', source.body, { maxBytes: 4096 }), 'TOO_LARGE');
    await expectAbsent(store.current, 'one-over');
  });

  it('stops reading soon after a lying declared size is passed, past a multipart part', async () => {
    // 9 MiB allowed: on S3 at least one 8 MiB part is uploaded before the limit is reached.
    const source = patternBody(64 * MiB, { seed: 9 });
    const put = store.current.put('lying', source.body, { maxBytes: 9 * MiB, declaredSize: 1000 });
    await expectStorageError(put, 'TOO_LARGE');
    expect(source.sent.bytes).toBeGreaterThan(9 * MiB);
    expect(source.sent.bytes).toBeLessThan(12 * MiB);
    await expectAbsent(store.current, 'lying');
  });

  it('keeps the stored object when a replacement is too large', async () => {
    const first = patternBody(3000, { seed: 4 });
    const stored = await store.current.put('kept', first.body, { maxBytes: 5000 });
    expect(stored.sha256).toBe(first.sent.sha256());
    await expectStorageError(
      store.current.put('kept', patternBody(6000).body, { maxBytes: 5000 }),
      'TOO_LARGE',
    );
    expect(await hashStream(await store.current.get('kept'))).toEqual(stored);
  });
}

function describeAborts(store: StoreRef): void {
  it('stops with ABORTED when the signal fires mid-stream, storing nothing', async () => {
    const controller = new AbortController();
    const source = patternBody(40 * MiB, {
      seed: 13,
      afterChunk: (sent) => {
        if (sent >= 10 * MiB) controller.abort();
      },
    });
    const put = store.current.put('aborted', source.body, { maxBytes: 64 * MiB, signal: controller.signal });
    await expectStorageError(put, 'ABORTED');
    expect(source.sent.bytes).toBeLessThan(14 * MiB);
    await expectAbsent(store.current, 'aborted');
  });

  it('refuses a signal aborted before the put without reading', async () => {
    const source = patternBody(1000);
    const put = store.current.put('pre-aborted', source.body, {
      maxBytes: 2000,
      signal: AbortSignal.abort(),
    });
    await expectStorageError(put, 'ABORTED');
    expect(source.sent.bytes).toBe(0);
    await expectAbsent(store.current, 'pre-aborted');
  });

  it('stops with ABORTED when the body fails mid-way, storing nothing', async () => {
    const failure = new Error('The client went away.');
    const source = patternBody(1 * MiB, { failAfter: { bytes: 192 * 1024, error: failure } });
    const error = await expectStorageError(
      store.current.put('broken', source.body, { maxBytes: 2 * MiB }),
      'ABORTED',
    );
    expect(error.cause).toBe(failure);
    expect(source.sent.bytes).toBe(192 * 1024);
    await expectAbsent(store.current, 'broken');
  });

  it('stops with ABORTED when the body fails after a multipart part, storing nothing', async () => {
    const failure = new Error('The connection was reset.');
    const source = patternBody(20 * MiB, { seed: 17, failAfter: { bytes: 9 * MiB, error: failure } });
    const error = await expectStorageError(
      store.current.put('broken-late', source.body, { maxBytes: 32 * MiB }),
      'ABORTED',
    );
    expect(error.cause).toBe(failure);
    await expectAbsent(store.current, 'broken-late');
  });
}
