/**
 * Applies pending migrations to the configured database (DATABASE_URL, default the SQLite file
 * under data/). The app does this by itself at start-up; this is for deploy pipelines:
 * `npm run db:migrate`, or `tasklane migrate` in the Docker image (bundled into cli/migrate.mjs).
 */
import { closeDatabase, getDatabase } from '@/server/db';
import { bindExistingAssignees } from '@/features/sync/server/assignees';

async function main(): Promise<void> {
  const database = await getDatabase();
  await bindExistingAssignees(database);
  console.log(`Migrations applied (${database.dialect}).`);
  await closeDatabase();
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
