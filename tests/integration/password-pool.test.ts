import bcrypt from 'bcryptjs';
import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { POST as login } from '@/app/api/auth/login/route';
import { getDatabase } from '@/server/db';
import { closePasswordPool, getPasswordPool, hashPassword, verifyPassword } from '@/server/password';
import { call } from '@/tests/helpers/api';
import { createUser, DEFAULT_PASSWORD } from '@/tests/helpers/factories';
import { applyTestEnv } from '@/tests/setup/integration';

afterEach(async () => {
  await closePasswordPool();
  await applyTestEnv();
});

/** Resolves once the pool has a worker busy with a job, and returns that worker's thread id. */
async function busyThread(): Promise<number> {
  for (let tries = 0; tries < 200; tries++) {
    const [threadId] = getPasswordPool().busyThreadIds();
    if (threadId !== undefined) return threadId;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error('no password worker started');
}

describe('password hashing on worker threads', () => {
  it('keeps hashes interchangeable with bcryptjs on the main thread, at the configured cost', async () => {
    const hash = await hashPassword('pool password');
    expect(bcrypt.getRounds(hash)).toBe(4);
    expect(bcrypt.compareSync('pool password', hash)).toBe(true);
    expect(await verifyPassword('pool password', bcrypt.hashSync('pool password', 5))).toBe(true);
    expect(await verifyPassword('other', bcrypt.hashSync('pool password', 5))).toBe(false);
  });

  it('logs in with an account whose hash was made on the main thread', async () => {
    const user = await createUser();
    const res = await call(login, '/api/auth/login', {
      body: { email: user.email, password: DEFAULT_PASSWORD },
    });
    expect(res.status).toBe(200);
  });

  it('answers a clean 500 when the worker dies mid-login, and the next login succeeds', async () => {
    const user = await createUser();
    // A slow hash to kill: the stored hash is at cost 13, so the check takes most of a second.
    const { db, tables } = await getDatabase();
    const slowHash = bcrypt.hashSync(DEFAULT_PASSWORD, 13);
    await db.update(tables.users).set({ passwordHash: slowHash }).where(eq(tables.users.email, user.email));

    const pending = call(login, '/api/auth/login', {
      body: { email: user.email, password: DEFAULT_PASSWORD },
    });
    await getPasswordPool().terminateWorker(await busyThread());
    const res = await pending;
    expect(res.status).toBe(500);
    expect(res.body).toEqual({ message: expect.any(String), code: 'INTERNAL_ERROR' });
    expect(res.text).not.toMatch(/worker|at |\.ts|\$2[aby]\$/i);

    const again = await call(login, '/api/auth/login', {
      body: { email: user.email, password: DEFAULT_PASSWORD },
    });
    expect(again.status).toBe(200);
  });

  it('answers 503 with Retry-After when more logins wait than the queue holds', async () => {
    await closePasswordPool();
    const pool = getPasswordPool();
    const user = await createUser();
    // Slow jobs hold every worker, so the queue behind them stays full while the login runs.
    const filler = Array.from({ length: pool.size + pool.maxQueue }, (_, i) =>
      pool.run({ op: 'hash', password: 'filler', cost: i < pool.size ? 13 : 4 }),
    );
    const settled = Promise.allSettled(filler);
    const res = await call(login, '/api/auth/login', {
      body: { email: user.email, password: DEFAULT_PASSWORD },
    });
    expect(res.status).toBe(503);
    expect(res.body).toEqual({
      message: 'The server is busy. Try again in a minute.',
      code: 'SERVICE_UNAVAILABLE',
    });
    expect(res.headers.get('retry-after')).toBe('60');
    await closePasswordPool();
    expect((await settled).every((result) => result.status === 'rejected')).toBe(true);
  });
});
