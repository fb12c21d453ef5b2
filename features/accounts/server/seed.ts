import 'server-only';
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { emailSchema, newPasswordSchema, type Role } from '@/features/accounts/server/auth-schemas';
import { getDatabase } from '@/server/db';
import { hashPassword } from '@/server/password';

export interface SeedUser {
  fullName: string;
  email: string;
  password: string;
  role: Role;
}

export const DEMO_USERS: readonly Omit<SeedUser, 'password'>[] = [
  { fullName: 'Priya Sharma', email: 'priya@example.com', role: 'user' },
  { fullName: 'Daniel Okafor', email: 'daniel@example.com', role: 'user' },
  { fullName: 'Mei Chen', email: 'mei@example.com', role: 'user' },
];

/** The admin described by SEED_ADMIN_EMAIL / SEED_ADMIN_PASSWORD (SEED_ADMIN_NAME optional), or null when unset. */
export function readSeedAdmin(source: Record<string, string | undefined>): SeedUser | null {
  const { SEED_ADMIN_EMAIL: email, SEED_ADMIN_PASSWORD: password } = source;
  if (!email && !password) return null;
  const parsedEmail = emailSchema.safeParse(email);
  if (!parsedEmail.success) throw new Error(`SEED_ADMIN_EMAIL: ${parsedEmail.error.issues[0]?.message}`);
  const parsedPassword = newPasswordSchema.safeParse(password);
  if (!parsedPassword.success)
    throw new Error(`SEED_ADMIN_PASSWORD: ${parsedPassword.error.issues[0]?.message}`);
  return {
    fullName: source.SEED_ADMIN_NAME || 'Admin User',
    email: parsedEmail.data,
    password: parsedPassword.data,
    role: 'admin',
  };
}

/** Inserts the users whose email is not taken yet; running it twice changes nothing. */
export async function seedUsers(
  seeds: readonly SeedUser[],
): Promise<{ created: string[]; skipped: string[] }> {
  const { db, tables } = await getDatabase();
  const created: string[] = [];
  const skipped: string[] = [];
  for (const [index, seed] of seeds.entries()) {
    const [existing] = await db
      .select({ id: tables.users.id })
      .from(tables.users)
      .where(eq(tables.users.email, seed.email));
    if (existing) {
      skipped.push(seed.email);
      continue;
    }
    // Distinct timestamps keep "newest first" stable for the demo data.
    const createdAt = new Date(Date.now() - (seeds.length - index) * 60_000);
    await db.insert(tables.users).values({
      id: randomUUID(),
      fullName: seed.fullName,
      email: seed.email,
      passwordHash: await hashPassword(seed.password),
      role: seed.role,
      createdAt,
      updatedAt: createdAt,
      sessionVersion: 0,
    });
    created.push(seed.email);
  }
  return { created, skipped };
}
