import 'server-only';
import { closeDatabase, getDatabase } from '@/server/db';
import { EnvError, getEnv, isTeamSyncOn } from '@/server/env';
import { MARKER } from '@/server/client-address.cjs';
import { logger } from '@/server/logger';

/**
 * Start-up checks: a bad environment stops the process with one clear line; then the database is
 * opened and pending migrations applied before the first request.
 */
export async function startServer(): Promise<void> {
  try {
    getEnv();
  } catch (error) {
    if (error instanceof EnvError) {
      console.error(`Tasklane cannot start: ${error.message}`);
      process.exit(1);
    }
    throw error;
  }
  const env = getEnv();
  if (env.NODE_ENV === 'production' && !env.SMTP_URL) {
    logger.warn(
      'SMTP_URL is unset: no email is sent. Password-reset and reminder emails are only appended to data/outbox.log (readable by this account only). Set SMTP_URL to a mail server.',
    );
  }
  if (!(MARKER in globalThis)) {
    logger.warn(
      'The client-address hook is not loaded, so per-address rate limits trust X-Forwarded-For as the client sent it. Start the server with `npm start`, `node .next/standalone/server.js` or `npm run dev`.',
    );
  }
  try {
    const database = await getDatabase();
    logger.info(`Database ready (${database.dialect}, migrations applied)`);
    try {
      // Once per database: tasks stored before assignees were user ids get one (docs/decisions/0019).
      const { bindExistingAssignees } = await import('@/features/sync/server/assignees');
      await bindExistingAssignees(database);
    } catch (error) {
      logger.error('Binding stored tasks to assignee ids failed; it runs again at the next start', error);
    }
    try {
      // Tasks stored before projects get their numbers: GEN-1, GEN-2… (docs/decisions/0049).
      const { numberStoredTasks } = await import('@/features/sync/server/task-numbers');
      await numberStoredTasks(database);
    } catch (error) {
      logger.error('Numbering stored tasks failed; it runs again at the next start', error);
    }
    try {
      // Tasks stored before the archive columns existed get them (docs/decisions/0029).
      const { fillTaskColumns } = await import('@/features/sync/server/store/task-columns');
      await fillTaskColumns(database);
    } catch (error) {
      logger.error(
        'Deriving the archive columns of stored tasks failed; it runs again at the next start',
        error,
      );
    }
  } catch (error) {
    // Keep serving: /api/health reports 503 and the next request tries again.
    logger.error('Database unavailable at start-up; will retry on the next request', error);
  }
  if (isTeamSyncOn()) await checkFileStore();
  let stopReminders: () => Promise<void> = async () => undefined;
  if (isTeamSyncOn()) {
    // Morning reminder emails (docs/decisions/0017-reminder-emails.md): a timer in this process.
    const { startReminderScheduler, stopReminderScheduler } = await import('./reminder-scheduler');
    startReminderScheduler(getEnv().REMINDER_INTERVAL_MS);
    stopReminders = stopReminderScheduler;
  }
  const shutdown = () => {
    void stopReminders()
      .catch(() => undefined)
      .then(() => closeDatabase())
      .finally(() => process.exit(0));
  };
  process.once('SIGTERM', shutdown);
  process.once('SIGINT', shutdown);
}

/**
 * The file store of task attachments (docs/decisions/0051-file-storage.md): settings it cannot read
 * stop the process with one line, as the environment's do; a store that fails its probe (write, read
 * back, delete) is logged with the setting to check, and the app serves on (uploads answer 503).
 */
async function checkFileStore(): Promise<void> {
  const { getFileStore } = await import('@/server/storage');
  let store;
  try {
    store = getFileStore();
  } catch (error) {
    console.error(`Tasklane cannot start: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  }
  try {
    await store.probe();
    logger.info(`File storage ready (${store.driver})`);
    // Images whose thumbnail was still to make when the process last stopped (docs/decisions/0051).
    const { backfillThumbnails } = await import('@/features/attachments/server/thumbnails');
    const queued = await backfillThumbnails();
    if (queued > 0) logger.info(`Making ${queued} missing thumbnails`);
  } catch (error) {
    logger.error(`File storage unavailable: ${error instanceof Error ? error.message : String(error)}`);
  }
}
