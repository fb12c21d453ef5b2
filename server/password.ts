import 'server-only';
import { AppError } from './errors';
import { getEnv } from './env';
import { PasswordPool, PasswordPoolFullError } from './password-pool';

let pool: PasswordPool | undefined;

/** The process's one pool (docs/decisions/0028-password-hashing-off-the-event-loop.md). */
export function getPasswordPool(): PasswordPool {
  pool ??= new PasswordPool();
  return pool;
}

/** Stops the workers; the next password call starts a new pool. */
export async function closePasswordPool(): Promise<void> {
  const closing = pool;
  pool = undefined;
  dummyHashes.clear();
  await closing?.close();
}

/** A full queue is a busy server, said as such (503), not an internal error. */
async function inPool<T>(work: (pool: PasswordPool) => Promise<{ value: T }>): Promise<T> {
  try {
    return (await work(getPasswordPool())).value;
  } catch (error) {
    if (error instanceof PasswordPoolFullError) {
      throw new AppError('SERVICE_UNAVAILABLE', 'The server is busy. Try again in a minute.', {
        headers: { 'Retry-After': '60' },
      });
    }
    throw error;
  }
}

export async function hashPassword(password: string): Promise<string> {
  return inPool((pool) => pool.run({ op: 'hash', password, cost: getEnv().BCRYPT_COST }));
}

export async function verifyPassword(password: string, hash: string): Promise<boolean> {
  return inPool((pool) => pool.run({ op: 'compare', password, hash }));
}

/** One dummy hash per cost, so the decoy always costs what a real check costs. */
const dummyHashes = new Map<number, Promise<string>>();

/**
 * Spends the same bcrypt work as a real check, for an email that has no account, so response
 * time does not reveal which emails are registered.
 */
export async function burnPasswordCheck(password: string): Promise<void> {
  const cost = getEnv().BCRYPT_COST;
  let dummyHash = dummyHashes.get(cost);
  if (!dummyHash) {
    dummyHash = hashPassword('tasklane-dummy-password');
    dummyHashes.set(cost, dummyHash);
    // A failed decoy hash (a worker crash) must not poison every later unknown-email login.
    dummyHash.catch(() => dummyHashes.delete(cost));
  }
  await verifyPassword(password, await dummyHash);
}
