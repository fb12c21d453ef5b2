import { accountsTables } from './tables/accounts';
import { adminTables } from './tables/admin';
import { attachmentsTables } from './tables/attachments';
import { commentsInboxTables } from './tables/comments-inbox';
import { pgDialect } from './tables/dialect';
import { projectsTables } from './tables/projects';
import { remindersTables } from './tables/reminders';
import { tasksSyncTables } from './tables/tasks-sync';

/**
 * The PostgreSQL schema, one module for drizzle-kit (drizzle.pg.config.ts) and the database
 * (server/db/index.ts). The tables are declared once for both dialects, by area, in
 * server/db/tables/*.ts (see tables/dialect.ts). The tables are listed in the order they were declared
 * in before the split: a backup lists tables that no foreign key orders in this order
 * (server/backup/tables.ts).
 */
const accounts = accountsTables(pgDialect);
const admin = adminTables(pgDialect, accounts);
const tasksSync = tasksSyncTables(pgDialect, accounts);
const reminders = remindersTables(pgDialect, accounts);
const commentsInbox = commentsInboxTables(pgDialect, { ...accounts, ...tasksSync });
const projectArea = projectsTables(pgDialect, { ...accounts, ...tasksSync });
const attachments = attachmentsTables(pgDialect, { ...accounts, ...tasksSync });

export const { users, passwordResetTokens, emailConfirmations, userIdentities, revokedTokens, rateLimits } =
  accounts;
export const { contactMessages } = admin;
export const { syncTasks, syncChanges, syncConflicts, syncRevocations, syncState } = tasksSync;
export const { reminderSettings, reminderSends } = reminders;
export const { appSettings, setupMarks, invitations } = admin;
export const { labels } = tasksSync;
export const { taskComments, inboxItems, inboxDigests } = commentsInbox;
export const { userTwoFactor } = accounts;
export const { projects, projectMembers, taskKeys } = projectArea;
export const { taskAttachments } = attachments;
