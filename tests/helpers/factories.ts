import { POST as login } from '@/app/api/auth/login/route';
import { POST as register } from '@/app/api/auth/register/route';
import { getDatabase } from '@/server/db';
import { hashPassword } from '@/server/password';
import { call } from './api';

let sequence = 0;

export const DEFAULT_PASSWORD = 'correct horse battery';

/** Inserts a user straight into the database (no rate limits, any role). */
export async function createUser(
  overrides: Partial<{
    fullName: string;
    email: string;
    password: string;
    role: 'user' | 'admin';
    createdAt: Date;
    /** When the address was proved (docs/product.md#confirming-an-email-address); null: never. */
    emailConfirmedAt: Date | null;
  }> = {},
) {
  sequence += 1;
  const { db, tables } = await getDatabase();
  const now = overrides.createdAt ?? new Date(Date.now() + sequence);
  const email = overrides.email ?? `user${sequence}-${Date.now()}@example.com`;
  const [row] = await db
    .insert(tables.users)
    .values({
      id: crypto.randomUUID(),
      fullName: overrides.fullName ?? `Test User ${sequence}`,
      email,
      passwordHash: await hashPassword(overrides.password ?? DEFAULT_PASSWORD),
      role: overrides.role ?? 'user',
      createdAt: now,
      updatedAt: now,
      sessionVersion: 0,
      emailConfirmedAt: overrides.emailConfirmedAt ?? null,
    })
    .returning();
  if (!row) throw new Error('insert failed');
  return row;
}

/** Logs in through the real route and returns the token. */
export async function loginAs(email: string, password = DEFAULT_PASSWORD): Promise<string> {
  const result = await call<{ token: string }>(login, '/api/auth/login', { body: { email, password } });
  if (result.status !== 200) throw new Error(`login failed: ${result.status} ${result.text}`);
  return result.body.token;
}

export async function createAdminWithToken(overrides: Parameters<typeof createUser>[0] = {}) {
  const user = await createUser({ role: 'admin', ...overrides });
  return { user, token: await loginAs(user.email, overrides.password) };
}

export async function createUserWithToken(overrides: Parameters<typeof createUser>[0] = {}) {
  const user = await createUser({ role: 'user', ...overrides });
  return { user, token: await loginAs(user.email, overrides.password) };
}

export { register };
