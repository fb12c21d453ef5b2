/**
 * Runs once when the server starts (next dev, next start, the standalone server): checks the
 * environment, then opens the database and applies pending migrations before the first request.
 */
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME !== 'nodejs') return;
  const { getEnv, EnvError } = await import('./lib/server/env');
  try {
    getEnv();
  } catch (error) {
    if (error instanceof EnvError) {
      console.error(`Tasklane cannot start: ${error.message}`);
      process.exit(1);
    }
    throw error;
  }
  const { getDatabase } = await import('./lib/server/db');
  const { logger } = await import('./lib/server/logger');
  try {
    const database = await getDatabase();
    logger.info(`Database ready (${database.dialect}, migrations applied)`);
  } catch (error) {
    // Keep serving: /api/health reports 503 and the next request tries again.
    logger.error('Database unavailable at start-up; will retry on the next request', error);
  }
}
