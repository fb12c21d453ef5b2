import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { backoffMs, createSyncLoop, type SyncLoopOptions } from './sync-loop';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

function loopWith(cycle: () => Promise<void>, overrides: Partial<SyncLoopOptions> = {}) {
  const events: string[] = [];
  const loop = createSyncLoop({
    isActive: () => true,
    canRun: () => true,
    cycle,
    onSuccess: () => events.push('ok'),
    onFailure: () => {
      events.push('failed');
      return 'retry';
    },
    afterCycle: () => events.push('after'),
    pollMs: () => 4_000,
    random: () => 1,
    ...overrides,
  });
  return { loop, events };
}

describe('createSyncLoop', () => {
  it('runs one cycle at a time; one asked for meanwhile runs right after', async () => {
    let release: () => void = () => {};
    let runs = 0;
    const { loop } = loopWith(() => {
      runs++;
      return new Promise<void>((resolve) => (release = resolve));
    });
    const first = loop.runNow();
    void loop.runNow();
    expect(runs).toBe(1);
    release();
    await first;
    await vi.advanceTimersByTimeAsync(0);
    expect(runs).toBe(2);
    loop.stop();
  });

  it('resume while a cycle runs: that cycle failing (sent before the network came back) is retried at once', async () => {
    let release: (error?: Error) => void = () => {};
    let runs = 0;
    const { loop } = loopWith(() => {
      runs++;
      return new Promise<void>(
        (resolve, reject) => (release = (error) => (error ? reject(error) : resolve())),
      );
    });
    // Offline for a while: the failures pile up, so the next backoff would be long.
    for (let attempt = 0; attempt < 4; attempt++) {
      const cycle = loop.runNow();
      release(new Error('offline'));
      await cycle;
    }
    expect(loop.failures()).toBe(4);
    const stillOffline = loop.runNow();
    void loop.resume(); // 'online' while that request is on its way
    release(new Error('offline'));
    await stillOffline;
    expect(loop.failures()).toBe(0);
    await vi.advanceTimersByTimeAsync(0);
    expect(runs).toBe(6);
    release();
    await vi.advanceTimersByTimeAsync(0);
    expect(loop.failures()).toBe(0);
    // Without resume, a failure during a run asked for again backs off (no hammering).
    const plain = loop.runNow();
    void loop.runNow();
    release(new Error('down'));
    await plain;
    await vi.advanceTimersByTimeAsync(0);
    expect(runs).toBe(7);
    loop.stop();
  });

  it('polls after a success, backs off after failures (doubling, capped), and stops planning when stopped', async () => {
    let fail = true;
    let runs = 0;
    const { loop, events } = loopWith(async () => {
      runs++;
      if (fail) throw new Error('down');
    });
    await loop.runNow();
    expect(loop.failures()).toBe(1);
    await vi.advanceTimersByTimeAsync(999);
    expect(runs).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(runs).toBe(2);
    await vi.advanceTimersByTimeAsync(2_000);
    expect(runs).toBe(3);
    fail = false;
    await vi.advanceTimersByTimeAsync(4_000);
    expect(runs).toBe(4);
    expect(loop.failures()).toBe(0);
    expect(events.slice(-2)).toEqual(['ok', 'after']);
    await vi.advanceTimersByTimeAsync(4_000);
    expect(runs).toBe(5);
    loop.stop();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(runs).toBe(5);
  });

  it('a failure that stops the loop plans nothing and skips afterCycle', async () => {
    const { loop, events } = loopWith(
      async () => {
        throw new Error('401');
      },
      { onFailure: () => 'stop' },
    );
    await loop.runNow();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(events).toEqual([]);
  });

  it('does not run while it may not (storage refused) or is not active', async () => {
    let runs = 0;
    const { loop } = loopWith(
      async () => {
        runs++;
      },
      { canRun: () => false },
    );
    await loop.runNow();
    loop.schedule(0);
    await vi.advanceTimersByTimeAsync(10);
    expect(runs).toBe(0);
  });
});

describe('backoffMs', () => {
  it('doubles from 1 s up to 30 s, then takes between half of it and all of it', () => {
    expect([1, 2, 3, 5, 6, 10].map((failures) => backoffMs(failures, () => 1))).toEqual([
      1_000, 2_000, 4_000, 16_000, 30_000, 30_000,
    ]);
    expect(backoffMs(3, () => 0)).toBe(2_000);
    expect(backoffMs(3, () => 0.5)).toBe(3_000);
  });
});
