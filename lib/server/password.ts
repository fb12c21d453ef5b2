import 'server-only';
import bcrypt from 'bcryptjs';
import { getEnv } from './env';

export async function hashPassword(password: string): Promise<string> {
  return bcrypt.hash(password, getEnv().BCRYPT_COST);
}

export async function verifyPassword(password: string, hash: string): Promise<boolean> {
  return bcrypt.compare(password, hash);
}

let dummyHash: Promise<string> | undefined;

/**
 * Spends the same bcrypt work as a real check, for an email that has no account, so response
 * time does not reveal which emails are registered.
 */
export async function burnPasswordCheck(password: string): Promise<void> {
  dummyHash ??= bcrypt.hash('tasklane-dummy-password', getEnv().BCRYPT_COST);
  await bcrypt.compare(password, await dummyHash);
}
