import 'server-only';
import bcrypt from 'bcryptjs';
import { getEnv } from './env';

export async function hashPassword(password: string): Promise<string> {
  return bcrypt.hash(password, getEnv().BCRYPT_COST);
}

export async function verifyPassword(password: string, hash: string): Promise<boolean> {
  return bcrypt.compare(password, hash);
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
    dummyHash = bcrypt.hash('tasklane-dummy-password', cost);
    dummyHashes.set(cost, dummyHash);
  }
  await bcrypt.compare(password, await dummyHash);
}
