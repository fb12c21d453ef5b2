import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import bcrypt from 'bcryptjs';
import { afterEach, describe, expect, it } from 'vitest';
import { PasswordPool, PasswordPoolFullError, PasswordWorkerError } from './password-pool';

const COST = 4;
const pools: PasswordPool[] = [];

function makePool(options: ConstructorParameters<typeof PasswordPool>[0] = {}): PasswordPool {
  const pool = new PasswordPool(options);
  pools.push(pool);
  return pool;
}

afterEach(async () => {
  await Promise.all(pools.splice(0).map((pool) => pool.close()));
});

describe('PasswordPool', () => {
  it('hashes in a worker what bcryptjs verifies on the main thread, and the other way round', async () => {
    const pool = makePool({ size: 1 });
    const { value: hash, threadId } = await pool.run({ op: 'hash', password: 'pässword 1', cost: COST });
    expect(threadId).not.toBe(0);
    expect(hash).toMatch(/^\$2b\$04\$/);
    expect(bcrypt.compareSync('pässword 1', hash)).toBe(true);
    expect(bcrypt.compareSync('pässword 2', hash)).toBe(false);

    for (const stored of [
      bcrypt.hashSync('from main', COST),
      bcrypt.hashSync('from main', COST).replace('$2b$', '$2a$'),
    ]) {
      expect((await pool.run({ op: 'compare', password: 'from main', hash: stored })).value).toBe(true);
      expect((await pool.run({ op: 'compare', password: 'not it', hash: stored })).value).toBe(false);
    }
  });

  it('keeps the configured cost', async () => {
    const pool = makePool({ size: 1 });
    const { value } = await pool.run({ op: 'hash', password: 'x', cost: 6 });
    expect(bcrypt.getRounds(value)).toBe(6);
  });

  it('runs concurrent jobs on as many distinct worker threads as its size, and no more', async () => {
    const pool = makePool({ size: 2 });
    const results = await Promise.all(
      Array.from({ length: 6 }, (_, i) => pool.run({ op: 'hash', password: `p${i}`, cost: 8 })),
    );
    expect(new Set(results.map((result) => result.threadId)).size).toBe(2);
    expect(pool.threadIds()).toHaveLength(2);
    expect(results.map((result, i) => bcrypt.compareSync(`p${i}`, result.value))).toEqual(
      results.map(() => true),
    );
  });

  it('passes a bcryptjs error back to the caller and keeps working', async () => {
    const pool = makePool({ size: 1 });
    const notAString = 42 as unknown as string;
    await expect(pool.run({ op: 'hash', password: notAString, cost: COST })).rejects.toThrow(
      /Illegal arguments/,
    );
    await expect(
      pool.run({ op: 'compare', password: 'x', hash: 'not a bcrypt hash' }),
    ).resolves.toMatchObject({
      value: false,
    });
    expect((await pool.run({ op: 'hash', password: 'x', cost: COST })).value).toMatch(/^\$2b\$/);
  });

  it('fails the job of a worker killed mid-hash, replaces the worker and runs the next job', async () => {
    const pool = makePool({ size: 1 });
    const running = pool.run({ op: 'hash', password: 'slow', cost: 14 });
    const [threadId] = pool.busyThreadIds();
    await new Promise((resolve) => setTimeout(resolve, 300)); // a cost-14 hash takes over a second
    const failed = expect(running).rejects.toBeInstanceOf(PasswordWorkerError);
    await pool.terminateWorker(threadId!);
    await failed;
    const next = await pool.run({ op: 'hash', password: 'after', cost: COST });
    expect(next.threadId).not.toBe(threadId);
    expect(bcrypt.compareSync('after', next.value)).toBe(true);
  });

  it('fails jobs cleanly when the worker script cannot start', async () => {
    const pool = makePool({ size: 1, workerFile: path.join(tmpdir(), 'no-such-password-worker.cjs') });
    await expect(pool.run({ op: 'hash', password: 'x', cost: COST })).rejects.toBeInstanceOf(
      PasswordWorkerError,
    );
    await expect(pool.run({ op: 'hash', password: 'x', cost: COST })).rejects.toBeInstanceOf(
      PasswordWorkerError,
    );
  });

  it('refuses jobs beyond its queue instead of queueing without bound', async () => {
    const pool = makePool({ size: 1, maxQueue: 2 });
    const accepted = [0, 1, 2].map((i) => pool.run({ op: 'hash', password: `q${i}`, cost: 8 }));
    await expect(pool.run({ op: 'hash', password: 'q3', cost: 8 })).rejects.toBeInstanceOf(
      PasswordPoolFullError,
    );
    expect((await Promise.all(accepted)).map((result) => bcrypt.compareSync('q0', result.value))).toEqual([
      true,
      false,
      false,
    ]);
  });

  it('fails queued and running jobs on close', async () => {
    const pool = makePool({ size: 1 });
    const jobs = [
      pool.run({ op: 'hash', password: 'a', cost: 12 }),
      pool.run({ op: 'hash', password: 'b', cost: 4 }),
    ];
    const settled = Promise.allSettled(jobs);
    await pool.close();
    expect((await settled).map((result) => result.status)).toEqual(['rejected', 'rejected']);
    await expect(pool.run({ op: 'hash', password: 'c', cost: COST })).rejects.toBeInstanceOf(
      PasswordWorkerError,
    );
  });

  it('does not keep a script alive once its jobs are done, even without close()', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'password-pool-'));
    try {
      const script = path.join(dir, 'script.mts');
      writeFileSync(
        script,
        [
          `import { PasswordPool } from ${JSON.stringify(path.resolve('server/password-pool.ts'))};`,
          `const pool = new PasswordPool({ size: 2 });`,
          `const results = await Promise.all([1, 2, 3].map((i) => pool.run({ op: 'hash', password: String(i), cost: 4 })));`,
          `console.log('hashed', results.length);`,
        ].join('\n'),
      );
      const child = spawnSync(process.execPath, ['--import', 'tsx', '--conditions=react-server', script], {
        encoding: 'utf8',
        timeout: 15_000,
      });
      expect(child.error).toBeUndefined();
      expect(child.stdout, child.stderr).toContain('hashed 3');
      expect(child.status).toBe(0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
