/**
 * The PostgreSQL schema, one module for drizzle-kit (drizzle.pg.config.ts) and the database
 * (server/db/index.ts): the tables live by area in server/db/tables/*.pg.ts. Keep in step with
 * schema.sqlite.ts: tests/unit/schema-parity.test.ts compares the two. The tables are listed in the order
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
} from './tables/accounts.pg';
export { contactMessages } from './tables/admin.pg';
export { syncTasks, syncChanges, syncConflicts, syncRevocations, syncState } from './tables/tasks-sync.pg';
export { reminderSettings, reminderSends } from './tables/reminders.pg';
export { appSettings, setupMarks, invitations } from './tables/admin.pg';
export { labels } from './tables/tasks-sync.pg';
export { taskComments, inboxItems, inboxDigests } from './tables/comments-inbox.pg';
export { userTwoFactor } from './tables/accounts.pg';
