import { sql } from 'drizzle-orm';
import { boolean, check, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './accounts.pg';
import { syncTasks } from './tasks-sync.pg';

/**
 * Comments on tasks, the inbox they feed and the inbox's email digest.
 * Keep in step with comments-inbox.sqlite.ts: tests/unit/schema-parity.test.ts compares the two.
 */

/**
 * Comments on synced tasks (docs/decisions/0030-comments.md), with TEAM_SYNC=on: plain server state
 * beside `sync_tasks`, not task fields. `id` is chosen by the browser (a UUID), so a retried post
 * is recognised. `mentions` is a JSON array of user ids. A deleted comment keeps its row (a
 * tombstone: `deleted_at` set, `body` emptied, `mentions` `[]`). `changed_at` is the last create,
 * edit or delete, for the thread's `since` polling. Purging a task removes its comments.
 */
export const taskComments = pgTable(
  'task_comments',
  {
    id: text('id').primaryKey(),
    taskUid: text('task_uid')
      .notNull()
      .references(() => syncTasks.uid, { onDelete: 'cascade' }),
    authorId: text('author_id').references(() => users.id, { onDelete: 'set null' }),
    body: text('body').notNull(),
    mentions: text('mentions').notNull().default('[]'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date', precision: 3 }).notNull(),
    editedAt: timestamp('edited_at', { withTimezone: true, mode: 'date', precision: 3 }),
    deletedAt: timestamp('deleted_at', { withTimezone: true, mode: 'date', precision: 3 }),
    changedAt: timestamp('changed_at', { withTimezone: true, mode: 'date', precision: 3 }).notNull(),
  },
  (table) => [
    // A thread's pages, oldest first (ties by id); the per-task counts.
    index('task_comments_task_created_idx').on(table.taskUid, table.createdAt, table.id),
    // A thread's changes since a poll.
    index('task_comments_task_changed_idx').on(table.taskUid, table.changedAt, table.id),
  ],
);

/**
 * The inbox (docs/product.md#the-inbox), with TEAM_SYNC=on: what happened that concerns a person —
 * mentioned in a comment, a comment on a task they own or are assigned, a task assigned to them, a
 * task of theirs completed by someone else. One row per person and event; `read_at` once read. The
 * task's title is read when the inbox is shown (a rename shows at once). Rows go with the person
 * and with the task (purged); a row whose task the person can no longer see is not shown.
 */
export const inboxItems = pgTable(
  'inbox_items',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['mentioned', 'commented', 'assigned', 'completed', 'replaced'] }).notNull(),
    taskUid: text('task_uid')
      .notNull()
      .references(() => syncTasks.uid, { onDelete: 'cascade' }),
    actorId: text('actor_id').references(() => users.id, { onDelete: 'set null' }),
    commentId: text('comment_id'),
    // `replaced`: the names of the fields whose values were replaced, a JSON array (features/inbox/model/rules.ts).
    fields: text('fields'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date', precision: 3 }).notNull(),
    readAt: timestamp('read_at', { withTimezone: true, mode: 'date', precision: 3 }),
    // When an email digest took it (docs/decisions/0033-inbox-email-digest.md): in one digest at most.
    emailedAt: timestamp('emailed_at', { withTimezone: true, mode: 'date', precision: 3 }),
  },
  (table) => [
    // A person's inbox, newest first (ties by id), and the unread count.
    index('inbox_items_user_created_idx').on(table.userId, table.createdAt, table.id),
    index('inbox_items_user_unread_idx')
      .on(table.userId)
      .where(sql`${table.readAt} is null`),
    // The digest's look for what is waiting to be emailed, across everyone.
    index('inbox_items_unmailed_idx')
      .on(table.createdAt)
      .where(sql`${table.readAt} is null and ${table.emailedAt} is null`),
    check(
      'inbox_items_kind_check',
      sql`${table.kind} in ('mentioned', 'commented', 'assigned', 'completed', 'replaced')`,
    ),
  ],
);

/**
 * The inbox's email digest (docs/product.md#email-of-what-you-miss, docs/decisions/0033-inbox-email-digest.md):
 * one row per person once they chose, or once a digest was claimed for them. No row: on. `last_sent_at`
 * is the claim of the latest digest, set BEFORE it is sent and compared-and-set, so two ticks never
 * both send; it is put back when the send fails.
 */
export const inboxDigests = pgTable('inbox_digests', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  enabled: boolean('enabled').notNull().default(true),
  lastSentAt: timestamp('last_sent_at', { withTimezone: true, mode: 'date', precision: 3 }),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date', precision: 3 }).notNull(),
});
