/**
 * The SQLite schema, one module for drizzle-kit (drizzle.sqlite.config.ts) and the database
 * (server/db/index.ts): the tables live by area in server/db/tables/*.sqlite.ts. Keep in step with
 * schema.pg.ts: tests/unit/schema-parity.test.ts compares the two. The tables are listed in the order
 * they were declared in before the split: a backup lists tables that no foreign key orders in this order
 * (server/backup/tables.ts).
 */
export {
  users,
  passwordResetTokens,
  emailConfirmations,
  userIdentities,
  revokedTokens,
  rateLimits,
} from './tables/accounts.sqlite';
export { contactMessages } from './tables/admin.sqlite';
export {
  syncTasks,
  syncChanges,
  syncConflicts,
  syncRevocations,
  syncState,
} from './tables/tasks-sync.sqlite';
export { reminderSettings, reminderSends } from './tables/reminders.sqlite';
export { appSettings, setupMarks, invitations } from './tables/admin.sqlite';
export { labels } from './tables/tasks-sync.sqlite';
export { taskComments, inboxItems, inboxDigests } from './tables/comments-inbox.sqlite';
export { userTwoFactor } from './tables/accounts.sqlite';
