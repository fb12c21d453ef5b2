import { describe, expect, it } from 'vitest';
import { getDatabase } from '@/server/db';
import { verifyPassword } from '@/server/password';
import { DEMO_USERS, readSeedAdmin, seedUsers } from '@/features/accounts/server/seed';

describe('seed', () => {
  it('creates the admin and the demo users once; a second run changes nothing', async () => {
    const admin = readSeedAdmin({
      SEED_ADMIN_EMAIL: ' Boss@Example.com ',
      SEED_ADMIN_PASSWORD: 'a-strong-one',
    });
    expect(admin).toMatchObject({ email: 'boss@example.com', role: 'admin', fullName: 'Admin User' });
    const seeds = [admin!, ...DEMO_USERS.map((user) => ({ ...user, password: 'demo-password' }))];

    const first = await seedUsers(seeds);
    expect(first.created).toHaveLength(4);
    const { db, tables } = await getDatabase();
    const afterFirst = await db.select().from(tables.users);
    expect(afterFirst.map((row) => row.email).sort()).toEqual(seeds.map((seed) => seed.email).sort());
    const adminRow = afterFirst.find((row) => row.email === 'boss@example.com');
    expect(adminRow?.role).toBe('admin');
    expect(await verifyPassword('a-strong-one', adminRow!.passwordHash)).toBe(true);

    const second = await seedUsers(seeds);
    expect(second).toEqual({ created: [], skipped: seeds.map((seed) => seed.email) });
    const afterSecond = await db.select().from(tables.users);
    expect(afterSecond).toEqual(afterFirst);
  });

  it('seeds no admin when the variables are unset and rejects a weak admin password', () => {
    expect(readSeedAdmin({})).toBeNull();
    expect(() => readSeedAdmin({ SEED_ADMIN_EMAIL: 'a@b.co', SEED_ADMIN_PASSWORD: 'short' })).toThrow(
      'SEED_ADMIN_PASSWORD: Password must be at least 8 characters.',
    );
    expect(() => readSeedAdmin({ SEED_ADMIN_EMAIL: 'nope', SEED_ADMIN_PASSWORD: 'long-enough' })).toThrow(
      'SEED_ADMIN_EMAIL',
    );
  });
});
