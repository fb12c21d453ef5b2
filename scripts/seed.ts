/**
 * `npm run db:seed`: an admin from SEED_ADMIN_EMAIL / SEED_ADMIN_PASSWORD plus a few demo users
 * (password SEED_DEMO_PASSWORD, default "tasklane-demo"). Running it twice changes nothing.
 */
import { closeDatabase, getDatabase } from '@/server/db';
import { DEMO_USERS, readSeedAdmin, seedUsers } from '@/features/accounts/server/seed';

async function main(): Promise<void> {
  const admin = readSeedAdmin(process.env);
  if (!admin) console.log('SEED_ADMIN_EMAIL / SEED_ADMIN_PASSWORD unset: no admin seeded.');
  const demoPassword = process.env.SEED_DEMO_PASSWORD || 'tasklane-demo';
  const demo = DEMO_USERS.map((user) => ({ ...user, password: demoPassword }));
  const { created, skipped } = await seedUsers([...(admin ? [admin] : []), ...demo]);
  for (const email of created) console.log(`created ${email}`);
  console.log(
    `Seed done on ${(await getDatabase()).dialect}: ${created.length} created, ${skipped.length} already present.`,
  );
  await closeDatabase();
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
